import { deliverMail } from "~/mail/delivery.server";
import { claimDueMail, markFailed } from "~/mail/outbox.server";
import type { MailProvider } from "~/mail/providers/provider.server";
import { mailProviderFor } from "~/mail/providers/select.server";
import { sendersBySite } from "~/mail/sender.server";
import type { CronDeps } from "./registry";

/** Mails per run: sent one after another, within the provider's rate limit (Resend: a few per second). */
const BATCH_SIZE = 50;

/**
 * Retries queued and failed mails whose `send_after` has passed, at most 5 attempts each, with
 * exponential back-off (see app/mail/outbox.server.ts). Also catches first sends that never
 * finished (an isolate stopped during `waitUntil`).
 */
export async function sendDueMail({ db, env, now }: CronDeps, provider: MailProvider = mailProviderFor(env)) {
  const mails = await claimDueMail(db, now, BATCH_SIZE);
  if (mails.length === 0) return { sent: 0, failed: 0 };
  const senders = await sendersBySite(db, env);
  let sent = 0;
  for (const mail of mails) {
    const from = senders(mail.siteId, mail.locale);
    if (!from) {
      console.error(`mail ${mail.id}: its site ${mail.siteId} does not exist`);
      await markFailed(db, mail, `site ${mail.siteId} does not exist`);
      continue;
    }
    if ((await deliverMail(db, provider, mail, from, now)) === "sent") sent += 1;
  }
  return { sent, failed: mails.length - sent };
}
