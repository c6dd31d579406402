/**
 * Storing a new order with its limits checked in the same statement (issue 26): the order row is
 * written only if, in that very transaction, the member does not hold its once-only discount code
 * already and a direct debit stays within the site's limit. Checkouts sent side by side therefore
 * get no more than checkouts sent one after the other.
 */
import { sql, type SQL } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { directDebitOutstanding } from "./direct-debit.server";
import { codeHeld } from "./discount-codes.server";

export type NewOrder = Required<
  Pick<
    typeof schema.orders.$inferInsert,
    "userId" | "siteId" | "packageKey" | "credits" | "currency" | "amountCents" | "discountCents" | "method" | "createdAt"
  >
> & { discountCodeId: number | null };

export type OrderRules = {
  /** The order's discount code is once-only: the order reserves it (released if the payment fails). */
  reservesCode: boolean;
  /** A direct debit: what the member owes by direct debit, this order included, stays within the limit. */
  directDebitLimitCents: number | null;
};

export type StoredOrder = { status: "stored"; id: number } | { status: "code_held" } | { status: "direct_debit_limit" };

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export async function storeOrder(db: Database, order: NewOrder, rules: OrderRules): Promise<StoredOrder> {
  const codeId = rules.reservesCode ? order.discountCodeId : null;
  const held: SQL = codeId === null ? sql`0` : codeHeld(codeId, order.userId);
  const overLimit: SQL =
    rules.directDebitLimitCents === null
      ? sql`0`
      : sql`(${directDebitOutstanding(order.userId, order.createdAt)}) + ${order.amountCents} > ${rules.directDebitLimitCents}`;
  const createdS = seconds(order.createdAt);

  const [checks, inserted] = await db.batch([
    db.all<{ held: number; over: number }>(sql`SELECT ${held} AS held, ${overLimit} AS over`),
    db.all<{ id: number }>(sql`
      INSERT INTO orders (user_id, site_id, package_key, credits, currency, amount_cents, discount_code_id, discount_cents, method, status, terms_accepted_at, created_at)
      SELECT ${order.userId}, ${order.siteId}, ${order.packageKey}, ${order.credits}, ${order.currency}, ${order.amountCents},
        ${order.discountCodeId}, ${order.discountCents}, ${order.method}, 'open', ${createdS}, ${createdS}
      WHERE NOT ${held} AND NOT ${overLimit}
      RETURNING id`),
    // changes() is the order insert's: a reservation (or a released one taken over) only with a new order.
    db.run(sql`
      INSERT INTO discount_code_uses (code_id, user_id, order_id, created_at)
      SELECT discount_code_id, user_id, id, ${createdS} FROM orders
      WHERE id = (SELECT max(id) FROM orders WHERE user_id = ${order.userId}) AND ${codeId === null ? 0 : 1} AND changes() = 1
      ON CONFLICT (code_id, user_id) DO UPDATE SET order_id = excluded.order_id, created_at = excluded.created_at, consumed_at = NULL`),
  ]);
  const id = inserted[0]?.id;
  if (id !== undefined) return { status: "stored", id: Number(id) };
  return Number(checks[0]?.held) ? { status: "code_held" } : { status: "direct_debit_limit" };
}
