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

/**
 * An entry's action as the trail names it: moderators' entries carry a detail after a colon, a
 * complaint's new status (`status:closed`) or the member a conversation decision was about
 * (`warn:123`, the profile id). `key` names the action's text, `profileId` that member.
 */
export function auditAction(action: string): { key: string; profileId: string | null } {
  const [name = action, detail] = action.split(":", 2);
  if (detail === undefined) return { key: action, profileId: null };
  if (name === "status") return { key: `status_${detail}`, profileId: null };
  return { key: name, profileId: /^\d+$/.test(detail) ? detail : null };
}
