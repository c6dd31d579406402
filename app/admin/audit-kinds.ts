/**
 * The kinds of entries the console's one audit trail lists (ADR 055): the console's own targets
 * (`admin_audit.target_type`) and what moderators decide about (`moderation_actions.target_type`).
 */

/** What moderators decide about, as `moderation_actions.target_type` names it. */
export const MODERATION_TARGETS = ["photo", "chat_photo", "profile_text", "complaint", "profile", "conversation"] as const;

/** The trail's kinds filter: the console's targets, "moderation" (every moderator's decision), and each moderated target. */
export const AUDIT_KINDS = [
  "user",
  "order",
  "discount_code",
  "site",
  "site_price",
  "mail",
  "short_link",
  "moderation",
  ...MODERATION_TARGETS,
] as const;
