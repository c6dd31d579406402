/**
 * Which stored photo objects a request may read. Keys are random, but that is no permission:
 * an object is served only for an approved (active), public photo. Private and pending photos
 * get their own rules with the profile features.
 */
import { and, eq, or } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";

export async function findPublicPhotoObject(db: Database, key: string) {
  const photo = await db.query.photos.findFirst({
    columns: { id: true, status: true, private: true },
    where: or(eq(schema.photos.objectKey, key), eq(schema.photos.thumbKey, key)),
  });
  if (!photo || photo.status !== "active" || photo.private) return null;
  return photo;
}

export async function mainPhotoOf(db: Database, profileId: number) {
  return db.query.photos.findFirst({
    where: and(eq(schema.photos.profileId, profileId), eq(schema.photos.status, "active"), eq(schema.photos.private, false)),
  });
}
