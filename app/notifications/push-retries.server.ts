/**
 * The push_retries table (ADR 042): pushes a push service did not take (429, 5xx, no answer in
 * time), kept for the cron to try again with back-off until their TTL ends. One row per
 * subscription and topic: a newer push of the same topic replaces the waiting one.
 */
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { nextAttemptAt } from "~/utils/retry";

const { pushRetries } = schema;

export type PushRetry = typeof pushRetries.$inferSelect;

/** How long a claimed retry is left to the cron run sending it (its pushes run side by side, each limited to 10 s). */
const LEASE_SECONDS = 5 * 60;

const after = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

/**
 * Keeps a push for another attempt after its first failed, replacing a waiting push of the same
 * topic. It lives until the push's own TTL from now; the first retry is a minute away, or later
 * when the push service asked for more time.
 */
export async function schedulePushRetry(
  db: Database,
  input: {
    subscriptionId: number;
    tag: string;
    payload: unknown;
    error: string;
    retryAfterSeconds?: number;
    ttlSeconds: number;
    now: Date;
  },
) {
  const row = {
    subscriptionId: input.subscriptionId,
    tag: input.tag,
    payload: JSON.stringify(input.payload),
    attempts: 1,
    lastError: input.error.slice(0, 500),
    sendAfter: nextAttemptAt(input.now, 1, input.retryAfterSeconds),
    expiresAt: after(input.now, input.ttlSeconds),
    createdAt: input.now,
  };
  await db
    .insert(pushRetries)
    .values(row)
    .onConflictDoUpdate({
      target: [pushRetries.subscriptionId, pushRetries.tag],
      set: {
        payload: row.payload,
        attempts: 1,
        lastError: row.lastError,
        sendAfter: row.sendAfter,
        expiresAt: row.expiresAt,
        createdAt: row.createdAt,
      },
    });
}

/**
 * One round trip: drops the retries whose TTL has ended, and claims up to `limit` due ones in the
 * UPDATE that picks them (their attempt counted, `send_after` a lease ahead), so two overlapping
 * cron runs never send one push twice.
 */
export async function claimDuePushRetries(db: Database, now: Date, limit: number): Promise<{ claimed: PushRetry[]; expired: number }> {
  const [expired, claimed] = await db.batch([
    db.delete(pushRetries).where(lte(pushRetries.expiresAt, now)).returning({ id: pushRetries.id }),
    db
      .update(pushRetries)
      .set({ attempts: sql`${pushRetries.attempts} + 1`, sendAfter: after(now, LEASE_SECONDS) })
      .where(
        inArray(
          pushRetries.id,
          db
            .select({ id: pushRetries.id })
            .from(pushRetries)
            .where(lte(pushRetries.sendAfter, now))
            .orderBy(asc(pushRetries.sendAfter), asc(pushRetries.id))
            .limit(limit),
        ),
      )
      .returning(),
  ]);
  return { claimed, expired: expired.length };
}

/** Only the run that claimed the retry (at this attempt) may record its outcome: a newer push of the topic may have replaced it. */
const stillClaimed = (retry: Pick<PushRetry, "id" | "attempts">) =>
  and(eq(pushRetries.id, retry.id), eq(pushRetries.attempts, retry.attempts));

/** Delivered, refused for good, or past its TTL: the retry is done. */
export function finishPushRetry(db: Database, retry: Pick<PushRetry, "id" | "attempts">) {
  return db.delete(pushRetries).where(stillClaimed(retry));
}

/** Failed again: due at `retryAt`. */
export function postponePushRetry(db: Database, retry: Pick<PushRetry, "id" | "attempts">, error: string, retryAt: Date) {
  return db
    .update(pushRetries)
    .set({ sendAfter: retryAt, lastError: error.slice(0, 500) })
    .where(stillClaimed(retry));
}

/** A push of this topic got through: an older one still waiting would only bring stale news later. */
export function clearPushRetry(db: Database, subscriptionId: number, tag: string) {
  return db.delete(pushRetries).where(and(eq(pushRetries.subscriptionId, subscriptionId), eq(pushRetries.tag, tag)));
}
