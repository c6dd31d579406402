/**
 * Who may see a stored photo (product.md §4, §6 and §10). A random key is no permission:
 * - an approved (active) public photo of an active profile: everyone;
 * - an approved private photo: premium members of the same site, and the owner; never a member
 *   who blocked the owner or whom the owner blocked (a blocked pair is as good as unknown);
 * - a pending or rejected photo: the owner and the site's moderators only;
 * - anything else (a deleted or disabled profile's photos, another site's private photo): nobody
 *   but the owner and moderators, with the same 404 as an unknown key.
 *
 * A photo sent in a chat (product.md §10 "Photos in chat") is never public: its sender and the
 * site's moderators see it in every state, the other member of the conversation once it is
 * approved, while the sender's profile is active and neither blocked the other; nobody else.
 */
import type { PhotoStatus } from "./photo-api";

export type PhotoFacts = {
  status: PhotoStatus;
  private: boolean;
  profileId: number;
  profileSiteId: number;
  profileStatus: "active" | "disabled" | "deleted";
  /** The owner and the viewer are a blocked pair (either of them blocked the other). */
  blockedWithViewer: boolean;
};

export type PhotoViewer = {
  siteId: number;
  profileId: number | null;
  role: "member" | "moderator" | "admin";
  paidUser: boolean;
} | null;

/**
 * "public": anyone may see it, and shared caches may keep it; "private": only this viewer (the
 * response must not be stored by shared caches); null: not found.
 */
export type PhotoAccess = "public" | "private" | null;

export function photoAccess(photo: PhotoFacts | null, viewer: PhotoViewer): PhotoAccess {
  if (!photo) return null;
  const shown = photo.status === "active" && photo.profileStatus === "active";
  if (shown && !photo.private) return "public";
  if (viewer === null) return null;
  const sameSite = viewer.siteId === photo.profileSiteId;
  if (viewer.profileId === photo.profileId || (sameSite && viewer.role !== "member")) return "private";
  return shown && sameSite && viewer.paidUser && !photo.blockedWithViewer ? "private" : null;
}

export type ChatPhotoFacts = {
  status: PhotoStatus;
  senderId: number;
  recipientId: number;
  siteId: number;
  senderStatus: "active" | "disabled" | "deleted";
  /** The sender and the viewer are a blocked pair. */
  blockedWithViewer: boolean;
};

export function chatPhotoAccess(photo: ChatPhotoFacts | null, viewer: PhotoViewer): PhotoAccess {
  if (!photo || viewer === null || viewer.siteId !== photo.siteId) return null;
  if (viewer.profileId === photo.senderId || viewer.role !== "member") return "private";
  const shown = photo.status === "active" && photo.senderStatus === "active" && !photo.blockedWithViewer;
  return shown && viewer.profileId === photo.recipientId ? "private" : null;
}
