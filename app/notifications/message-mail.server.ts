/**
 * E-mail about new messages (product.md §10 "Notifications"; §3 types new_conversations and
 * new_messages). A member hears of a new conversation, and of new messages in a conversation they
 * had read: one mail per unread streak, never one per message. No mail for the operator's fictional
 * profiles, unconfirmed or e-mail-disabled members, or a type switched off. The mail never holds the
 * message itself, and carries a one-click unsubscribe link for its type.
 *
 * Whether a message opens a streak is decided with the state the send itself left
 * (`DeliveryState`, read in the send's transaction), so the mail can go out after the response
 * without a quick second message hiding the first one's news.
 */
import { eq } from "drizzle-orm";
import { createVerificationToken } from "~/accounts/verification.server";
import { emailEnabledFor, type NotificationType } from "~/accounts/notification-preferences.server";
import { schema } from "~/db/client.server";
import { sendMail, type MailDeps } from "~/mail/mail.server";
import * as urls from "~/urls";

const { profiles, users } = schema;

/** What a stored message left behind, read in the transaction that stored it. */
export type DeliveryState = {
  /** The recipient's unread messages in the conversation, this one included. */
  recipientUnread: number;
  /** The conversation had no message before this one. */
  firstInConversation: boolean;
};

/** The e-mail a message is worth: only the first unread message of a streak is news; the rest waits until the member reads. */
export function newMessageMailType(state: DeliveryState): NotificationType | null {
  if (state.recipientUnread !== 1) return null;
  return state.firstInConversation ? "new_conversations" : "new_messages";
}

/** The mail of `type` (see `newMessageMailType`) about a message to its recipient, unless they get no such mail. */
export async function mailAboutNewMessage(
  deps: MailDeps,
  input: { conversationId: number; senderName: string; recipientProfileId: number; origin: string; type: NotificationType },
): Promise<"sent" | "skipped"> {
  const { db, now } = deps;
  const { type } = input;
  const [recipient] = await db
    .select({
      userId: users.id,
      email: users.email,
      language: users.language,
      status: users.status,
      emailDisabledReason: users.emailDisabledReason,
      name: profiles.name,
      fictional: profiles.fictional,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.id, input.recipientProfileId))
    .limit(1);
  if (!recipient || recipient.fictional || recipient.status !== "confirmed" || recipient.emailDisabledReason) return "skipped";
  if (!(await emailEnabledFor(db, recipient.userId, type))) return "skipped";

  const token = await createVerificationToken(db, { userId: recipient.userId, kind: "unsubscribe", target: type, now });
  await sendMail(deps, {
    template: type === "new_conversations" ? "new_conversation" : "new_message",
    to: recipient.email,
    userId: recipient.userId,
    locale: recipient.language,
    params: {
      name: recipient.name,
      sender: input.senderName,
      link: new URL(urls.chat(input.conversationId), input.origin).toString(),
      unsubscribeUrl: new URL(urls.unsubscribe(token), input.origin).toString(),
    },
  });
  return "sent";
}
