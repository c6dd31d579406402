/**
 * The mail_outbox table: every mail the app sends, its delivery state and its attempts. It is the
 * queue the cron retries from, the audit log of what was sent to whom, and the development inbox
 * (/dev/mail). See ADR 008, and ADR 042 for retries: `queued` (waiting for its first attempt),
 * `failed` (the last attempt failed; tried again at `send_after`), `sent`, `given_up` (refused for
 * good by the provider, or not delivered within a day).
 */
import { and, asc, desc, eq, inArray, lt, lte, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { schema, type Database } from "~/db/client.server";
import type { RenderedMail } from "~/mail/render.server";
import type { MailTemplate } from "~/mail/templates.server";

export type OutboxMail = typeof schema.mailOutbox.$inferSelect;

/** A mail not delivered within a day of being written is given up (ADR 042). */
export const GIVE_UP_AFTER_SECONDS = 24 * 60 * 60;
/**
 * How long a claimed mail is left to the one sending it before the cron may take it again: the
 * first send runs after the member's response (`waitUntil`, at most 30 s), a cron run sends its
 * batch one after another (each call limited to 10 s, and a run stops at the first provider failure).
 */
export const FIRST_SEND_LEASE_SECONDS = 2 * 60;
export const CRON_LEASE_SECONDS = 10 * 60;

/** Statuses the cron still works on; `sent` and `given_up` are final. */
const PENDING = ["queued", "failed"] as const;

const after = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

/**
 * Records a new mail as already claimed for its first attempt: `send_after` lies a lease ahead, so
 * the cron leaves it alone while the immediate send runs, and picks it up if that send never finishes.
 */
export async function recordMail(
  db: Database,
  input: { siteId: number; userId: number | null; to: string; template: MailTemplate; rendered: RenderedMail; now: Date },
  /** Statements written in the same transaction as the mail (the console's audit entry of a mail it sends). */
  alongside: BatchItem<"sqlite">[] = [],
): Promise<OutboxMail> {
  const insert = db
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
      sendAfter: after(input.now, FIRST_SEND_LEASE_SECONDS),
      createdAt: input.now,
    })
    .returning();
  const [row] = alongside.length ? (await db.batch([insert, ...alongside]))[0] : await insert;
  return row!;
}

/**
 * `recordMail` as a statement for another change's batch (ADR 056): the mail is recorded only when
 * the statement just before it in that batch changed a row (`changes() > 0`); its id is returned.
 */
export function recordMailIfChanged(
  db: Database,
  input: { siteId: number; userId: number | null; to: string; template: MailTemplate; rendered: RenderedMail; now: Date },
) {
  const at = Math.floor(input.now.getTime() / 1000);
  return db.all<{ id: number }>(sql`
    INSERT INTO mail_outbox (site_id, user_id, to_address, template, locale, subject, text, html, status, attempts, send_after, created_at)
    SELECT ${input.siteId}, ${input.userId}, ${input.to}, ${input.template}, ${input.rendered.language}, ${input.rendered.subject},
      ${input.rendered.text}, ${input.rendered.html}, 'queued', 1, ${at + FIRST_SEND_LEASE_SECONDS}, ${at}
    WHERE changes() > 0
    RETURNING id`);
}

export type GivenUpMail = Pick<OutboxMail, "id" | "template" | "attempts" | "lastError">;

/**
 * One round trip, one transaction: gives up the due mails older than a day, then claims up to
 * `limit` other due mails for another attempt. The claim is one UPDATE whose WHERE picks the rows,
 * so two overlapping cron runs never claim the same mail: the second sees `send_after` a lease ahead.
 */
export async function claimDueMail(db: Database, now: Date, limit: number): Promise<{ claimed: OutboxMail[]; givenUp: GivenUpMail[] }> {
  const { mailOutbox: outbox } = schema;
  const due = and(inArray(outbox.status, [...PENDING]), lte(outbox.sendAfter, now));
  const [givenUp, claimed] = await db.batch([
    db
      .update(outbox)
      .set({ status: "given_up", lastError: sql`'not delivered within a day: ' || coalesce(${outbox.lastError}, 'no attempt finished')` })
      .where(and(due, lt(outbox.createdAt, after(now, -GIVE_UP_AFTER_SECONDS))))
      .returning({ id: outbox.id, template: outbox.template, attempts: outbox.attempts, lastError: outbox.lastError }),
    db
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1`, sendAfter: after(now, CRON_LEASE_SECONDS) })
      .where(
        inArray(
          outbox.id,
          db.select({ id: outbox.id }).from(outbox).where(due).orderBy(asc(outbox.sendAfter), asc(outbox.id)).limit(limit),
        ),
      )
      .returning(),
  ]);
  return { claimed: claimed.sort((a, b) => a.id - b.id), givenUp };
}

/** The conditions under which the one that claimed `mail` may still record its outcome. */
const stillClaimed = (mail: Pick<OutboxMail, "id" | "attempts">) =>
  and(eq(schema.mailOutbox.id, mail.id), eq(schema.mailOutbox.attempts, mail.attempts), inArray(schema.mailOutbox.status, [...PENDING]));

/** A delivered mail is sent for good, whichever attempt delivered it. */
export async function markSent(db: Database, id: number, now: Date) {
  await db.update(schema.mailOutbox).set({ status: "sent", sentAt: now, lastError: null }).where(eq(schema.mailOutbox.id, id));
}

/** Records a failed attempt and when to try again, unless a later attempt has claimed the mail meanwhile or it was delivered. */
export async function markFailed(db: Database, mail: Pick<OutboxMail, "id" | "attempts">, error: string, retryAt: Date) {
  await db
    .update(schema.mailOutbox)
    .set({ status: "failed", lastError: error.slice(0, 1000), sendAfter: retryAt })
    .where(stillClaimed(mail));
}

/** No more attempts: the provider refused the mail for good. */
export async function markGivenUp(db: Database, mail: Pick<OutboxMail, "id" | "attempts">, error: string) {
  await db
    .update(schema.mailOutbox)
    .set({ status: "given_up", lastError: error.slice(0, 1000) })
    .where(stillClaimed(mail));
}

/**
 * Hands claimed mails back unattempted (a cron run that stopped at a provider failure): their
 * attempt is not counted, and they are due again at `retryAt`.
 */
export async function releaseMail(db: Database, mails: Pick<OutboxMail, "id" | "attempts">[], retryAt: Date) {
  if (mails.length === 0) return;
  const updates = mails.map((mail) =>
    db
      .update(schema.mailOutbox)
      .set({ attempts: mail.attempts - 1, sendAfter: retryAt })
      .where(stillClaimed(mail)),
  );
  await db.batch(updates as [(typeof updates)[number], ...typeof updates]);
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
