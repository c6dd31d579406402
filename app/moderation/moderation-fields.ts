/** What the /moderation screen (browser) and its schema (server) share, without zod. */
export const COMPLAINT_STATUSES = ["open", "in_progress", "closed"] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

/** The longest own words a moderator may give for rejecting a photo ("other"). */
export const OTHER_REASON_MAX = 300;
