import { and, isNull, lte } from "drizzle-orm";
import { schema } from "~/db/client.server";
import type { CronDeps } from "./cron-deps";

/**
 * Clears welcome time bonuses whose countdown reached zero unused (product.md §4). Used ones stay:
 * they record that the member had their welcome discount.
 */
export async function clearExpiredTimeBonuses({ db, now }: CronDeps) {
  const { timeBonuses } = schema;
  const result = await db.delete(timeBonuses).where(and(isNull(timeBonuses.usedAt), lte(timeBonuses.expiresAt, now)));
  return { timeBonuses: result.rowsAffected };
}
