/**
 * The profile-photo alert's key (product.md §3): its dismissal time (unix seconds) is stored in
 * localStorage under this name and mirrored in a cookie of the same name, so the server renders the
 * alert only for members who have not dismissed it (ADR 046).
 */
export const DISMISS_KEY = "hide-enrich-alert";
