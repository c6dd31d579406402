/**
 * Discount codes (product.md §3 "Discount code", §5 'Code niet gevonden', 'Code reeds gebruikt'):
 * one check for the discount-code modal, /api/discountcode.php and the order itself, so a code the
 * modal accepts is the code the order gets.
 *
 * A code belongs to one site or to every site (`site_id` null; the site's own code wins), may be
 * personal (`user_id`), may end (`expires_at`), and may ask for a country, a currency, a minimum
 * order and certain payment methods. A welcome code (`validity_seconds` set, TIMEBONUS25) only
 * works for a member whose time bonus runs (time-bonus.server.ts). Codes are used once per member
 * unless `once_per_user` is off; the use is recorded when the order is paid (payment-sync.server.ts).
 */
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { discountCentsFor, normalizeDiscountCode, type DiscountRefusal } from "./discount";

const { discountCodes, discountCodeUses, timeBonuses } = schema;

export type DiscountCode = typeof discountCodes.$inferSelect;

export type DiscountCheckInput = {
  siteId: number;
  userId: number;
  paidUser: boolean;
  code: string;
  country: string | null;
  /** The order's price; null when no package is chosen yet (the minimum is then not checked). */
  amountCents: number | null;
  currency: string;
  /** The method the member chose, when there is one yet. */
  method: string | null;
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
  const text = normalizeDiscountCode(code);
  if (!text) return null;
  const [found] = await db
    .select()
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.code, text),
        eq(discountCodes.status, "active"),
        or(eq(discountCodes.siteId, siteId), isNull(discountCodes.siteId)),
      ),
    )
    .orderBy(sql`${discountCodes.siteId} IS NULL`)
    .limit(1);
  return found ?? null;
}

/** Whether `input.code` takes money off this order, and how much. */
export async function checkDiscountCode(db: Database, input: DiscountCheckInput): Promise<DiscountCheck> {
  const found = await findDiscountCode(db, input.siteId, input.code);
  if (!found || (found.userId !== null && found.userId !== input.userId)) return { ok: false, reason: "not_found", discountCode: null };
  const refuse = (reason: DiscountRefusal): DiscountCheck => ({ ok: false, reason, discountCode: found });

  const [bonus, used] = await Promise.all([
    found.validitySeconds === null
      ? null
      : db.query.timeBonuses.findFirst({ where: and(eq(timeBonuses.userId, input.userId), eq(timeBonuses.discountCodeId, found.id)) }),
    found.oncePerUser
      ? db.query.discountCodeUses.findFirst({
          columns: { orderId: true },
          where: and(eq(discountCodeUses.codeId, found.id), eq(discountCodeUses.userId, input.userId)),
        })
      : null,
  ]);
  if (used || bonus?.usedAt) return refuse("used");

  let expiresAt = found.expiresAt;
  if (found.validitySeconds !== null) {
    // A welcome code: only for a member who has not paid yet, while their time bonus runs.
    if (input.paidUser) return refuse("first_purchase");
    // No bonus (any more): it ran out and was cleared (workers/cron/clear-time-bonuses.ts).
    if (!bonus) return refuse("expired");
    expiresAt = expiresAt && expiresAt < bonus.expiresAt ? expiresAt : bonus.expiresAt;
  }
  if (expiresAt && expiresAt.getTime() <= input.now.getTime()) return refuse("expired");
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
