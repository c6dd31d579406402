/**
 * Refunds (product.md §10): a purchase whose credits are all unused may be refunded within the
 * site's `refund_days` of payment. The member either keeps the credits or gets the money, never
 * both, however many messages and refund clicks arrive together:
 *
 * 1. one statement checks that the purchase is unused and takes its credits back (the ledger's
 *    batch, guarded by `unusedPurchase`), claiming the order in the same transaction; a message
 *    sent after that finds the credits gone;
 * 2. only then the provider refunds the money;
 * 3. when the provider refuses or does not answer, the payment is read back: a refund whose
 *    answer was lost shows there and stands; otherwise the credits come back (a ledger row of
 *    their own) and the order is released, so the member can try again.
 *
 * "Unused" compares ledger row ids, not times: a message paid in the same second as the purchase
 * still counts as use.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { schema, type Database } from "~/db/client.server";
import { applyCredits, balanceMoved } from "~/credits/ledger.server";
import { premiumFromPaidOrders, refundUnclaimed } from "./payment-sync.server";
import { PaymentProviderError, type PaymentProvider } from "./provider.server";

const { orders, payments } = schema;

export type RefundRefusal = "not_paid" | "too_late" | "credits_used";

type RefundableOrder = Pick<typeof orders.$inferSelect, "id" | "userId" | "status" | "paidAt" | "credits" | "refundedAt">;

/** Spending that uses a purchase's credits: what members pay for. */
const SPENDING = sql`('message', 'photo', 'gift')`;

/**
 * True while none of the purchase's credits were spent: nothing paid for since its ledger row and
 * its credits all still on the balance. Usable as the ledger's guard, so it is checked in the very
 * statement that takes the credits back.
 */
function unusedPurchase(order: Pick<RefundableOrder, "id" | "userId" | "credits">): SQL {
  return sql`(
    (SELECT credits FROM users WHERE id = ${order.userId}) >= ${order.credits}
    AND NOT EXISTS (
      SELECT 1 FROM credit_ledger
      WHERE user_id = ${order.userId} AND reason IN ${SPENDING}
        AND id > (SELECT id FROM credit_ledger WHERE cause_key = ${`order:${order.id}`})
    )
  )`;
}

function timeRefusal(order: RefundableOrder, input: { refundDays: number; now: Date }): RefundRefusal | null {
  if (order.status !== "paid" || !order.paidAt || order.refundedAt) return "not_paid";
  if (input.now.getTime() - order.paidAt.getTime() > input.refundDays * 86_400_000) return "too_late";
  return null;
}

/** Why an order cannot be refunded now, or null when it can (what the receipt shows). */
export async function refundRefusal(
  db: Database,
  order: RefundableOrder,
  input: { refundDays: number; now: Date },
): Promise<RefundRefusal | null> {
  const refusal = timeRefusal(order, input);
  if (refusal) return refusal;
  const [row] = await db.all<{ unused: number }>(sql`SELECT ${unusedPurchase(order)} AS unused`);
  return Number(row?.unused) ? null : "credits_used";
}

export type RefundOutcome =
  | { status: "refunded" }
  | { status: "not_found" }
  | { status: "refused"; reason: RefundRefusal }
  | { status: "provider_error" };

/**
 * Statements that join the refund's own transactions (the operator console's audit entries):
 * `claimed` runs in the batch that takes the credits back and claims the order, `released` in the
 * one that gives them back when the provider did not refund. Each runs only when its batch changed
 * the order (guard them with `changes() > 0`: the statement before them is the order's UPDATE).
 */
export type RefundEffects = { claimed?: BatchItem<"sqlite">[]; released?: BatchItem<"sqlite">[] };

export async function refundOrder(
  db: Database,
  provider: PaymentProvider,
  input: { userId: number; orderId: number; refundDays: number; now: Date },
  effects: RefundEffects = {},
): Promise<RefundOutcome> {
  const [[order], [payment]] = await db.batch([
    db
      .select()
      .from(orders)
      .where(and(eq(orders.id, input.orderId), eq(orders.userId, input.userId))),
    db
      .select({ providerPaymentId: payments.providerPaymentId })
      .from(payments)
      .where(and(eq(payments.orderId, input.orderId), eq(payments.status, "paid")))
      .limit(1),
  ]);
  if (!order) return { status: "not_found" };
  const refusal = timeRefusal(order, input);
  if (refusal) return { status: "refused", reason: refusal };
  if (!payment) return { status: "refused", reason: "not_paid" };

  // The credits come back and the order is claimed in one transaction, or neither happens.
  const attempt = `${order.id}:${input.now.getTime()}`;
  const taken = await applyCredits(
    db,
    {
      userId: order.userId,
      delta: -order.credits,
      reason: "refund",
      causeKey: `refund:${attempt}`,
      guard: sql`${refundUnclaimed(order.id)} AND ${unusedPurchase(order)}`,
    },
    [
      db.run(sql`UPDATE orders SET refunded_at = ${Math.floor(input.now.getTime() / 1000)} WHERE id = ${order.id} AND ${balanceMoved}`),
      ...(effects.claimed ?? []),
    ],
  );
  if (taken.status !== "applied") {
    // Another click claimed it, or credits were spent: say which, from the state as it is now.
    const fresh = await db.query.orders.findFirst({ where: eq(orders.id, order.id) });
    const reason = fresh ? await refundRefusal(db, fresh, input) : "not_paid";
    return { status: "refused", reason: reason ?? "not_paid" };
  }

  try {
    await provider.createRefund({
      paymentId: payment.providerPaymentId,
      amountCents: order.amountCents,
      currency: order.currency,
      description: `Refund #${order.id}`,
      // A retry of this call after a lost answer refunds once.
      idempotencyKey: `refund-${order.id}-${crypto.randomUUID()}`,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.error(`refund of order ${order.id} failed`, error.message);
    // A call without an answer may still have refunded (the answer lost on the way back), and a
    // refusal may mean an earlier such refund landed: the payment itself says whether the money went.
    if (!(await refundedAtProvider(provider, payment.providerPaymentId, order.amountCents))) {
      // The money stays with us, so the credits go back to the member and the order is free again;
      // unless the provider's webhook has meanwhile reported the refund after all (the order is
      // refunded then, and the credits stay taken).
      const stillClaimed = sql`EXISTS (SELECT 1 FROM orders WHERE id = ${order.id} AND status = 'paid' AND refunded_at IS NOT NULL)`;
      const causeKey = `refund-failed:${attempt}`;
      await applyCredits(db, { userId: order.userId, delta: order.credits, reason: "adjustment", causeKey, guard: stillClaimed }, [
        db.run(sql`UPDATE orders SET refunded_at = NULL WHERE id = ${order.id} AND status = 'paid' AND ${balanceMoved}`),
        ...(effects.released ?? []),
      ]);
      return { status: "provider_error" };
    }
  }
  await db.batch([db.update(orders).set({ status: "refunded" }).where(eq(orders.id, order.id)), premiumFromPaidOrders(db, order.userId)]);
  return { status: "refunded" };
}

/**
 * Whether the provider holds the payment as refunded in full. Unknown (the provider unreachable
 * again) counts as no: the credits go back, and should the refund land after all, the provider's
 * webhook reports it and the sync takes them back (payment-sync.server.ts, `takeBackRefund`).
 */
async function refundedAtProvider(provider: PaymentProvider, paymentId: string, amountCents: number): Promise<boolean> {
  try {
    const remote = await provider.getPayment(paymentId);
    return remote !== null && remote.amountRefundedCents >= amountCents;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.error(`payment ${paymentId}: could not check whether its refund went through`, error.message);
    return false;
  }
}

/** Whether the member may refund this order of theirs now. */
export async function isRefundable(
  db: Database,
  input: { userId: number; orderId: number; refundDays: number; now: Date },
): Promise<boolean> {
  const order = await db.query.orders.findFirst({ where: and(eq(orders.id, input.orderId), eq(orders.userId, input.userId)) });
  return order ? (await refundRefusal(db, order, input)) === null : false;
}
