/**
 * Mail in the operator console (ADR 054): the outbox's failed, retried and given-up mails, bounces
 * and complaints per recipient domain, and sending a mail again. A mail sent again goes back into
 * the outbox queue with a fresh day of retries (ADR 042): the send-mail cron job delivers it.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";

export type OutboxProblem = {
  id: number;
  siteId: number;
  toAddress: string;
  template: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: number;
  sendAfter: number;
};

export type DomainTrouble = { domain: string; bounce: number; fbl: number; listunsubscribe: number };

export async function mailProblems(db: Database): Promise<{ mails: OutboxProblem[]; domains: DomainTrouble[] }> {
  const [mails, domains] = await db.batch([
    db.all<OutboxProblem>(sql`
      SELECT id, site_id AS siteId, to_address AS toAddress, template, status, attempts, last_error AS lastError,
        created_at AS createdAt, send_after AS sendAfter
      FROM mail_outbox WHERE status IN ('failed', 'given_up') OR attempts > 1 ORDER BY id DESC LIMIT 100`),
    db.all<DomainTrouble>(sql`
      SELECT lower(substr(email, instr(email, '@') + 1)) AS domain,
        sum(email_disabled_reason = 'bounce') AS bounce, sum(email_disabled_reason = 'fbl') AS fbl,
        sum(email_disabled_reason = 'listunsubscribe') AS listunsubscribe
      FROM users WHERE email_disabled_reason IS NOT NULL
      GROUP BY domain ORDER BY count(*) DESC LIMIT 50`),
  ]);
  return { mails, domains };
}

/** Queues a failed or given-up mail again, with its audit entry; false when it is not such a mail (any more). */
export async function resendMail(db: Database, input: { actorUserId: number; mailId: number; now: Date }): Promise<boolean> {
  const now = Math.floor(input.now.getTime() / 1000);
  const [changed] = await db.batch([
    db.all(sql`
      UPDATE mail_outbox SET status = 'queued', attempts = 0, last_error = NULL, send_after = ${now}, created_at = ${now}
      WHERE id = ${input.mailId} AND status IN ('failed', 'given_up') RETURNING id`),
    db.run(sql`
      INSERT INTO admin_audit (actor_user_id, site_id, target_type, target_id, action, before, after)
      SELECT ${input.actorUserId}, site_id, 'mail', CAST(id AS TEXT), 'resend', NULL, json_object('status', 'queued')
      FROM mail_outbox WHERE id = ${input.mailId} AND changes() > 0`),
  ]);
  return changed.length === 1;
}
