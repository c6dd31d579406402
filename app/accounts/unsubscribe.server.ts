/**
 * The unsubscribe link of notification e-mails: a token (kept as a hash, valid 90 days) naming the
 * member and the notification type. Unlike other mailed links it may be used again: a mail
 * provider's one-click request (RFC 8058) and the member's own click must both succeed.
 */
import { notificationTypes } from "#drizzle/schema";
import type { Database } from "~/db/client.server";
import { turnOffEmailFor, type NotificationType } from "./notification-preferences.server";
import { peekVerificationToken } from "./verification.server";

export const unsubscribeTokenPattern = /^[a-z2-7]{16,64}$/;

/** The member and type a link stands for, or null when it is unknown or expired. */
export async function findUnsubscribeLink(
  db: Database,
  token: string,
  now: Date,
): Promise<{ userId: number; type: NotificationType } | null> {
  if (!unsubscribeTokenPattern.test(token)) return null;
  const link = await peekVerificationToken(db, { token, kind: "unsubscribe", now });
  const type = notificationTypes.find((candidate) => candidate === link?.target);
  return link && type ? { userId: link.userId, type } : null;
}

/** Switches the link's e-mails off; answers the type, or null for an invalid link. */
export async function unsubscribe(db: Database, token: string, now: Date): Promise<NotificationType | null> {
  const link = await findUnsubscribeLink(db, token, now);
  if (!link) return null;
  await turnOffEmailFor(db, link.userId, link.type);
  return link.type;
}
