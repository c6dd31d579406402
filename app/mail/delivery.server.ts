/**
 * One delivery attempt of an outbox mail through a provider, recorded on its row. Never throws:
 * a failure is logged and stored (`failed`, `last_error`, the next attempt's time) for the cron to
 * retry, or `given_up` when the provider refused the mail for good (ADR 042).
 */
import type { Database } from "~/db/client.server";
import { unsubscribeUrlOf } from "~/mail/layout.server";
import { markFailed, markGivenUp, markSent, type OutboxMail } from "~/mail/outbox.server";
import { MailDeliveryError, type MailMessage, type MailProvider } from "~/mail/providers/provider.server";
import { nextAttemptAt } from "~/utils/retry";

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

export type DeliveryOutcome = { outcome: "sent" } | { outcome: "retry"; retryAt: Date } | { outcome: "given_up" };

export async function deliverMail(
  db: Database,
  provider: MailProvider,
  mail: OutboxMail,
  from: string,
  now: Date,
): Promise<DeliveryOutcome> {
  try {
    await provider.send(messageOf(mail, from));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const failure = error instanceof MailDeliveryError ? error : undefined;
    // The address stays out of the logs; the outbox row has it.
    const about = `mail ${mail.id} (${mail.template}) failed through ${provider.name}, attempt ${mail.attempts}`;
    const record = (write: Promise<void>) =>
      write.catch((dbError) => console.error(`mail ${mail.id}: could not record the failure`, dbError));
    if (failure?.permanent) {
      console.error(`${about}, refused for good, given up: ${message}`);
      await record(markGivenUp(db, mail, message));
      return { outcome: "given_up" };
    }
    const retryAt = nextAttemptAt(now, mail.attempts, failure?.retryAfterSeconds);
    console.warn(`${about}, tried again after ${retryAt.toISOString()}: ${message}`);
    await record(markFailed(db, mail, message, retryAt));
    return { outcome: "retry", retryAt };
  }
  try {
    await markSent(db, mail.id, now);
  } catch (dbError) {
    // Delivered but not recorded: a retry reuses the idempotency key, so the provider does not send it twice.
    console.error(`mail ${mail.id}: sent, but could not be marked as sent`, dbError);
  }
  return { outcome: "sent" };
}
