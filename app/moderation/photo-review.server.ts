/**
 * The photo queue of /moderation (product.md §4 "Images: pending inspection before being shown;
 * active means shown"): a site's pending photos, oldest first, approved or rejected with a reason.
 * Photos sent in chats wait in the same queue (product.md §10 "Photos in chat"): the recipient sees
 * one only once it is approved.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { schema, type Database } from "~/db/client.server";
import { refreshHasPhoto, repairMainPhoto } from "~/photos/photos.server";
import { recordIfChanged } from "./audit.server";

const { photos, profiles, chatPhotos, messages, conversations } = schema;

export type PendingPhoto = {
  /** The photo's id, or for a chat photo its message's id. */
  id: number;
  source: "profile" | "chat";
  url: string;
  thumbUrl: string;
  uploadedAt: Date;
  private: boolean;
  isMain: boolean;
  profile: { id: number; name: string; status: "active" | "disabled" | "deleted" };
  /** The same photo (by its fingerprint, ADR 053) already belonged to this other profile at upload. */
  duplicateOf: { id: number; name: string } | null;
};

const pendingOfSite = (siteId: number) => and(eq(photos.status, "pending"), eq(profiles.siteId, siteId));

export async function listPendingPhotos(db: Database, siteId: number, limit = 24): Promise<{ photos: PendingPhoto[]; total: number }> {
  const [profilePhotos, chat] = await Promise.all([pendingProfilePhotos(db, siteId, limit), pendingChatPhotos(db, siteId, limit)]);
  const all = [...profilePhotos.photos, ...chat.photos].sort((a, b) => a.uploadedAt.getTime() - b.uploadedAt.getTime() || a.id - b.id);
  return { total: profilePhotos.total + chat.total, photos: all.slice(0, limit) };
}

async function pendingProfilePhotos(db: Database, siteId: number, limit: number): Promise<{ photos: PendingPhoto[]; total: number }> {
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
        duplicateOfId: photos.duplicateOfProfileId,
        duplicateOfName: sql<string | null>`(SELECT d.name FROM profiles AS d WHERE d.id = ${photos.duplicateOfProfileId})`,
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
      source: "profile" as const,
      url: `/${row.objectKey}`,
      thumbUrl: `/${row.thumbKey}`,
      uploadedAt: row.createdAt,
      private: row.private,
      isMain: row.mainPhotoId === row.id,
      profile: { id: row.profileId, name: row.profileName, status: row.profileStatus },
      duplicateOf: row.duplicateOfId !== null && row.duplicateOfName !== null ? { id: row.duplicateOfId, name: row.duplicateOfName } : null,
    })),
  };
}

const pendingChatOfSite = (siteId: number) => and(eq(chatPhotos.status, "pending"), eq(conversations.siteId, siteId));

async function pendingChatPhotos(db: Database, siteId: number, limit: number): Promise<{ photos: PendingPhoto[]; total: number }> {
  const [rows, [count]] = await db.batch([
    db
      .select({
        id: chatPhotos.messageId,
        objectKey: chatPhotos.objectKey,
        thumbKey: chatPhotos.thumbKey,
        createdAt: chatPhotos.createdAt,
        profileId: profiles.id,
        profileName: profiles.name,
        profileStatus: profiles.status,
      })
      .from(chatPhotos)
      .innerJoin(messages, eq(messages.id, chatPhotos.messageId))
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .innerJoin(profiles, eq(profiles.id, messages.senderId))
      .where(pendingChatOfSite(siteId))
      .orderBy(asc(chatPhotos.createdAt), asc(chatPhotos.messageId))
      .limit(limit),
    db
      .select({ total: sql<number>`count(*)` })
      .from(chatPhotos)
      .innerJoin(messages, eq(messages.id, chatPhotos.messageId))
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(pendingChatOfSite(siteId)),
  ]);
  return {
    total: Number(count?.total ?? 0),
    photos: rows.map((row) => ({
      id: row.id,
      source: "chat" as const,
      url: `/${row.objectKey}`,
      thumbUrl: `/${row.thumbKey}`,
      uploadedAt: row.createdAt,
      private: false,
      isMain: false,
      profile: { id: row.profileId, name: row.profileName, status: row.profileStatus },
      duplicateOf: null,
    })),
  };
}

/**
 * Approves or rejects a pending chat photo (by its message) and records it, in one batch. Returns
 * the conversation and its two members, whose open chats then reload (ADR 027); null when the
 * photo is not pending (anymore) or not this site's.
 */
export async function decideChatPhoto(
  db: Database,
  review: Review,
  decision: { status: "active" | "rejected"; reason: string | null },
): Promise<{ conversationId: number; profileIds: number[] } | null> {
  const [photo] = await db
    .select({ conversationId: conversations.id, starterId: conversations.starterId, recipientId: conversations.recipientId })
    .from(chatPhotos)
    .innerJoin(messages, eq(messages.id, chatPhotos.messageId))
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(chatPhotos.messageId, review.photoId), pendingChatOfSite(review.siteId)))
    .limit(1);
  if (!photo) return null;
  const [updated] = await db.batch([
    db.all<{ id: number }>(sql`
      UPDATE chat_photos SET status = ${decision.status}, rejection_reason = ${decision.reason},
        reviewed_at = ${Math.floor(review.now.getTime() / 1000)}
      WHERE message_id = ${review.photoId} AND status = 'pending'
      RETURNING message_id AS id`),
    recordIfChanged(db, {
      siteId: review.siteId,
      moderatorUserId: review.moderatorUserId,
      targetType: "chat_photo",
      targetId: review.photoId,
      action: decision.status === "active" ? "approve" : "reject",
      reason: decision.reason,
    }),
  ]);
  return updated.length === 1 ? { conversationId: photo.conversationId, profileIds: [photo.starterId, photo.recipientId] } : null;
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
