/**
 * Reconciliation (issue 30, ADR 050, after ADR 045): every fifteen minutes the payments and the
 * refunds of the last 48 hours are read from the provider, a page of 250 at a time, newest first,
 * and whatever differs from our books is brought in step through the webhook's own path
 * (`applyProviderPayment`). It applies what a lost webhook would have brought: a payment paid,
 * failed or expired; a charge-back, or its reversal; a refund made in the dashboard, or one that
 * failed. Every effect is keyed in the ledger, so a change the webhook, the member's return and
 * this job all see is applied once, and two runs at once do no harm.
 *
 * It also ends orders whose payment was never recorded: the order row was written, the provider
 * then failed, and even marking the order failed was lost. A payment the provider made for such an
 * order (its answer lost on the way back) is found in the list by its `order_id` metadata and
 * attached; an order without one is marked failed after ten minutes, freeing its discount code.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { applyProviderPayment } from "./payment-sync.server";
import { PaymentProviderError, type PaymentProvider, type ProviderPayment, type ProviderRefund } from "./provider.server";

export const RECONCILIATION = {
  /** How far back payments and refunds are read: longer than Mollie retries a webhook (about a day). */
  windowSeconds: 48 * 60 * 60,
  /** Mollie's largest page. */
  pageLimit: 250,
  /** Pages read of each list per run at most (5,000 payments): the subrequests a cron run may make. */
  maxPages: 20,
  /** An order without any payment is left this long to its checkout before it is failed. */
  abandonedAfterSeconds: 10 * 60,
  /** A payment found for an order without one must have been made within this time of the order. */
  orphanWindowSeconds: 10 * 60,
} as const;

export type ReconciliationResult = {
  /** Payments and refunds read from the provider. */
  read: number;
  /** Payments of ours that differed from our books and were brought in step. */
  applied: number;
  /** Orders paid by this run (credited by it, or before it by a webhook running alongside). */
  paid: number;
  /** Payments whose order had none recorded, attached by their `order_id`. */
  attached: number;
  /** Provider calls that failed; what they would have brought waits for the next run. */
  failed: number;
  /** Orders without a payment, marked failed. */
  abandoned: number;
};

type OurPayment = {
  paymentRowId: number;
  providerPaymentId: string;
  paymentStatus: string;
  orderId: number;
  orderStatus: string;
  refundedAt: number | null;
};

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export async function reconcilePayments(db: Database, provider: PaymentProvider, input: { now: Date }): Promise<ReconciliationResult> {
  const { now } = input;
  const since = now.getTime() - RECONCILIATION.windowSeconds * 1000;
  const result: ReconciliationResult = { read: 0, applied: 0, paid: 0, attached: 0, failed: 0, abandoned: 0 };

  const seen = new Set<string>();
  await readPages(provider.listPayments, since, result, async (page) => {
    for (const remote of page) seen.add(remote.id);
    const ours = await ourPayments(
      db,
      provider,
      page.map((p) => p.id),
    );
    const orphans = await attachOrphans(
      db,
      provider,
      page.filter((p) => !ours.has(p.id)),
      now,
    );
    result.attached += orphans.size;
    for (const remote of page) {
      const row = ours.get(remote.id) ?? orphans.get(remote.id);
      if (row && differs(row, remote)) await apply(db, provider, row, remote, now, result);
    }
  });

  await readPages(provider.listRefunds, since, result, async (page) => {
    // A refund of a payment older than the window (the payments list did not show it).
    const paymentIds = [...new Set(page.map((r) => r.paymentId).filter((id) => !seen.has(id)))];
    const ours = await ourPayments(db, provider, paymentIds);
    for (const paymentId of paymentIds) {
      seen.add(paymentId);
      const row = ours.get(paymentId);
      if (
        !row ||
        !refundsDiffer(
          row,
          page.filter((r) => r.paymentId === paymentId),
        )
      )
        continue;
      const remote = await provider.getPayment(paymentId);
      if (remote) await apply(db, provider, row, remote, now, result);
    }
  });

  result.abandoned = await failAbandonedOrders(db, now);
  return result;
}

/**
 * Reads a list a page at a time until it reaches items older than `since`, its end, or the page
 * limit. A provider failure is logged and ends the list for this run (the next run reads it again);
 * a failure of the database is not caught: the run fails and is logged by the cron runner.
 */
async function readPages<T extends { createdAt: Date }>(
  list: (input: { from: string | null; limit: number }) => Promise<{ items: T[]; next: string | null }>,
  since: number,
  result: ReconciliationResult,
  handle: (items: T[]) => Promise<void>,
) {
  let from: string | null = null;
  for (let pages = 0; pages < RECONCILIATION.maxPages; pages += 1) {
    let page: { items: T[]; next: string | null };
    try {
      page = await list({ from, limit: RECONCILIATION.pageLimit });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      result.failed += 1;
      console.error("reconciling payments: a list could not be read from the provider", error.message);
      return;
    }
    const recent = page.items.filter((item) => item.createdAt.getTime() >= since);
    result.read += recent.length;
    try {
      await handle(recent);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      result.failed += 1;
      console.error("reconciling payments: the provider failed while a page was applied", error.message);
      if (error.unavailable) return;
    }
    if (recent.length < page.items.length || !page.next) return;
    from = page.next;
  }
  console.warn(`reconciling payments: stopped after ${RECONCILIATION.maxPages} pages; the rest waits for the next run`);
}

/** Our payments among these provider ids, with their orders: one query for a page. */
async function ourPayments(db: Database, provider: PaymentProvider, ids: string[]): Promise<Map<string, OurPayment>> {
  if (ids.length === 0) return new Map();
  const rows = await db.all<OurPayment>(sql`
    SELECT p.id AS paymentRowId, p.provider_payment_id AS providerPaymentId, p.status AS paymentStatus,
      o.id AS orderId, o.status AS orderStatus, o.refunded_at AS refundedAt
    FROM payments p JOIN orders o ON o.id = p.order_id
    WHERE p.provider = ${provider.name} AND p.provider_payment_id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return new Map(
    rows.map((row) => [row.providerPaymentId, { ...row, paymentRowId: Number(row.paymentRowId), orderId: Number(row.orderId) }]),
  );
}

/**
 * Payments the provider made for our orders whose answer never reached the checkout (the create
 * timed out after Mollie did it): matched by `order_id` and `site` metadata, amount, currency and
 * time, for an order that has no payment recorded. The payment row is written so that the sync can apply it.
 */
async function attachOrphans(db: Database, provider: PaymentProvider, page: ProviderPayment[], now: Date) {
  const attached = new Map<string, OurPayment>();
  const candidates = page.filter((p) => Number.isInteger(Number(p.metadata?.order_id)) && Number(p.metadata?.order_id) > 0);
  if (candidates.length === 0) return attached;
  const orders = await db.all<{
    id: number;
    site: string;
    amountCents: number;
    currency: string;
    status: string;
    createdAt: number;
    method: string | null;
  }>(sql`
    SELECT o.id, s.key AS site, o.amount_cents AS amountCents, o.currency, o.status, o.created_at AS createdAt, o.method
    FROM orders o JOIN sites s ON s.id = o.site_id
    WHERE o.id IN (${sql.join(
      candidates.map((p) => sql`${Number(p.metadata?.order_id)}`),
      sql`, `,
    )}) AND NOT EXISTS (SELECT 1 FROM payments WHERE payments.order_id = o.id)`);
  for (const remote of candidates) {
    const order = orders.find((o) => Number(o.id) === Number(remote.metadata?.order_id));
    // The metadata the checkout sent (order id and site), the amount and the time must all agree:
    // another deployment on the same Mollie account has order ids of its own.
    if (!order || remote.metadata?.site !== order.site) continue;
    if (Number(order.amountCents) !== remote.amountCents || order.currency !== remote.currency) continue;
    if (Math.abs(seconds(remote.createdAt) - Number(order.createdAt)) > RECONCILIATION.orphanWindowSeconds) continue;
    const [row] = await db.all<{ id: number }>(sql`
      INSERT INTO payments (order_id, provider, provider_payment_id, method, status, amount_cents, currency, checkout_url, created_at, updated_at)
      VALUES (${order.id}, ${provider.name}, ${remote.id}, ${order.method ?? remote.method ?? "unknown"}, 'open', ${remote.amountCents}, ${remote.currency},
        NULL, ${seconds(remote.createdAt)}, ${seconds(now)})
      ON CONFLICT (provider, provider_payment_id) DO NOTHING
      RETURNING id`);
    if (!row) continue;
    console.warn(`order ${order.id}: payment ${remote.id} made at the provider without our knowing; attached`);
    attached.set(remote.id, {
      paymentRowId: Number(row.id),
      providerPaymentId: remote.id,
      paymentStatus: "open",
      orderId: Number(order.id),
      orderStatus: order.status,
      refundedAt: null,
    });
  }
  return attached;
}

/** Whether the provider's payment says something our books do not show yet. */
function differs(row: OurPayment, remote: ProviderPayment): boolean {
  if (row.paymentStatus !== remote.status) return true;
  switch (remote.status) {
    case "paid": {
      if (!["paid", "refunded", "charged_back"].includes(row.orderStatus)) return true;
      if (remote.amountChargedBackCents > 0) return row.orderStatus !== "charged_back";
      if (row.orderStatus === "charged_back") return true;
      const refunded = remote.amountRefundedCents >= remote.amountCents;
      // Refunded at the provider but not here; or claimed here while the provider holds no refund (it failed).
      return refunded ? row.orderStatus !== "refunded" : row.refundedAt !== null && row.orderStatus === "refunded";
    }
    case "failed":
    case "canceled":
    case "expired":
      return row.orderStatus === "open" || row.orderStatus === "pending";
    default:
      return false;
  }
}

/** Whether a payment's refunds say something our books do not show yet: one failed, or one made elsewhere. */
function refundsDiffer(row: OurPayment, refunds: ProviderRefund[]): boolean {
  const failed = refunds.some((r) => r.status === "failed" || r.status === "canceled");
  const standing = refunds.some((r) => r.status !== "failed" && r.status !== "canceled");
  return (failed && row.refundedAt !== null) || (standing && row.orderStatus === "paid" && row.refundedAt === null);
}

async function apply(
  db: Database,
  provider: PaymentProvider,
  row: OurPayment,
  remote: ProviderPayment,
  now: Date,
  result: ReconciliationResult,
) {
  const synced = await applyProviderPayment(db, provider, { paymentRowId: row.paymentRowId, orderId: row.orderId, remote, now });
  result.applied += 1;
  if (synced.status === "synced" && synced.orderStatus === "paid" && row.orderStatus !== "paid") result.paid += 1;
  if (synced.status === "synced")
    console.warn(`reconciled order ${row.orderId} with payment ${remote.id}: ${row.orderStatus} → ${synced.orderStatus}`);
}

/** Open orders without any payment after ten minutes: failed, in one batch with the release of the codes they held. */
async function failAbandonedOrders(db: Database, now: Date): Promise<number> {
  const before = seconds(now) - RECONCILIATION.abandonedAfterSeconds;
  const [abandoned] = await db.batch([
    db.all<{ id: number }>(sql`
      UPDATE orders SET status = 'failed'
      WHERE status = 'open' AND created_at <= ${before}
        AND NOT EXISTS (SELECT 1 FROM payments WHERE payments.order_id = orders.id)
      RETURNING id`),
    // A reservation of an order that can no longer be paid holds nothing (codeHeld): tidy it away.
    db.run(sql`
      DELETE FROM discount_code_uses
      WHERE consumed_at IS NULL
        AND EXISTS (SELECT 1 FROM orders o WHERE o.id = discount_code_uses.order_id AND o.status IN ('failed', 'canceled', 'expired'))`),
  ]);
  for (const { id } of abandoned) console.warn(`order ${id}: no payment was ever made for it; marked failed`);
  return abandoned.length;
}
