/**
 * Which stored photo objects a request may read (rules in app/photos/access-rules.ts). Keys are
 * random, but a key is no permission: every request for a photo looks up its status, its privacy
 * and its owner.
 */
import { eq, sql } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { blockedPair } from "~/profiles/visibility.server";
import { chatPhotoAccess, photoAccess, type PhotoAccess, type PhotoViewer } from "~/photos/access-rules";

const { photos, profiles, chatPhotos, messages, conversations } = schema;

/** A full image's key is `photos/<hex>.<ext>`, its thumbnail's `photos/<hex>_thumb.<ext>`. */
function isThumbnailKey(key: string) {
  return /_thumb\.[a-z]+$/.test(key);
}

/** The signed-in member as far as photo access needs them (the request's CurrentUser fits). */
type PhotoRequester = { siteId: number; role: NonNullable<PhotoViewer>["role"]; paidUser: boolean; profile: { id: number } | null };

export function photoViewerOf(user: PhotoRequester | null): PhotoViewer {
  if (!user) return null;
  return { siteId: user.siteId, profileId: user.profile?.id ?? null, role: user.role, paidUser: user.paidUser };
}

/** How the object under `key` may be served to this viewer; null: answer 404. */
export async function findPhotoAccess(db: Database, key: string, viewer: PhotoViewer): Promise<PhotoAccess> {
  const [photo] = await db
    .select({
      status: photos.status,
      private: photos.private,
      profileId: photos.profileId,
      profileSiteId: profiles.siteId,
      profileStatus: profiles.status,
      blockedWithViewer: (viewer?.profileId ? blockedPair(viewer.profileId, photos.profileId) : sql`0`).mapWith(Boolean),
    })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profileId))
    .where(isThumbnailKey(key) ? eq(photos.thumbKey, key) : eq(photos.objectKey, key))
    .limit(1);
  if (photo) return photoAccess(photo, viewer);
  return viewer ? findChatPhotoAccess(db, key, viewer) : null;
}

/** A photo sent in a chat: only its two members (and moderators) see it (app/photos/access-rules.ts). */
async function findChatPhotoAccess(db: Database, key: string, viewer: NonNullable<PhotoViewer>): Promise<PhotoAccess> {
  const [photo] = await db
    .select({
      status: chatPhotos.status,
      senderId: messages.senderId,
      recipientId: sql<number>`CASE WHEN ${conversations.starterId} = ${messages.senderId} THEN ${conversations.recipientId} ELSE ${conversations.starterId} END`,
      siteId: conversations.siteId,
      senderStatus: profiles.status,
      blockedWithViewer: (viewer.profileId ? blockedPair(viewer.profileId, messages.senderId) : sql`0`).mapWith(Boolean),
    })
    .from(chatPhotos)
    .innerJoin(messages, eq(messages.id, chatPhotos.messageId))
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(profiles, eq(profiles.id, messages.senderId))
    .where(isThumbnailKey(key) ? eq(chatPhotos.thumbKey, key) : eq(chatPhotos.objectKey, key))
    .limit(1);
  return chatPhotoAccess(photo ? { ...photo, recipientId: Number(photo.recipientId) } : null, viewer);
}
