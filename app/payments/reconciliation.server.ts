/**
 * Reconciliation (issue 29, ADR 045): every five minutes the orders still waiting for their payment
 * are read again from the provider and brought in step through the same sync as the webhook
 * (`applyProviderPayment`). It catches what the webhook missed: a webhook that never came, one
 * throttled beyond the reads per payment (ADR 040), or one whose read failed more often than the
 * provider retries. Crediting is keyed by the order in the ledger, so a payment the webhook, the
 * member's return and this job all see is credited once.
 *
 * It also ends orders whose payment was never made: the order row was written, the provider then
 * failed, and even marking the order failed was lost. Such an order holds its discount code; after
 * ten minutes it is marked failed and the code is free again.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { notLeased, takeLeases } from "~/jobs/leases.server";
import { applyProviderPayment } from "./payment-sync.server";
import { PaymentProviderError, type PaymentProvider } from "./provider.server";

export const RECONCILIATION = {
  /** Younger orders are left to the member (still at the checkout) and the webhook. */
  minAgeSeconds: 10 * 60,
  /** Older ones are left alone: the provider has long reported them (or a person should look). */
  maxAgeSeconds: 2 * 24 * 60 * 60,
  /** Orders read per run, oldest first. */
  batch: 50,
  /** A run's claim on an order: shorter than the five-minute schedule, so the next run reads it again. */
  leaseSeconds: 4 * 60,
  /** After its first hour, an order still waiting (a direct debit takes days) is read once an hour. */
  hourlyAfterSeconds: 60 * 60,
  hourlyLeaseSeconds: 59 * 60,
} as const;

const LEASE = "reconcile-order";

export type ReconciliationResult = {
  /** Orders read from the provider. */
  checked: number;
  /** Of those, paid now (credited by this run or before it). */
  paid: number;
  /** Provider calls that failed; the orders stay for the next run. */
  failed: number;
  /** Orders without a payment, marked failed. */
  abandoned: number;
};

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export async function reconcileOrders(
  db: Database,
  provider: PaymentProvider,
  input: { now: Date; batch?: number },
): Promise<ReconciliationResult> {
  const { now } = input;
  const nowS = seconds(now);
  const settledBefore = nowS - RECONCILIATION.minAgeSeconds;

  // Orders of a payment that never was, in one batch with the release of their codes.
  const [abandoned] = await db.batch([
    db.all<{ id: number }>(sql`
      UPDATE orders SET status = 'failed'
      WHERE status = 'open' AND created_at <= ${settledBefore}
        AND NOT EXISTS (SELECT 1 FROM payments WHERE payments.order_id = orders.id)
      RETURNING id`),
    // A reservation of an order that can no longer be paid holds nothing (codeHeld): tidy it away.
    db.run(sql`
      DELETE FROM discount_code_uses
      WHERE consumed_at IS NULL
        AND EXISTS (SELECT 1 FROM orders o WHERE o.id = discount_code_uses.order_id AND o.status IN ('failed', 'canceled', 'expired'))`),
  ]);
  for (const { id } of abandoned) console.warn(`order ${id}: no payment was ever made for it; marked failed`);

  const claimed = await takeLeases(
    db,
    LEASE,
    sql`
      SELECT o.id FROM orders o
      WHERE o.status IN ('open', 'pending')
        AND o.created_at <= ${settledBefore} AND o.created_at > ${nowS - RECONCILIATION.maxAgeSeconds}
        AND EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.provider = ${provider.name})
        AND ${notLeased(
          LEASE,
          sql`o.id`,
          sql`${nowS} - CASE WHEN o.created_at > ${nowS - RECONCILIATION.hourlyAfterSeconds}
            THEN ${RECONCILIATION.leaseSeconds} ELSE ${RECONCILIATION.hourlyLeaseSeconds} END`,
        )}
      ORDER BY o.created_at, o.id
      LIMIT ${input.batch ?? RECONCILIATION.batch}`,
    now,
  );
  const result: ReconciliationResult = { checked: 0, paid: 0, failed: 0, abandoned: abandoned.length };
  if (claimed.length === 0) return result;

  const rows = await db.all<{ orderId: number; paymentRowId: number; providerPaymentId: string }>(sql`
    SELECT o.id AS orderId, p.id AS paymentRowId, p.provider_payment_id AS providerPaymentId
    FROM orders o
    JOIN payments p ON p.id = (SELECT max(id) FROM payments WHERE order_id = o.id AND provider = ${provider.name})
    WHERE o.id IN (${sql.join(claimed, sql`, `)})
    ORDER BY o.created_at, o.id`);

  for (const row of rows) {
    let remote: Awaited<ReturnType<PaymentProvider["getPayment"]>>;
    try {
      remote = await provider.getPayment(row.providerPaymentId);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      result.failed += 1;
      console.error(`reconciling order ${row.orderId}: payment ${row.providerPaymentId} could not be read`, error.message);
      // Down or silent: the rest of the batch would only wait for it too. The next run tries again.
      if (error.unavailable) break;
      continue;
    }
    result.checked += 1;
    if (!remote) {
      console.error(`reconciling order ${row.orderId}: the provider does not know payment ${row.providerPaymentId}`);
      continue;
    }
    const synced = await applyProviderPayment(db, {
      paymentRowId: Number(row.paymentRowId),
      orderId: Number(row.orderId),
      remote,
      now,
    });
    if (synced.status === "synced" && synced.orderStatus === "paid") result.paid += 1;
  }
  return result;
}
