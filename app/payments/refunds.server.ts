/**
 * Refunds (product.md §10): a purchase whose credits are all unused may be refunded within the
 * site's `refund_days` of payment. The provider refunds the money; the credits go back through the
 * ledger.
 */
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { takeBackRefund } from "./payment-sync.server";
import { PaymentProviderError, type PaymentProvider } from "./provider.server";

const { orders, payments, creditLedger, users } = schema;

export type RefundRefusal = "not_paid" | "too_late" | "credits_used";

type RefundableOrder = Pick<typeof orders.$inferSelect, "id" | "userId" | "status" | "paidAt" | "credits" | "refundedAt">;

/** Why an order cannot be refunded now, or null when it can. */
export async function refundRefusal(
  db: Database,
  order: RefundableOrder,
  input: { refundDays: number; now: Date },
): Promise<RefundRefusal | null> {
  if (order.status !== "paid" || !order.paidAt || order.refundedAt) return "not_paid";
  if (input.now.getTime() - order.paidAt.getTime() > input.refundDays * 86_400_000) return "too_late";
  const [spent, user] = await db.batch([
    db
      .select({ id: creditLedger.id })
      .from(creditLedger)
      .where(
        and(
          eq(creditLedger.userId, order.userId),
          inArray(creditLedger.reason, ["message", "photo", "gift"]),
          gt(creditLedger.createdAt, order.paidAt),
        ),
      )
      .limit(1),
    db.select({ credits: users.credits }).from(users).where(eq(users.id, order.userId)),
  ]);
  if (spent.length > 0 || (user[0]?.credits ?? 0) < order.credits) return "credits_used";
  return null;
}

export type RefundOutcome =
  | { status: "refunded" }
  | { status: "not_found" }
  | { status: "refused"; reason: RefundRefusal }
  | { status: "provider_error" };

export async function refundOrder(
  db: Database,
  provider: PaymentProvider,
  input: { userId: number; orderId: number; refundDays: number; now: Date },
): Promise<RefundOutcome> {
  const order = await db.query.orders.findFirst({ where: and(eq(orders.id, input.orderId), eq(orders.userId, input.userId)) });
  if (!order) return { status: "not_found" };
  const refusal = await refundRefusal(db, order, input);
  if (refusal) return { status: "refused", reason: refusal };
  const payment = await db.query.payments.findFirst({
    where: and(eq(payments.orderId, order.id), eq(payments.status, "paid")),
  });
  if (!payment) return { status: "refused", reason: "not_paid" };

  // Claim the refund first: a second click or tab finds it taken and asks the provider nothing.
  const claimed = await db
    .update(orders)
    .set({ refundedAt: input.now })
    .where(and(eq(orders.id, order.id), eq(orders.status, "paid"), isNull(orders.refundedAt)))
    .returning({ id: orders.id });
  if (claimed.length === 0) return { status: "refused", reason: "not_paid" };

  try {
    await provider.createRefund({
      paymentId: payment.providerPaymentId,
      amountCents: order.amountCents,
      currency: order.currency,
      description: `Refund #${order.id}`,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.error(`refund of order ${order.id} failed`, error.message);
    await db.run(sql`UPDATE orders SET refunded_at = NULL WHERE id = ${order.id} AND status = 'paid'`);
    return { status: "provider_error" };
  }
  await takeBackRefund(db, order, input.now);
  return { status: "refunded" };
}

/** Whether the member may refund this order of theirs now. */
export async function isRefundable(
  db: Database,
  input: { userId: number; orderId: number; refundDays: number; now: Date },
): Promise<boolean> {
  const order = await db.query.orders.findFirst({ where: and(eq(orders.id, input.orderId), eq(orders.userId, input.userId)) });
  return order ? (await refundRefusal(db, order, input)) === null : false;
}
