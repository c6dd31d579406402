/**
 * The welcome time bonus (product.md §4, §9): a new member gets the welcome code (TIMEBONUS25, 25%
 * off the first purchase) for `validity_seconds` (14,400 s) from signup. It is active only while
 * the member has not paid, has not used it and the time has not run out; the banner and the modal
 * count it down (components/payments/TimeBonus*.tsx).
 */
import { and, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";

const { discountCodes, timeBonuses } = schema;

export type TimeBonus = { code: string; percent: number; expiresAt: Date };

/**
 * The statement that starts a new member's time bonus with the site's welcome code (or the one of
 * every site), for the signup batch: `userId` may be a subquery for the user inserted in the same
 * batch. Without a welcome code nothing is inserted.
 */
export function startTimeBonus(db: Database, input: { siteId: number; userId: number | SQL; now: Date }) {
  const startsS = Math.floor(input.now.getTime() / 1000);
  return db.run(sql`
    INSERT INTO time_bonuses (user_id, discount_code_id, starts_at, expires_at)
    SELECT ${input.userId}, id, ${startsS}, ${startsS} + validity_seconds FROM discount_codes
    WHERE validity_seconds IS NOT NULL AND status = 'active' AND (site_id = ${input.siteId} OR site_id IS NULL)
    ORDER BY site_id IS NULL
    LIMIT 1
    ON CONFLICT (user_id) DO NOTHING`);
}

/** The query for a member's unused, unexpired welcome bonus (whether one applies: `timeBonusOf`). */
export function timeBonusQuery(db: Database, input: { userId: number; now: Date }) {
  return db
    .select({ code: discountCodes.code, percent: discountCodes.valuePercentage, expiresAt: timeBonuses.expiresAt })
    .from(timeBonuses)
    .innerJoin(discountCodes, eq(discountCodes.id, timeBonuses.discountCodeId))
    .where(
      and(
        eq(timeBonuses.userId, input.userId),
        isNull(timeBonuses.usedAt),
        gt(timeBonuses.expiresAt, input.now),
        eq(discountCodes.status, "active"),
      ),
    )
    .limit(1);
}

/** The bonus `timeBonusQuery` found, or null: a member who paid has none. */
export function timeBonusOf(rows: TimeBonus[], paidUser: boolean): TimeBonus | null {
  return paidUser ? null : (rows[0] ?? null);
}

/** The member's running time bonus, or null: paid members, used or expired bonuses have none. */
export async function activeTimeBonus(db: Database, input: { userId: number; paidUser: boolean; now: Date }): Promise<TimeBonus | null> {
  if (input.paidUser) return null;
  return timeBonusOf(await timeBonusQuery(db, input), input.paidUser);
}
