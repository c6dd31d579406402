/**
 * The forms of /moderation, one `intent` each, validated on the server (the screen posts plain
 * forms). Messages are keys of the `photos` namespace.
 */
import { z } from "zod";
import { REJECTION_REASONS } from "~/photos/photo-api";
import { CONVERSATION_DECISIONS } from "~/moderation/conversation-decisions";
import { COMPLAINT_STATUSES, OTHER_REASON_MAX } from "./moderation-fields";

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** The text the moderator read; the decision applies only while it is still the profile's text. */
const aboutMe = z.string().min(1).max(20_000);
/** Which queue a photo is from: a profile's photos, or a photo sent in a chat (its message id). */
const source = z.enum(["profile", "chat"]).default("profile");

export const moderationSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve_photo"), photoId: id, source }),
  z
    .object({
      intent: z.literal("reject_photo"),
      photoId: id,
      source,
      reason: z.enum(REJECTION_REASONS, { error: "photos:moderation.reasonRequired" }),
      otherReason: z.string().trim().max(OTHER_REASON_MAX, "photos:moderation.otherReasonTooLong").optional(),
    })
    .refine((form) => form.reason !== "other" || Boolean(form.otherReason), {
      message: "photos:moderation.otherReasonRequired",
      path: ["otherReason"],
    }),
  z.object({ intent: z.literal("approve_text"), profileId: id, aboutMe }),
  z.object({ intent: z.literal("remove_text"), profileId: id, aboutMe }),
  z.object({ intent: z.literal("complaint_status"), complaintId: id, status: z.enum(COMPLAINT_STATUSES) }),
  /** Bans the member behind a profile (app/moderation/ban.server.ts). */
  z.object({ intent: z.literal("ban_member"), profileId: id }),
  /** An account whose messages are held as likely spam (app/safety/spam-hold.server.ts, ADR 053). */
  z.object({ intent: z.literal("release_held"), profileId: id }),
  z.object({ intent: z.literal("reject_held"), profileId: id }),
  /** A flagged or reported conversation (app/safety/flagged-conversations.server.ts, ADR 053). */
  z.object({
    intent: z.literal("decide_conversation"),
    conversationId: id,
    profileId: id,
    decision: z.enum(CONVERSATION_DECISIONS),
    throughMessageId: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  }),
]);
export type ModerationForm = z.infer<typeof moderationSchema>;

/** What is stored as a rejected photo's reason: the fixed key, or the moderator's own words. */
export function storedRejectionReason(form: Extract<ModerationForm, { intent: "reject_photo" }>): string {
  return form.reason === "other" ? (form.otherReason ?? "") : form.reason;
}
