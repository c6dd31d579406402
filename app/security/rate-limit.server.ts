/**
 * Fixed-window counters in the database (Workers have no shared memory). A key names what is
 * limited, e.g. `signup:ip:192.0.2.1` or `reset:email:1:someone@example.com`.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";

export type Limit = { key: string; limit: number; windowSeconds: number };

/** Counts one event and tells whether it is still within the limit. */
export async function hit(db: Database, limit: Limit, now: Date): Promise<boolean> {
  const [, rows] = await db.batch(countHit(db, limit, now));
  return (rows[0]?.n ?? 0) <= limit.limit;
}

/**
 * The two statements of `hit`, to put at the start of a batch of one's own: the event's record and
 * the count (`n`) that includes it, within the limit while `n <= limit.limit`.
 */
export function countHit(db: Database, { key, windowSeconds }: Limit, now: Date) {
  const since = new Date(now.getTime() - windowSeconds * 1000);
  return [
    db.insert(schema.rateLimitEvents).values({ key, createdAt: now }),
    db
      .select({ n: sql<number>`count(*)` })
      .from(schema.rateLimitEvents)
      .where(and(eq(schema.rateLimitEvents.key, key), gt(schema.rateLimitEvents.createdAt, since))),
  ] as const;
}

/** Checks several limits, counting the event against each; false when any is exceeded. */
export async function withinLimits(db: Database, limits: Limit[], now: Date): Promise<boolean> {
  const results = await Promise.all(limits.map((limit) => hit(db, limit, now)));
  return results.every(Boolean);
}

export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ?? "0.0.0.0";
}
