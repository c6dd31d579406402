import { deliverMail } from "~/mail/delivery.server";
import { claimDueMail, markGivenUp, releaseMail } from "~/mail/outbox.server";
import type { MailProvider } from "~/mail/providers/provider.server";
import { mailProviderFor } from "~/mail/providers/select.server";
import { sendersBySite } from "~/mail/sender.server";
import type { CronDeps } from "./cron-deps";

/**
 * Mails per run: sent one after another, within the provider's rate limit (Resend: a few per
 * second). Each costs two subrequests (Resend, then the outbox row), and one cron invocation has
 * 50 on the free plan for all its jobs (ADR 042); the first send of every mail happens in the
 * member's request, so the cron only catches up on failures.
 */
const BATCH_SIZE = 20;

/**
 * Retries queued and failed mails whose `send_after` has passed, with exponential back-off (1, 2,
 * 4 … minutes, at most an hour, or longer when the provider asks with Retry-After), and gives up a
 * mail not delivered within a day (ADR 042). Also catches first sends that never finished (an
 * isolate stopped during `waitUntil`). When the provider fails (down, slow, rate-limited) the run
 * stops there: the rest of the batch is handed back unattempted, due when the failed one is.
 */
export async function sendDueMail({ db, env, now }: CronDeps, provider: MailProvider = mailProviderFor(env)) {
  const { claimed, givenUp } = await claimDueMail(db, now, BATCH_SIZE);
  for (const mail of givenUp)
    console.error(
      `mail ${mail.id} (${mail.template}) given up after ${mail.attempts} attempts: ${mail.lastError ?? "not delivered within a day"}`,
    );
  const result = { sent: 0, failed: 0, givenUp: givenUp.length, deferred: 0 };
  if (claimed.length === 0) return result;
  const senders = await sendersBySite(db, env);
  for (const [index, mail] of claimed.entries()) {
    const from = senders(mail.siteId, mail.locale);
    if (!from) {
      console.error(`mail ${mail.id}: its site ${mail.siteId} does not exist, given up`);
      await markGivenUp(db, mail, `site ${mail.siteId} does not exist`);
      result.givenUp += 1;
      continue;
    }
    const delivery = await deliverMail(db, provider, mail, from, now);
    if (delivery.outcome === "sent") result.sent += 1;
    else if (delivery.outcome === "given_up") result.givenUp += 1;
    else {
      result.failed += 1;
      // The provider is failing: asking it 49 more times (each up to its time limit) helps no one.
      const rest = claimed.slice(index + 1);
      await releaseMail(db, rest, delivery.retryAt);
      result.deferred = rest.length;
      break;
    }
  }
  return result;
}
