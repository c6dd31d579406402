/**
 * The unsubscribe link of notification e-mails: a token (kept as a hash, valid 90 days) naming the
 * member and the notification type. Unlike other mailed links it may be used again: a mail
 * provider's one-click request (RFC 8058) and the member's own click must both succeed.
 *
 * - The member's click on the link's page switches off that one type's e-mails.
 * - The one-click request of the mail's `List-Unsubscribe` header (the mail program's "unsubscribe"
 *   button, which says nothing about types) switches e-mail off altogether with the reason
 *   `listunsubscribe` (spec §3), as a bounce or complaint does: /notifications says why and switches
 *   it back on. An earlier bounce or complaint keeps its own reason.
 */
import { and, eq, isNull } from "drizzle-orm";
import { notificationTypes } from "#drizzle/schema";
import { schema, type Database } from "~/db/client.server";
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

/** The `List-Unsubscribe` header's one-click request: e-mail off with the reason `listunsubscribe`; answers the type, or null for an invalid link. */
export async function unsubscribeOneClick(db: Database, token: string, now: Date): Promise<NotificationType | null> {
  const link = await findUnsubscribeLink(db, token, now);
  if (!link) return null;
  await db
    .update(schema.users)
    .set({ emailDisabledReason: "listunsubscribe" })
    .where(and(eq(schema.users.id, link.userId), isNull(schema.users.emailDisabledReason)));
  return link.type;
}
