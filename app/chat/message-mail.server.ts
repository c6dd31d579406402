/**
 * E-mail about new messages (product.md §10 "Notifications"; §3 types new_conversations and
 * new_messages). A member hears of a new conversation, and of new messages in a conversation they
 * had read: one mail per unread streak, never one per message. No mail for the operator's fictional
 * profiles, unconfirmed or e-mail-disabled members, or a type switched off. The mail never holds the
 * message itself, and carries a one-click unsubscribe link for its type.
 */
import { and, count, eq } from "drizzle-orm";
import { createVerificationToken } from "~/accounts/verification.server";
import { emailEnabledFor, type NotificationType } from "~/accounts/notification-preferences.server";
import { schema } from "~/db/client.server";
import { sendMail, type MailDeps } from "~/mail/mail.server";

const { profiles, users, conversationMembers, messages } = schema;

export async function mailAboutNewMessage(
  deps: MailDeps,
  input: { conversationId: number; senderName: string; recipientProfileId: number; origin: string },
): Promise<"sent" | "skipped"> {
  const { db, now } = deps;
  const [recipient] = await db
    .select({
      userId: users.id,
      email: users.email,
      language: users.language,
      status: users.status,
      emailDisabledReason: users.emailDisabledReason,
      name: profiles.name,
      fictional: profiles.fictional,
      unread: conversationMembers.unreadCount,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .innerJoin(
      conversationMembers,
      and(eq(conversationMembers.profileId, profiles.id), eq(conversationMembers.conversationId, input.conversationId)),
    )
    .where(eq(profiles.id, input.recipientProfileId))
    .limit(1);
  // Only the first unread message of a streak is news; the rest waits until the member reads.
  if (!recipient || recipient.fictional || recipient.status !== "confirmed" || recipient.emailDisabledReason || recipient.unread !== 1) {
    return "skipped";
  }

  const [total] = await db.select({ n: count() }).from(messages).where(eq(messages.conversationId, input.conversationId));
  const type: NotificationType = (total?.n ?? 0) <= 1 ? "new_conversations" : "new_messages";
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
      link: new URL(`/chats/${input.conversationId}`, input.origin).toString(),
      unsubscribeUrl: new URL(`/notifications/unsubscribe?token=${token}`, input.origin).toString(),
    },
  });
  return "sent";
}
