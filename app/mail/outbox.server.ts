/**
 * The mail_outbox table: every mail the app sends, its delivery state and its attempts. It is the
 * queue the cron retries from, the audit log of what was sent to whom, and the development inbox
 * (/dev/mail). See ADR 008.
 */
import { and, asc, desc, eq, inArray, lt, lte, ne } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import type { RenderedMail } from "~/mail/render.server";
import type { MailTemplate } from "~/mail/templates.server";

export type OutboxMail = typeof schema.mailOutbox.$inferSelect;

/** Delivery attempts per mail, the first (right after the member's action) included. */
export const MAX_ATTEMPTS = 5;
const FIRST_RETRY_SECONDS = 5 * 60;

/** Exponential back-off: after attempt 1 wait 5 min, then 10, 20, 40 (the cron runs every 5 minutes). */
export function retryDelaySeconds(attempt: number): number {
  return FIRST_RETRY_SECONDS * 2 ** (Math.max(attempt, 1) - 1);
}

const after = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

/**
 * Records a new mail as already claimed for its first attempt: `send_after` lies one back-off
 * ahead, so the cron leaves it alone while the immediate send runs, and picks it up if that send
 * never finishes.
 */
export async function recordMail(
  db: Database,
  input: { siteId: number; userId: number | null; to: string; template: MailTemplate; rendered: RenderedMail; now: Date },
): Promise<OutboxMail> {
  const [row] = await db
    .insert(schema.mailOutbox)
    .values({
      siteId: input.siteId,
      userId: input.userId,
      toAddress: input.to,
      template: input.template,
      locale: input.rendered.language,
      subject: input.rendered.subject,
      text: input.rendered.text,
      html: input.rendered.html,
      status: "queued",
      attempts: 1,
      sendAfter: after(input.now, retryDelaySeconds(1)),
      createdAt: input.now,
    })
    .returning();
  return row!;
}

/**
 * Claims up to `limit` mails that are due for another attempt. Each claim is a conditional UPDATE
 * on the attempt count read, so two cron runs (or a cron run and a slow first send) never send
 * the same attempt twice.
 */
export async function claimDueMail(db: Database, now: Date, limit: number): Promise<OutboxMail[]> {
  const { mailOutbox: outbox } = schema;
  const due = await db
    .select({ id: outbox.id, attempts: outbox.attempts })
    .from(outbox)
    .where(and(inArray(outbox.status, ["queued", "failed"]), lte(outbox.sendAfter, now), lt(outbox.attempts, MAX_ATTEMPTS)))
    .orderBy(asc(outbox.sendAfter), asc(outbox.id))
    .limit(limit);
  if (due.length === 0) return [];
  const claims = due.map((row) =>
    db
      .update(outbox)
      .set({ attempts: row.attempts + 1, sendAfter: after(now, retryDelaySeconds(row.attempts + 1)) })
      .where(and(eq(outbox.id, row.id), eq(outbox.attempts, row.attempts), ne(outbox.status, "sent")))
      .returning(),
  );
  const results = await db.batch(claims as [(typeof claims)[number], ...typeof claims]);
  return results.flat();
}

/** A delivered mail is sent for good, whichever attempt delivered it. */
export async function markSent(db: Database, id: number, now: Date) {
  await db.update(schema.mailOutbox).set({ status: "sent", sentAt: now, lastError: null }).where(eq(schema.mailOutbox.id, id));
}

/** Records a failed attempt, unless a later attempt has claimed the mail meanwhile or it was delivered. */
export async function markFailed(db: Database, mail: Pick<OutboxMail, "id" | "attempts">, error: string) {
  const { mailOutbox: outbox } = schema;
  await db
    .update(outbox)
    .set({ status: "failed", lastError: error.slice(0, 1000) })
    .where(and(eq(outbox.id, mail.id), eq(outbox.attempts, mail.attempts), ne(outbox.status, "sent")));
}

/** The development inbox: a site's latest mails, newest first. */
export async function latestMails(db: Database, siteId: number, limit = 50) {
  const { mailOutbox: outbox } = schema;
  return db
    .select({
      id: outbox.id,
      to: outbox.toAddress,
      subject: outbox.subject,
      template: outbox.template,
      status: outbox.status,
      attempts: outbox.attempts,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(eq(outbox.siteId, siteId))
    .orderBy(desc(outbox.id))
    .limit(limit);
}

export async function findMail(db: Database, siteId: number, id: number): Promise<OutboxMail | null> {
  const row = await db.query.mailOutbox.findFirst({ where: and(eq(schema.mailOutbox.id, id), eq(schema.mailOutbox.siteId, siteId)) });
  return row ?? null;
}
