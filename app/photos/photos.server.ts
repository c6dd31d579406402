/**
 * A member's own photos: list, add (within the limit), reorder, delete, choose the main photo,
 * mark private. Rules (product.md §4, §6, §9 and §10):
 * - free members keep at most `freePhotoLimit` photos (3), premium members `premiumPhotoLimit`
 *   (25); every stored photo counts, rejected ones too, until the member deletes them;
 * - a new photo is `pending` until a moderator approves it, and goes to the end of the order;
 * - the main photo is always public and never a rejected one. The first photo becomes the main
 *   photo at once (the owner sees it as pending); other members only ever see an approved main
 *   photo (the card and profile queries join on `status = 'active'`). When a main photo is deleted
 *   or rejected, the next photo takes its place — an approved one first.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import type { SiteSettings } from "~/sites/site-settings";
import type { OwnPhoto } from "./photo-api";
import type { ProcessedImage } from "./process-image.server";
import { discardPhotoObjects, type StoredPhotoKeys } from "./storage.server";

const { photos, profiles } = schema;

export function photoLimitFor(settings: Pick<SiteSettings, "freePhotoLimit" | "premiumPhotoLimit">, paidUser: boolean): number {
  return paidUser ? settings.premiumPhotoLimit : settings.freePhotoLimit;
}

/** The owner's photos in their order, every status, in the shape the PhotoManager takes. */
export async function listOwnPhotos(db: Database, profileId: number): Promise<OwnPhoto[]> {
  const rows = await db
    .select({
      id: photos.id,
      objectKey: photos.objectKey,
      thumbKey: photos.thumbKey,
      status: photos.status,
      private: photos.private,
      rejectionReason: photos.rejectionReason,
      mainPhotoId: profiles.mainPhotoId,
    })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profileId))
    .where(eq(photos.profileId, profileId))
    .orderBy(asc(photos.position), asc(photos.id));
  return rows.map((row) => ({
    id: row.id,
    url: `/${row.objectKey}`,
    thumbUrl: `/${row.thumbKey}`,
    status: row.status,
    private: row.private,
    isMain: row.id === row.mainPhotoId,
    rejectionReason: row.status === "rejected" ? row.rejectionReason : null,
  }));
}

/** Everything the PhotoManager of `/profile` needs for the signed-in member. */
export async function photoManagerData(db: Database, settings: SiteSettings, user: { paidUser: boolean; profile: { id: number } }) {
  return {
    photos: await listOwnPhotos(db, user.profile.id),
    limit: photoLimitFor(settings, user.paidUser),
    isPremium: user.paidUser,
  };
}

export async function countPhotos(db: Database, profileId: number): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)` }).from(photos).where(eq(photos.profileId, profileId));
  return Number(row?.count ?? 0);
}

/**
 * Makes a photo the main one when the profile has none that may be (none, a deleted one, a
 * rejected or private one): the first public, not rejected photo, approved ones first.
 */
export function repairMainPhoto(db: Database, profileId: number) {
  return db.run(sql`
    UPDATE profiles SET main_photo_id = (
      SELECT id FROM photos
      WHERE profile_id = ${profileId} AND private = 0 AND status != 'rejected'
      ORDER BY status = 'active' DESC, position, id
      LIMIT 1)
    WHERE id = ${profileId}
      AND (main_photo_id IS NULL OR NOT EXISTS (
        SELECT 1 FROM photos WHERE id = profiles.main_photo_id AND private = 0 AND status != 'rejected'))`);
}

/**
 * Stores whether the profile's main photo is approved and public (`profiles.has_photo`, what the
 * card's photo join finds), so member search can put members with a photo first from its indexes.
 * Part of every batch that changes a main photo, or a photo's status or privacy.
 */
export function refreshHasPhoto(db: Database, profileId: number) {
  return db.run(sql`
    UPDATE profiles SET has_photo = EXISTS (
      SELECT 1 FROM photos WHERE id = profiles.main_photo_id AND status = 'active' AND private = 0)
    WHERE id = ${profileId}`);
}

/**
 * Stores the row of an uploaded (processed and stored) photo at the end of the order, unless the
 * member is at the limit: the count and the insert are one statement, so uploads running side
 * by side cannot pass the limit together. Returns the new photo, or null at the limit.
 */
export async function addPhoto(
  db: Database,
  input: {
    profileId: number;
    keys: StoredPhotoKeys;
    full: ProcessedImage;
    limit: number;
    /** The perceptual fingerprint, and the other profile that already had this photo (ADR 053). */
    fingerprint?: string | null;
    duplicateOf?: number | null;
  },
): Promise<OwnPhoto | null> {
  const { profileId, keys, full, limit } = input;
  const [inserted] = await db.batch([
    db.all<{ id: number }>(sql`
      INSERT INTO photos (profile_id, object_key, thumb_key, content_type, width, height, status, private, position, fingerprint, duplicate_of_profile_id)
      SELECT ${profileId}, ${keys.objectKey}, ${keys.thumbKey}, ${full.contentType}, ${full.width}, ${full.height}, 'pending', 0,
             coalesce((SELECT max(position) + 1 FROM photos WHERE profile_id = ${profileId}), 0),
             ${input.fingerprint ?? null}, ${input.duplicateOf ?? null}
      WHERE (SELECT count(*) FROM photos WHERE profile_id = ${profileId}) < ${limit}
      RETURNING id`),
    repairMainPhoto(db, profileId),
    refreshHasPhoto(db, profileId),
  ]);
  const id = inserted[0]?.id;
  if (id === undefined) return null;
  return (await listOwnPhotos(db, profileId)).find((photo) => photo.id === Number(id)) ?? null;
}

function findOwnPhoto(db: Database, profileId: number, photoId: number) {
  return db.query.photos.findFirst({
    columns: { id: true, objectKey: true, thumbKey: true, status: true, private: true },
    where: and(eq(photos.id, photoId), eq(photos.profileId, profileId)),
  });
}

/** Puts the member's photos in the given order; false unless `order` holds each of them exactly once. */
export async function reorderPhotos(db: Database, profileId: number, order: number[]): Promise<boolean> {
  const current = await db.select({ id: photos.id }).from(photos).where(eq(photos.profileId, profileId));
  const owned = new Set(current.map((row) => row.id));
  if (order.length !== owned.size || new Set(order).size !== order.length || !order.every((id) => owned.has(id))) return false;
  const updates = order.map((id, position) =>
    db
      .update(photos)
      .set({ position })
      .where(and(eq(photos.id, id), eq(photos.profileId, profileId))),
  );
  await db.batch(updates as [(typeof updates)[number], ...typeof updates]);
  return true;
}

/** Deletes one of the member's photos with its stored objects; false when it is not theirs. */
export async function deleteOwnPhoto(db: Database, bucket: R2Bucket, profileId: number, photoId: number): Promise<boolean> {
  const photo = await findOwnPhoto(db, profileId, photoId);
  if (!photo) return false;
  await db.batch([
    db.delete(photos).where(and(eq(photos.id, photoId), eq(photos.profileId, profileId))),
    repairMainPhoto(db, profileId),
    refreshHasPhoto(db, profileId),
  ]);
  // The row goes first: no listed photo ever points at a missing object. Storage failing now leaves
  // an object no row names (unreachable, logged); the member's photo is deleted either way.
  await discardPhotoObjects(bucket, [photo.objectKey, photo.thumbKey]);
  return true;
}

export type MainPhotoResult = "ok" | "not_found" | "private_main" | "rejected_main";

/** Makes one of the member's photos the main photo: public, and not rejected. */
export async function setMainPhoto(db: Database, profileId: number, photoId: number): Promise<MainPhotoResult> {
  const photo = await findOwnPhoto(db, profileId, photoId);
  if (!photo) return "not_found";
  if (photo.private) return "private_main";
  if (photo.status === "rejected") return "rejected_main";
  // Repaired in the same batch: a moderator's rejection (or the member's own delete or privacy
  // change in another tab) may have landed since the read, and the main photo is never one of those.
  await db.batch([
    db.update(profiles).set({ mainPhotoId: photoId }).where(eq(profiles.id, profileId)),
    repairMainPhoto(db, profileId),
    refreshHasPhoto(db, profileId),
  ]);
  return "ok";
}

export type PrivacyResult = "ok" | "not_found" | "main_private";

/**
 * Marks a photo private (shown only to premium members) or public. Any member may mark their own
 * photos private; the main photo stays public, since it stands for the member in every list.
 */
export async function setPhotoPrivacy(db: Database, profileId: number, photoId: number, isPrivate: boolean): Promise<PrivacyResult> {
  const photo = await findOwnPhoto(db, profileId, photoId);
  if (!photo) return "not_found";
  if (isPrivate) {
    const profile = await db.query.profiles.findFirst({ columns: { mainPhotoId: true }, where: eq(profiles.id, profileId) });
    if (profile?.mainPhotoId === photoId) return "main_private";
  }
  await db.batch([
    db
      .update(photos)
      .set({ private: isPrivate })
      .where(and(eq(photos.id, photoId), eq(photos.profileId, profileId))),
    repairMainPhoto(db, profileId),
    refreshHasPhoto(db, profileId),
  ]);
  return "ok";
}
