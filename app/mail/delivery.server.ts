/**
 * One delivery attempt of an outbox mail through a provider, recorded on its row. Never throws:
 * a failure is logged and stored (`failed`, `last_error`) for the cron to retry.
 */
import type { Database } from "~/db/client.server";
import { unsubscribeUrlOf } from "~/mail/layout.server";
import { markFailed, markSent, MAX_ATTEMPTS, type OutboxMail } from "~/mail/outbox.server";
import type { MailMessage, MailProvider } from "~/mail/providers/provider.server";

/** RFC 2369 / RFC 8058 one-click unsubscribe, for notification mails (their HTML carries the URL). */
export function mailHeaders(html: string): Record<string, string> {
  const url = unsubscribeUrlOf(html);
  return url ? { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : {};
}

export function messageOf(mail: OutboxMail, from: string): MailMessage {
  return {
    // The row id plus its creation second: unique per row, and distinct across databases sharing one provider account.
    idempotencyKey: `mail-outbox-${mail.id}-${Math.floor(mail.createdAt.getTime() / 1000)}`,
    from,
    to: mail.toAddress,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mailHeaders(mail.html),
    tags: { template: mail.template, site: String(mail.siteId) },
  };
}

export async function deliverMail(
  db: Database,
  provider: MailProvider,
  mail: OutboxMail,
  from: string,
  now: Date,
): Promise<"sent" | "failed"> {
  try {
    await provider.send(messageOf(mail, from));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const next = mail.attempts >= MAX_ATTEMPTS ? "no more attempts" : `retried after ${mail.sendAfter.toISOString()}`;
    // The address stays out of the logs; the outbox row has it.
    console.error(
      `mail ${mail.id} (${mail.template}) failed through ${provider.name}, attempt ${mail.attempts}/${MAX_ATTEMPTS}, ${next}: ${message}`,
    );
    await markFailed(db, mail, message).catch((dbError) => console.error(`mail ${mail.id}: could not record the failure`, dbError));
    return "failed";
  }
  try {
    await markSent(db, mail.id, now);
  } catch (dbError) {
    // Delivered but not recorded: a retry reuses the idempotency key, so the provider does not send it twice.
    console.error(`mail ${mail.id}: sent, but could not be marked as sent`, dbError);
  }
  return "sent";
}
