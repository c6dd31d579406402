/**
 * The photo queue of /moderation (product.md §4 "Images: pending inspection before being shown;
 * active means shown"): a site's pending photos, oldest first, approved or rejected with a reason.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { schema, type Database } from "~/db/client.server";
import { refreshHasPhoto, repairMainPhoto } from "~/photos/photos.server";
import { recordIfChanged } from "./audit.server";

const { photos, profiles } = schema;

export type PendingPhoto = {
  id: number;
  url: string;
  thumbUrl: string;
  uploadedAt: Date;
  private: boolean;
  isMain: boolean;
  profile: { id: number; name: string; status: "active" | "disabled" | "deleted" };
};

const pendingOfSite = (siteId: number) => and(eq(photos.status, "pending"), eq(profiles.siteId, siteId));

export async function listPendingPhotos(db: Database, siteId: number, limit = 24): Promise<{ photos: PendingPhoto[]; total: number }> {
  const [rows, [count]] = await db.batch([
    db
      .select({
        id: photos.id,
        objectKey: photos.objectKey,
        thumbKey: photos.thumbKey,
        createdAt: photos.createdAt,
        private: photos.private,
        mainPhotoId: profiles.mainPhotoId,
        profileId: profiles.id,
        profileName: profiles.name,
        profileStatus: profiles.status,
      })
      .from(photos)
      .innerJoin(profiles, eq(profiles.id, photos.profileId))
      .where(pendingOfSite(siteId))
      .orderBy(asc(photos.createdAt), asc(photos.id))
      .limit(limit),
    db
      .select({ total: sql<number>`count(*)` })
      .from(photos)
      .innerJoin(profiles, eq(profiles.id, photos.profileId))
      .where(pendingOfSite(siteId)),
  ]);
  return {
    total: Number(count?.total ?? 0),
    photos: rows.map((row) => ({
      id: row.id,
      url: `/${row.objectKey}`,
      thumbUrl: `/${row.thumbKey}`,
      uploadedAt: row.createdAt,
      private: row.private,
      isMain: row.mainPhotoId === row.id,
      profile: { id: row.profileId, name: row.profileName, status: row.profileStatus },
    })),
  };
}

type Review = { siteId: number; moderatorUserId: number; photoId: number; now: Date };

/** The pending photo of this site, or null (unknown, another site's, or already reviewed). */
async function pendingPhoto(db: Database, siteId: number, photoId: number) {
  const [row] = await db
    .select({ id: photos.id, profileId: photos.profileId })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profileId))
    .where(and(eq(photos.id, photoId), pendingOfSite(siteId)))
    .limit(1);
  return row ?? null;
}

/**
 * Approves a pending photo: it is shown from now on. When the member has no approved public main
 * photo yet, an approved public photo becomes the main photo, so other members see a face as soon
 * as there is one to see. False when the photo is not pending (anymore).
 */
export function approvePhoto(db: Database, review: Review): Promise<boolean> {
  return decidePhoto(db, review, { status: "active", action: "approve", reason: null }, (photo) =>
    db.run(sql`
      UPDATE profiles SET main_photo_id = ${photo.id}
      WHERE id = ${photo.profileId}
        AND EXISTS (SELECT 1 FROM photos WHERE id = ${photo.id} AND status = 'active' AND private = 0)
        AND (main_photo_id IS NULL OR NOT EXISTS (
          SELECT 1 FROM photos WHERE id = profiles.main_photo_id AND status = 'active' AND private = 0))`),
  );
}

/**
 * Rejects a pending photo with a reason (a fixed reason key, or the moderator's words for
 * "other"). The member sees it, with the reason, until they delete it; a rejected main photo
 * hands its place to the next photo. False when the photo is not pending (anymore).
 */
export function rejectPhoto(db: Database, review: Review & { reason: string }): Promise<boolean> {
  return decidePhoto(db, review, { status: "rejected", action: "reject", reason: review.reason }, (photo) =>
    repairMainPhoto(db, photo.profileId),
  );
}

/**
 * Sets a pending photo's status, records the decision and applies what follows from it (`then`,
 * and the profile's `has_photo` flag), in one batch; false when the photo is not pending (anymore).
 */
async function decidePhoto(
  db: Database,
  review: Review,
  decision: { status: "active" | "rejected"; action: "approve" | "reject"; reason: string | null },
  then: (photo: { id: number; profileId: number }) => BatchItem<"sqlite">,
): Promise<boolean> {
  const photo = await pendingPhoto(db, review.siteId, review.photoId);
  if (!photo) return false;
  const [updated] = await db.batch([
    db.all<{ id: number }>(sql`
      UPDATE photos SET status = ${decision.status}, rejection_reason = ${decision.reason},
        reviewed_at = ${Math.floor(review.now.getTime() / 1000)}
      WHERE id = ${photo.id} AND status = 'pending'
      RETURNING id`),
    recordIfChanged(db, {
      siteId: review.siteId,
      moderatorUserId: review.moderatorUserId,
      targetType: "photo",
      targetId: photo.id,
      action: decision.action,
      ...(decision.reason === null ? {} : { reason: decision.reason }),
    }),
    then(photo),
    refreshHasPhoto(db, photo.profileId),
  ]);
  return updated.length === 1;
}
