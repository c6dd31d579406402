/**
 * Leases for cron jobs (ADR 045). Cloudflare may start a scheduled run while the previous one is
 * still busy, and an operator may fire one by hand: a job that picks rows to work on must not hand
 * the same rows to two runs. It claims them in the statement that picks them, by writing a lease
 * `<kind>:<id>` into `rate_limit_events` (pruned after two days) for every row it takes, and picks
 * only rows without a lease younger than the lease time. SQLite runs one statement at a time, so two
 * runs side by side get disjoint rows. A run that dies leaves its leases to run out: the rows are
 * picked again once the lease time has passed, which is how a failed row is retried.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The lease key of row `id` (an SQL expression, e.g. `o.id`). */
export const leaseKey = (kind: string, id: SQL): SQL => sql`(${`${kind}:`} || ${id})`;

/** True while row `id` has no lease taken after `sinceS` (unix seconds; an SQL expression may depend on the row). */
export const notLeased = (kind: string, id: SQL, sinceS: SQL | number): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM rate_limit_events WHERE key = ${leaseKey(kind, id)} AND created_at > ${sinceS})`;

/**
 * Takes a lease on every id that `candidates` (a SELECT of one column `id`, which should check
 * `notLeased` and carry its own ORDER BY and LIMIT) returns, in one statement; returns those ids.
 */
export async function takeLeases(db: Database, kind: string, candidates: SQL, now: Date): Promise<number[]> {
  const rows = await db.all<{ key: string }>(sql`
    INSERT INTO rate_limit_events (key, created_at)
    SELECT ${leaseKey(kind, sql`picked.id`)}, ${seconds(now)} FROM (${candidates}) AS picked
    RETURNING key`);
  return rows.map((row) => Number(String(row.key).slice(kind.length + 1)));
}
