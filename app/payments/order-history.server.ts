/**
 * What a member bought: the transactions list and one order's details, and the earlier purchases
 * the repeat-order list offers again. A member only ever sees their own orders.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import type { Offer } from "./checkout.server";
import type { PaymentMethodKey } from "~/sites/payment-methods";

const { orders, discountCodes } = schema;

export type OrderSummary = {
  id: number;
  createdAt: string;
  paidAt: string | null;
  packageKey: string;
  credits: number;
  amountCents: number;
  discountCents: number;
  currency: string;
  method: string | null;
  status: (typeof orders.$inferSelect)["status"];
};

const summaryColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  packageKey: orders.packageKey,
  credits: orders.credits,
  amountCents: orders.amountCents,
  discountCents: orders.discountCents,
  currency: orders.currency,
  method: orders.method,
  status: orders.status,
};

type SummaryRow = Omit<OrderSummary, "createdAt" | "paidAt"> & { createdAt: Date; paidAt: Date | null };

const toSummary = (row: SummaryRow): OrderSummary => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
});

/** Every order the member placed, newest first. */
export async function listOrders(db: Database, userId: number, limit = 100): Promise<OrderSummary[]> {
  const rows = await db.select(summaryColumns).from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.id)).limit(limit);
  return rows.map(toSummary);
}

export async function findOrder(db: Database, input: { userId: number; orderId: number }): Promise<OrderDetails | null> {
  const found = await findOrderRow(db, input);
  return found && orderDetails(found.order, found.discountCode);
}

/** One order of the member, every column, with the code of its discount: the one read of the checkout's return. */
export async function findOrderRow(db: Database, input: { userId: number; orderId: number }) {
  const [row] = await db
    .select({ order: orders, discountCode: discountCodes.code })
    .from(orders)
    .leftJoin(discountCodes, eq(discountCodes.id, orders.discountCodeId))
    .where(and(eq(orders.id, input.orderId), eq(orders.userId, input.userId)))
    .limit(1);
  return row ?? null;
}

export type OrderDetails = OrderSummary & { discountCode: string | null; refundedAt: string | null; chargedBackAt: string | null };

/** What the member is shown of an order row. */
export function orderDetails(order: typeof orders.$inferSelect, discountCode: string | null): OrderDetails {
  return {
    ...toSummary({
      id: order.id,
      createdAt: order.createdAt,
      paidAt: order.paidAt,
      packageKey: order.packageKey,
      credits: order.credits,
      amountCents: order.amountCents,
      discountCents: order.discountCents,
      currency: order.currency,
      method: order.method,
      status: order.status,
    }),
    discountCode,
    refundedAt: order.refundedAt?.toISOString() ?? null,
    chargedBackAt: order.chargedBackAt?.toISOString() ?? null,
  };
}

export type RepeatableOrder = {
  orderId: number;
  packageKey: string;
  method: PaymentMethodKey;
  credits: number;
  amountCents: number;
  currency: string;
  paidAt: string;
};

/**
 * The member's earlier purchases as one entry per package and method, newest first, priced by
 * today's price list (the discount of back then does not come again). Only packages and methods the
 * checkout still offers them (`offerFor`: `resolveOffer`, ADR 058), so a repeat never leads to a
 * checkout that refuses its method.
 */
export async function repeatableOrders(
  db: Database,
  input: { userId: number; offerFor: (packageKey: string) => Promise<Offer | null> },
): Promise<RepeatableOrder[]> {
  const rows = await db
    .select({ id: orders.id, packageKey: orders.packageKey, method: orders.method, paidAt: orders.paidAt })
    .from(orders)
    .where(and(eq(orders.userId, input.userId), inArray(orders.status, ["paid", "refunded"])))
    .orderBy(desc(orders.id))
    .limit(50);
  const packageKeys = [...new Set(rows.map((row) => row.packageKey))];
  const offers = new Map(await Promise.all(packageKeys.map(async (key) => [key, await input.offerFor(key)] as const)));
  const seen = new Set<string>();
  const result: RepeatableOrder[] = [];
  for (const row of rows) {
    const offer = offers.get(row.packageKey);
    const method = offer?.methods.find((m) => m === row.method);
    const key = `${row.packageKey}/${row.method}`;
    if (!offer || !method || !row.paidAt || seen.has(key)) continue;
    seen.add(key);
    result.push({
      orderId: row.id,
      packageKey: offer.pkg.packageKey,
      method,
      credits: offer.pkg.credits,
      amountCents: offer.pkg.amountCents,
      currency: offer.pkg.currency,
      paidAt: row.paidAt.toISOString(),
    });
  }
  return result.slice(0, 5);
}
