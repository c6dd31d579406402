/**
 * The contract of `/api/photos.php`, shared by the route (server) and the PhotoManager (browser):
 * the shape of a member's own photo, the JSON actions and the error codes of a refused call.
 */
export type { PhotoAction } from "./photo-action-schema";

/** The form field that carries the file of an upload (one file per request). */
export const UPLOAD_FIELD = "photo";

/**
 * How long the browser waits for a photo upload to be sent and answered before it gives up and
 * says so: long enough for a shrunk photo over a slow mobile uplink, short of a phone that lost its
 * connection keeping a spinner until the browser gives up, minutes later.
 */
export const UPLOAD_TIME_LIMIT_MS = 120_000;

/** What the file input offers; the server decides by the bytes, never by this list. */
export const ACCEPTED_TYPES = "image/jpeg,image/png,image/webp";

export type PhotoStatus = "pending" | "active" | "rejected";

/** One of the member's own photos, as the owner sees it (all statuses). */
export type OwnPhoto = {
  id: number;
  url: string;
  thumbUrl: string;
  status: PhotoStatus;
  private: boolean;
  isMain: boolean;
  /** A rejection reason key (see REJECTION_REASONS) or a moderator's own words; null otherwise. */
  rejectionReason?: string | null;
};

/** Why an upload or an action was refused; each has a message `photos:errors.<code>`. */
export const PHOTO_ERRORS = [
  /** A photo a moderator rejected as stolen, scam or illegal (ADR 053), uploaded again. */
  "banned_photo",
  "unsupported_type",
  "heic",
  "too_large_file",
  "too_many_pixels",
  "too_small",
  "corrupt",
  "limit_reached",
  "no_file",
  "no_profile",
  "not_found",
  "main_private",
  "private_main",
  "rejected_main",
  "invalid",
  /** R2 failed or did not answer in time: nothing was stored (503). */
  "storage_unavailable",
] as const;
export type PhotoError = (typeof PHOTO_ERRORS)[number];

export type PhotoErrorBody = { error: PhotoError; message: string };

/** The fixed reasons a moderator picks from when rejecting a photo; "other" takes free text. */
export const REJECTION_REASONS = ["not_person", "nudity_main", "not_member", "low_quality", "stolen", "scam", "illegal", "other"] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export function isRejectionReasonKey(value: string): value is Exclude<RejectionReason, "other"> {
  return value !== "other" && (REJECTION_REASONS as readonly string[]).includes(value);
}
