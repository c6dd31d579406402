/**
 * The cookies the browser writes and the server reads (app/http/cookies.server.ts), named once for
 * both sides. An alert's dismissal time (unix seconds) is stored in localStorage under its key and
 * mirrored in a cookie of the same name, so the server renders the alert only for members who have
 * not dismissed it (product.md §3, ADR 046: no flash after hydration).
 */

/** The disabled-notifications alert's dismissal. */
export const DISABLED_NOTIFICATIONS_DISMISS_KEY = "hide-disabled-notifications-alert";
/** The profile-photo alert's dismissal. */
export const PROFILE_PHOTO_DISMISS_KEY = "hide-enrich-alert";
/** The push alert's dismissal (product.md §2, §4 push states). */
export const PUSH_DISMISS_KEY = "hide-push-notification-alert";
/** The browser's last known push state (`PushState`), written by the push alert once it has checked. */
export const PUSH_STATE_COOKIE = "push-state";
/** The adult-content entry warning's dismissal, remembered for a year (product.md §2 "Entry warning"). */
export const ENTRY_WARNING_COOKIE = "entry-warning-dismissed";
export const ENTRY_WARNING_MAX_AGE = 365 * 24 * 60 * 60;
