/**
 * Discount codes (product.md §3 "Discount code", §5 'Code niet gevonden', 'Code reeds gebruikt'):
 * one check for the discount-code modal, /api/discountcode.php and the order itself, so a code the
 * modal accepts is the code the order gets.
 *
 * A code belongs to one site or to every site (`site_id` null; the site's own code wins), may be
 * personal (`user_id`), may end (`expires_at`), and may ask for a country, a currency, a minimum
 * order and certain payment methods. A welcome code (`validity_seconds` set, TIMEBONUS25) only
 * works for a member whose time bonus runs (time-bonus.server.ts). Codes are used once per member
 * unless `once_per_user` is off: the order that uses one reserves it when it starts (checkout.server.ts),
 * gives it back when its payment fails, is canceled or expires, and consumes it when paid
 * (payment-sync.server.ts), so two orders can never both get the discount.
 *
 * Codes are not there to be guessed: a member's look-ups are limited per member and per address,
 * and an expired general code answers as one that does not exist (only a personal or welcome
 * code's owner learns that theirs ran out).
 */
import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { withinLimits, type Limit } from "~/security/rate-limit.server";
import { discountCentsFor, normalizeDiscountCode, type DiscountRefusal } from "./discount";

const { discountCodes, timeBonuses } = schema;

/** Look-ups of typed codes: 10 per member and 30 per address in 10 minutes. */
const LOOKUP_WINDOW_SECONDS = 600;
const lookupLimits = (userId: number, ip: string | null): Limit[] => [
  { key: `discount:user:${userId}`, limit: 10, windowSeconds: LOOKUP_WINDOW_SECONDS },
  ...(ip ? [{ key: `discount:ip:${ip}`, limit: 30, windowSeconds: LOOKUP_WINDOW_SECONDS }] : []),
];

/** Order statuses that leave a reserved code free again. */
const RELEASING = sql`('failed', 'canceled', 'expired')`;

/**
 * How the member holds this code: 'used' by a paid order, 'reserved' by an order that may still be
 * paid, or NULL. A reservation of a failed, canceled or expired order holds nothing. A subquery, so
 * the order insert checks it in its own statement (new-order.server.ts).
 */
function holdOf(codeId: number | SQL, userId: number): SQL {
  return sql`(
    SELECT CASE WHEN u.consumed_at IS NOT NULL THEN 'used' WHEN o.status NOT IN ${RELEASING} THEN 'reserved' END
    FROM discount_code_uses u JOIN orders o ON o.id = u.order_id
    WHERE u.code_id = ${codeId} AND u.user_id = ${userId}
  )`;
}

/** True while the member holds this code (used, or reserved by an order that may still be paid). */
export const codeHeld = (codeId: number, userId: number): SQL => sql`${holdOf(codeId, userId)} IS NOT NULL`;

/** The statement that gives back the code an unpaid order reserved (its payment failed, was canceled or expired). */
export function releaseReservedCode(db: Database, orderId: number) {
  return db.run(sql`DELETE FROM discount_code_uses WHERE order_id = ${orderId} AND consumed_at IS NULL`);
}

export type DiscountCode = typeof discountCodes.$inferSelect;

export type DiscountCheckInput = {
  siteId: number;
  userId: number;
  paidUser: boolean;
  /** The code the member typed; null for their own welcome code while their time bonus runs. */
  code: string | null;
  country: string | null;
  /** The order's price; null when no package is chosen yet (the minimum is then not checked). */
  amountCents: number | null;
  currency: string;
  /** The method the member chose, when there is one yet. */
  method: string | null;
  /**
   * Set when the member typed the code: the look-up counts against the guessing limits, per member
   * and, when Cloudflare names it, per address. Null for the member's own welcome code.
   */
  typed: { ip: string | null } | null;
  now: Date;
};

export type DiscountCheck =
  | {
      ok: true;
      codeId: number;
      code: string;
      percent: number;
      discountCents: number;
      welcome: boolean;
      discountCode: DiscountCode;
      expiresAt: Date | null;
    }
  | { ok: false; reason: DiscountRefusal; discountCode: DiscountCode | null };

/** The active code of this site (or of every site) with this text. */
export async function findDiscountCode(db: Database, siteId: number, code: string): Promise<DiscountCode | null> {
  return (await findCodeFor(db, siteId, code, null))?.found ?? null;
}

/**
 * The code as `findDiscountCode` finds it, with what the member has of it (for `userId`): their
 * time bonus of it and how they hold it (`holdOf`), read in the same statement (ADR 056).
 */
async function findCodeFor(db: Database, siteId: number, code: string | null, userId: number | null, now = new Date()) {
  const text = code === null ? null : normalizeDiscountCode(code);
  if (code !== null && !text) return null;
  const codeId = sql`"discount_codes"."id"`;
  // Without a text: the code of the member's running time bonus (time-bonus.server.ts).
  const which =
    text === null
      ? sql`${codeId} = (SELECT tb.discount_code_id FROM time_bonuses AS tb
          WHERE tb.user_id = ${userId} AND tb.used_at IS NULL AND tb.expires_at > ${Math.floor(now.getTime() / 1000)})`
      : eq(discountCodes.code, text);
  const [row] = await db
    .select({
      found: discountCodes,
      hold: userId === null ? sql<null>`NULL` : sql<"used" | "reserved" | null>`${holdOf(codeId, userId)}`,
      bonusExpiresAt:
        sql<Date | null>`(SELECT tb.expires_at FROM time_bonuses AS tb WHERE tb.user_id = ${userId} AND tb.discount_code_id = ${codeId})`.mapWith(
          timeBonuses.expiresAt,
        ),
      bonusUsedAt:
        sql<Date | null>`(SELECT tb.used_at FROM time_bonuses AS tb WHERE tb.user_id = ${userId} AND tb.discount_code_id = ${codeId})`.mapWith(
          timeBonuses.expiresAt,
        ),
    })
    .from(discountCodes)
    .where(and(which, eq(discountCodes.status, "active"), or(eq(discountCodes.siteId, siteId), isNull(discountCodes.siteId))))
    .orderBy(sql`${discountCodes.siteId} IS NULL`)
    .limit(1);
  if (!row) return null;
  const bonus = row.bonusExpiresAt ? { expiresAt: row.bonusExpiresAt, usedAt: row.bonusUsedAt } : null;
  return { found: row.found, bonus, held: row.hold };
}

/** Whether `input.code` takes money off this order, and how much. */
export async function checkDiscountCode(db: Database, input: DiscountCheckInput): Promise<DiscountCheck> {
  // The limits' counts and the code with the member's bonus and hold: one round trip (ADR 056).
  const [allowed, read] = await Promise.all([
    input.typed === null ? true : withinLimits(db, lookupLimits(input.userId, input.typed.ip), input.now),
    input.code === null && input.paidUser ? null : findCodeFor(db, input.siteId, input.code, input.userId, input.now),
  ]);
  if (!allowed) return { ok: false, reason: "too_many", discountCode: null };
  const found = read?.found;
  if (!read || !found || (found.userId !== null && found.userId !== input.userId))
    return { ok: false, reason: "not_found", discountCode: null };
  const refuse = (reason: DiscountRefusal): DiscountCheck => ({ ok: false, reason, discountCode: found });

  const bonus = found.validitySeconds === null ? null : read.bonus;
  const held = found.oncePerUser ? read.held : null;
  if (held === "used" || bonus?.usedAt) return refuse("used");
  if (held === "reserved") return refuse("reserved");

  let expiresAt = found.expiresAt;
  if (found.validitySeconds !== null) {
    // A welcome code: only for a member who has not paid yet, while their time bonus runs.
    if (input.paidUser) return refuse("first_purchase");
    // No bonus (any more): it ran out and was cleared (workers/cron/clear-time-bonuses.ts).
    if (!bonus) return refuse("expired");
    expiresAt = expiresAt && expiresAt < bonus.expiresAt ? expiresAt : bonus.expiresAt;
  }
  if (expiresAt && expiresAt.getTime() <= input.now.getTime()) {
    // Only the owner of a personal or welcome code learns it ran out; to anyone else it is unknown.
    const owned = found.userId !== null || found.validitySeconds !== null;
    return owned ? refuse("expired") : { ok: false, reason: "not_found", discountCode: null };
  }
  if (found.country && found.country !== input.country) return refuse("country");
  if (found.currency && found.currency !== input.currency) return refuse("currency");
  if (input.amountCents !== null && input.amountCents < found.minimumOrderCents) return refuse("minimum");
  const methods = found.paymentMethods ?? [];
  if (methods.length > 0 && input.method && !methods.includes(input.method)) return refuse("method");

  return {
    ok: true,
    codeId: found.id,
    code: found.code,
    percent: found.valuePercentage,
    discountCents: input.amountCents === null ? 0 : discountCentsFor(input.amountCents, found.valuePercentage),
    welcome: found.validitySeconds !== null,
    discountCode: found,
    expiresAt,
  };
}

/** Whether the member used this code (a paid order) or an order of theirs that may still be paid holds it. */
export async function heldBy(db: Database, codeId: number, userId: number): Promise<"used" | "reserved" | null> {
  const [row] = await db.all<{ hold: "used" | "reserved" | null }>(sql`SELECT ${holdOf(codeId, userId)} AS hold`);
  return row?.hold ?? null;
}
