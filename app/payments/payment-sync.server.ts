/**
 * Bringing an order in step with its payment at the provider. The webhook only names a payment id;
 * the status is always fetched from the provider (never taken from the request), so a forged call
 * changes nothing. Every effect is keyed by the order in the ledger ("order:42",
 * "chargeback:42", "refund:42"): webhooks arriving before or after the member's return, five at
 * once, or again a week later, credit an order exactly once.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { schema, type Database } from "~/db/client.server";
import { applyCredits, balanceMoved, causeIsNew } from "~/credits/ledger.server";
import { hit } from "~/security/rate-limit.server";
import { blockMandate } from "./direct-debit.server";
import { releaseReservedCode } from "./discount-codes.server";
import { findOrderRow, orderDetails, type OrderDetails } from "./order-history.server";
import { PaymentProviderError, type PaymentProvider, type ProviderPayment } from "./provider.server";

const { orders, payments } = schema;

export type OrderStatus = (typeof orders.$inferSelect)["status"];

type Order = typeof orders.$inferSelect;

/** Statuses from which a payment may still complete. */
const UNSETTLED: OrderStatus[] = ["open", "pending", "failed", "canceled", "expired"];

export type SyncOutcome =
  | { status: "unknown" }
  | { status: "throttled" }
  /** `order`: the order row as the sync left it. */
  | { status: "synced"; orderId: number; orderStatus: OrderStatus; order: Order };

/**
 * How often the webhook may read one payment from the provider (ADR 040). The webhook is
 * unauthenticated: without a limit, anyone who knows a payment id makes us call the provider at
 * will. The provider calls a few times per change; the member's return and reconciliation sync
 * on their own.
 */
export const WEBHOOK_READS_PER_PAYMENT = { limit: 5, windowSeconds: 60 } as const;

/**
 * The webhook: syncs the order of a payment id, if it is one of ours and the provider knows it.
 * Beyond WEBHOOK_READS_PER_PAYMENT the provider is not asked ("throttled").
 */
export async function syncPaymentById(
  db: Database,
  provider: PaymentProvider,
  input: { providerPaymentId: string; now: Date },
): Promise<SyncOutcome> {
  // The order is read with its payment and before the provider is asked: a payment read after the
  // order is at least as new as what any call before wrote into it (see `applyProviderPayment`).
  const [found] = await db
    .select({ paymentRowId: payments.id, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.provider, provider.name), eq(payments.providerPaymentId, input.providerPaymentId)))
    .limit(1);
  if (!found) return { status: "unknown" };
  const row = { id: found.paymentRowId, orderId: found.order.id };
  const key = `webhook-read:${provider.name}:${input.providerPaymentId}`;
  if (!(await hit(db, { key, ...WEBHOOK_READS_PER_PAYMENT }, input.now))) return { status: "throttled" };
  const received = { orderId: row.orderId, providerPaymentId: input.providerPaymentId, receivedAt: input.now };
  let remote: ProviderPayment | null;
  try {
    remote = await provider.getPayment(input.providerPaymentId);
  } catch (error) {
    if (error instanceof PaymentProviderError)
      await recordWebhook(db, { ...received, reportedStatus: null, outcome: sql`'provider_unavailable'` });
    throw error;
  }
  if (!remote) {
    await recordWebhook(db, { ...received, reportedStatus: null, outcome: sql`'unknown_at_provider'` });
    return { status: "unknown" };
  }
  return applyProviderPayment(db, provider, {
    paymentRowId: row.id,
    orderId: row.orderId,
    order: found.order,
    remote,
    now: input.now,
    webhook: true,
  });
}

/**
 * A webhook call that read the payment at the provider, as the console's order history shows it
 * (ADR 055). Only calls for our own payments within WEBHOOK_READS_PER_PAYMENT are recorded, so
 * guessed ids and floods leave no rows. `outcome` is SQL, computed in the statement that records it.
 */
function recordWebhook(
  db: Database,
  input: { orderId: number; providerPaymentId: string; receivedAt: Date; reportedStatus: string | null; outcome: SQL },
) {
  return db.run(sql`
    INSERT INTO payment_webhooks (order_id, provider_payment_id, received_at, reported_status, outcome)
    VALUES (${input.orderId}, ${input.providerPaymentId}, ${Math.floor(input.receivedAt.getTime() / 1000)}, ${input.reportedStatus}, ${input.outcome})`);
}

/**
 * What a webhook did to its order, read in the statement that records it: the order's state now
 * against `before`, its state when the webhook came.
 */
function webhookOutcome(before: Order): SQL {
  return sql`(SELECT CASE
      WHEN status = ${before.status} AND (refunded_at IS NULL) = ${before.refundedAt === null ? 1 : 0} THEN 'ignored_duplicate'
      WHEN status = 'paid' AND ${before.status} = 'charged_back' THEN 'chargeback_reversed'
      WHEN status = 'paid' AND refunded_at IS NULL AND ${before.refundedAt === null ? 0 : 1} THEN 'refund_returned'
      WHEN status = 'paid' THEN 'credited'
      WHEN status IN ('charged_back', 'refunded', 'pending') THEN status
      ELSE 'closed' END
    FROM orders WHERE id = ${before.id})`;
}

/**
 * The member's return to the checkout page (`?order=`): their order, read once, and while it still
 * waits, checked with the provider at once. When the provider cannot be reached the order shows
 * as it stands (the webhook brings the change later). Null: not one of the member's orders.
 */
export async function orderOnReturn(
  db: Database,
  provider: PaymentProvider,
  input: { userId: number; orderId: number; now: Date },
): Promise<OrderDetails | null> {
  const found = await findOrderRow(db, input);
  if (!found) return null;
  let order = found.order;
  if (order.status === "open" || order.status === "pending") {
    try {
      order = (await refreshOrder(db, provider, { order, now: input.now })) ?? order;
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
    }
  }
  return orderDetails(order, found.discountCode);
}

/** An order still waiting, checked with the provider: the order as it is after that, or null when nothing changed. */
async function refreshOrder(db: Database, provider: PaymentProvider, input: { order: Order; now: Date }): Promise<Order | null> {
  const { order } = input;
  const row = await db.query.payments.findFirst({ where: eq(payments.orderId, order.id), orderBy: (p, { desc }) => desc(p.id) });
  if (!row) return null;
  const remote = await provider.getPayment(row.providerPaymentId);
  if (!remote) return null;
  const synced = await applyProviderPayment(db, provider, { paymentRowId: row.id, orderId: order.id, order, remote, now: input.now });
  return synced.status === "synced" ? synced.order : null;
}

/**
 * Brings one order in step with its payment as the provider reports it (`remote`): the webhook, the
 * member's return and the reconciliation job all end here, and every effect is keyed, so whichever
 * comes first and however often, an order is credited once. The provider always reports the
 * payment as it is now, so the order of arrival does not matter: a `paid` webhook read after a
 * charge-back sees the charge-back, and an order credited once is never credited again.
 */
export async function applyProviderPayment(
  db: Database,
  provider: PaymentProvider,
  input: {
    paymentRowId: number;
    orderId: number;
    remote: ProviderPayment;
    now: Date;
    /**
     * The order row, when the caller read it before it asked the provider for `remote`. Without it
     * the order is read here, after `remote`, which may then be older than what another call
     * wrote into the order (a charge-back): before undoing anything the payment is read again.
     */
    order?: Order;
    /** A webhook call: recorded in `payment_webhooks` with what it did (ADR 055). */
    webhook?: boolean;
  },
): Promise<SyncOutcome> {
  const { remote, now } = input;
  const readFirst = input.order !== undefined;
  const order = input.order ?? (await db.query.orders.findFirst({ where: eq(orders.id, input.orderId) }));
  if (!order) return { status: "unknown" };
  const received = { orderId: order.id, providerPaymentId: remote.id, receivedAt: now, reportedStatus: remote.status };
  // A payment for another amount is not this order's: credit nothing and let an operator look.
  if (remote.amountCents !== order.amountCents || remote.currency !== order.currency) {
    console.error(`payment ${remote.id} does not match order ${order.id}: ${remote.amountCents} ${remote.currency}`);
    if (input.webhook) await recordWebhook(db, { ...received, outcome: sql`'amount_mismatch'` });
    return { status: "unknown" };
  }
  await db.update(payments).set({ status: remote.status, updatedAt: now }).where(eq(payments.id, input.paymentRowId));

  // A plain payment's webhook is recorded in the ledger's batch that credits it: right after the
  // balance update, changes() says whether this call credited the order or found it credited.
  const plainPayment =
    remote.status === "paid" &&
    remote.amountChargedBackCents === 0 &&
    remote.amountRefundedCents < remote.amountCents &&
    order.status !== "charged_back" &&
    !order.refundedAt;
  const recordedWithCredit = input.webhook === true && plainPayment;
  switch (remote.status) {
    case "paid":
      await creditOrder(
        db,
        order,
        now,
        recordedWithCredit
          ? [recordWebhook(db, { ...received, outcome: sql`CASE WHEN changes() > 0 THEN 'credited' ELSE 'ignored_duplicate' END` })]
          : [],
      );
      if (remote.amountChargedBackCents > 0) await chargeBackOrder(db, order, now);
      else if (order.status === "charged_back" && (readFirst || (await provider.getPayment(remote.id))?.amountChargedBackCents === 0))
        await reverseChargeBack(db, order, now);
      if (remote.amountChargedBackCents === 0 && remote.amountRefundedCents >= remote.amountCents) await takeBackRefund(db, order, now);
      else if (order.refundedAt && remote.amountRefundedCents < remote.amountCents)
        await returnFailedRefunds(db, provider, order, remote.id);
      break;
    case "failed":
    case "canceled":
    case "expired":
      await db.batch([
        db
          .update(orders)
          .set({ status: remote.status })
          .where(and(eq(orders.id, order.id), inArray(orders.status, ["open", "pending"]))),
        // The discount code this order reserved is free for the member's next order.
        releaseReservedCode(db, order.id),
      ]);
      if (remote.status === "failed" && order.method === "sdd") await blockMandate(db, order.userId);
      break;
    default:
      await db
        .update(orders)
        .set({ status: "pending" })
        .where(and(eq(orders.id, order.id), eq(orders.status, "open")));
  }
  // The writes above are conditional: what they left is read back, once, and any other webhook is
  // recorded with what it did, in the same batch.
  const readBack = db.select().from(orders).where(eq(orders.id, order.id));
  const [rows] = await (input.webhook && !recordedWithCredit
    ? db.batch([readBack, recordWebhook(db, { ...received, outcome: webhookOutcome(order) })])
    : db.batch([readBack]));
  const after = rows[0] ?? order;
  return { status: "synced", orderId: order.id, orderStatus: after.status, order: after };
}

/**
 * A paid order: its credits once, the order paid, the member premium (while a paid order stands, product.md §1), the
 * welcome bonus and the discount code used. Then credits a charge-back could not take back are
 * settled from the new balance.
 */
async function creditOrder(db: Database, order: Order, now: Date, first: BatchItem<"sqlite">[] = []) {
  const nowS = Math.floor(now.getTime() / 1000);
  // `first` runs right after the balance update, where changes() says whether this call credited.
  await applyCredits(db, { userId: order.userId, delta: order.credits, reason: "purchase", causeKey: `order:${order.id}` }, [
    ...first,
    db
      .update(orders)
      .set({ status: "paid", paidAt: now })
      .where(and(eq(orders.id, order.id), inArray(orders.status, UNSETTLED))),
    db.run(sql`
      UPDATE users SET paid_user = 1, premium_since = coalesce(premium_since, ${nowS})
      WHERE id = ${order.userId} AND EXISTS (SELECT 1 FROM orders WHERE id = ${order.id} AND status = 'paid')`),
    db.run(sql`UPDATE time_bonuses SET used_at = coalesce(used_at, ${nowS}) WHERE user_id = ${order.userId}`),
    // The code this order reserved is used now (an order from before reservations records its use).
    db.run(sql`UPDATE discount_code_uses SET consumed_at = coalesce(consumed_at, ${nowS}) WHERE order_id = ${order.id}`),
    db.run(sql`
      INSERT INTO discount_code_uses (code_id, user_id, order_id, created_at, consumed_at)
      SELECT discount_code_id, user_id, id, ${nowS}, ${nowS} FROM orders WHERE id = ${order.id} AND discount_code_id IS NOT NULL
      ON CONFLICT DO NOTHING`),
  ]);
  await settleDebt(db, order);
}

/**
 * Credits a charge-back left unpaid come off the next purchase; spending opens again once none are
 * left. What is read first may have changed when the batch runs: the debt must still be at least
 * what is taken (two purchases settling at once would otherwise both pay it; a race lost is read
 * again), and it goes down by what the ledger row really took (the balance may have dropped since,
 * by a refund of this very order, and then less, or nothing, was paid).
 */
async function settleDebt(db: Database, order: Order) {
  const causeKey = `debt:${order.id}`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const user = await db.query.users.findFirst({ columns: { creditDebt: true, credits: true }, where: eq(schema.users.id, order.userId) });
    if (!user || user.creditDebt <= 0) return;
    const taken = Math.min(user.creditDebt, user.credits);
    if (taken <= 0) return;
    const { status } = await applyCredits(
      db,
      {
        userId: order.userId,
        delta: -taken,
        reason: "chargeback",
        causeKey,
        guard: sql`EXISTS (SELECT 1 FROM users WHERE id = ${order.userId} AND credit_debt >= ${taken})`,
      },
      [
        db.run(sql`
          UPDATE users SET credit_debt = max(credit_debt + (SELECT delta FROM credit_ledger WHERE cause_key = ${causeKey}), 0)
          WHERE id = ${order.userId} AND ${balanceMoved}`),
        db.run(sql`UPDATE users SET spending_blocked = (credit_debt > 0) WHERE id = ${order.userId}`),
      ],
    );
    if (status !== "refused") return;
  }
}

/**
 * A charge-back takes the order's credits back. The balance stops at zero: what could not be taken
 * is recorded as debt, and the member cannot spend until a purchase settles it (product.md §10).
 */
async function chargeBackOrder(db: Database, order: Order, now: Date) {
  const causeKey = `chargeback:${order.id}`;
  await applyCredits(
    db,
    { userId: order.userId, delta: -order.credits, reason: "chargeback", causeKey },
    [
      db.update(orders).set({ status: "charged_back", chargedBackAt: now }).where(eq(orders.id, order.id)),
      premiumFromPaidOrders(db, order.userId),
    ],
    [recordDebt(db, order, sql`${causeIsNew(causeKey)}`)],
  );
  if (order.method === "sdd") await blockMandate(db, order.userId);
}

/**
 * A refund the provider reports that this app did not start (made in the provider's dashboard):
 * the credits go back through the ledger, and what was already spent becomes debt, as for a
 * charge-back. A refund this app started took its credits before asking the provider
 * (refunds.server.ts) and claimed the order (`refunded_at`): then only the order's status follows.
 */
async function takeBackRefund(db: Database, order: Order, now: Date) {
  const causeKey = `refund:${order.id}`;
  const unclaimed = refundUnclaimed(order.id);
  await applyCredits(
    db,
    { userId: order.userId, delta: -order.credits, reason: "refund", causeKey, guard: unclaimed },
    [
      db.run(sql`UPDATE orders SET refunded_at = ${Math.floor(now.getTime() / 1000)} WHERE id = ${order.id} AND ${balanceMoved}`),
      // Either path: the provider says the money went back.
      db.run(sql`UPDATE orders SET status = 'refunded' WHERE id = ${order.id} AND status = 'paid' AND refunded_at IS NOT NULL`),
      premiumFromPaidOrders(db, order.userId),
    ],
    [recordDebt(db, order, sql`${causeIsNew(causeKey)} AND ${unclaimed}`)],
  );
}

/**
 * What a charge-back or a refund took back is given back, once per `causeKey`: the credits it
 * really took from the balance (its ledger row, found by `takenKeys`) and the part it recorded as
 * debt. Of that debt, what is still owed is struck off; what later purchases already paid comes
 * back as credits too. `guard` says the order is still in the state to undo, and `effects` bring it
 * back to paid; all in the ledger's one transaction, which also checks that the debt read first is
 * still the debt (a purchase paying it meanwhile means reading again).
 */
async function giveBack(
  db: Database,
  order: Order,
  input: { causeKey: string; takenKeys: SQL; guard: SQL; effects: BatchItem<"sqlite">[] },
) {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [state] = await db.all<{ delta: number | null; debt: number; undoable: number }>(sql`
      SELECT (SELECT delta FROM credit_ledger WHERE user_id = ${order.userId} AND ${input.takenKeys} ORDER BY id DESC LIMIT 1) AS delta,
        credit_debt AS debt, (${input.guard}) AS undoable
      FROM users WHERE id = ${order.userId}`);
    // Nothing was taken through the ledger (the refund this app started and that failed before its
    // row was written is given back by refunds.server.ts itself), or it was given back already.
    if (!state || state.delta === null || !Number(state.undoable)) return;
    const taken = -Number(state.delta);
    const recorded = Math.max(order.credits - taken, 0);
    const struck = Math.min(recorded, Number(state.debt));
    const { status } = await applyCredits(
      db,
      {
        userId: order.userId,
        delta: taken + recorded - struck,
        reason: "adjustment",
        causeKey: input.causeKey,
        guard: sql`${input.guard} AND EXISTS (SELECT 1 FROM users WHERE id = ${order.userId} AND credit_debt = ${Number(state.debt)})`,
      },
      [
        db.run(sql`UPDATE users SET credit_debt = credit_debt - ${struck} WHERE id = ${order.userId} AND ${balanceMoved}`),
        db.run(sql`UPDATE users SET spending_blocked = (credit_debt > 0) WHERE id = ${order.userId} AND ${recorded} > 0`),
        ...input.effects,
        premiumFromPaidOrders(db, order.userId),
      ],
    );
    if (status !== "refused") return;
  }
}

/**
 * A charge-back the bank reversed (the merchant won the dispute): what the charge-back took comes
 * back, and the order is paid again.
 */
async function reverseChargeBack(db: Database, order: Order, now: Date) {
  await giveBack(db, order, {
    causeKey: `chargeback-reversed:${order.id}`,
    takenKeys: sql`cause_key = ${`chargeback:${order.id}`}`,
    guard: sql`EXISTS (SELECT 1 FROM orders WHERE id = ${order.id} AND status = 'charged_back')`,
    effects: [db.run(sql`UPDATE orders SET status = 'paid', charged_back_at = NULL WHERE id = ${order.id} AND status = 'charged_back'`)],
  });
  console.warn(`order ${order.id}: charge-back reversed at ${now.toISOString()}`);
}

/** How far the provider's clock may be ahead of ours when a refund is matched to our claim. */
const REFUND_CLOCK_SLACK_MS = 2 * 60_000;

/**
 * A refund that failed or was canceled at the provider after the credits were taken back (the
 * member's bank account closed, say): the money stayed with us, so the credits go back to the
 * member and the order is paid again, free to be refunded anew. Keyed by the provider's refund id,
 * so each failed refund gives back once, however often it is reported.
 */
async function returnFailedRefunds(db: Database, provider: PaymentProvider, order: Order, paymentId: string) {
  // A refund this app started took its credits under `refund:<order>:<ms>`: only refunds made after
  // that claim count, so the late failure of an earlier refund cannot give back the credits of the
  // refund now under way (the slack covers the clocks' difference). A refund made in the
  // dashboard (`refund:<order>`) was taken back whenever we heard of it: every failure counts.
  const [latest] = await db.all<{ causeKey: string }>(sql`
    SELECT cause_key AS causeKey FROM credit_ledger
    WHERE user_id = ${order.userId} AND (cause_key = ${`refund:${order.id}`} OR cause_key LIKE ${`refund:${order.id}:%`})
    ORDER BY id DESC LIMIT 1`);
  const claimedAt = Number(latest?.causeKey.split(":")[2] ?? Number.NaN);
  const claimedFrom = Number.isFinite(claimedAt) ? claimedAt - REFUND_CLOCK_SLACK_MS : Number.NEGATIVE_INFINITY;
  const refunds = await provider.listPaymentRefunds(paymentId);
  for (const refund of refunds) {
    if (refund.status !== "failed" && refund.status !== "canceled") continue;
    if (refund.createdAt.getTime() < claimedFrom) continue;
    await giveBack(db, order, {
      causeKey: `refund-failed:${order.id}:${refund.id}`,
      takenKeys: sql`(cause_key = ${`refund:${order.id}`} OR cause_key LIKE ${`refund:${order.id}:%`})`,
      guard: sql`EXISTS (SELECT 1 FROM orders WHERE id = ${order.id} AND refunded_at IS NOT NULL AND status IN ('paid', 'refunded'))`,
      effects: [
        db.run(sql`UPDATE orders SET status = 'paid', refunded_at = NULL WHERE id = ${order.id} AND status IN ('paid', 'refunded')`),
      ],
    });
  }
}

/** True while the order is paid and no refund of it has started (`refunded_at` is the claim). */
export const refundUnclaimed = (orderId: number): SQL =>
  sql`EXISTS (SELECT 1 FROM orders WHERE id = ${orderId} AND status = 'paid' AND refunded_at IS NULL)`;

/** Before taking an order's credits back: what the balance cannot cover becomes debt and blocks spending. */
function recordDebt(db: Database, order: Order, when: SQL) {
  return db.run(sql`
    UPDATE users SET
      credit_debt = credit_debt + max(${order.credits} - credits, 0),
      spending_blocked = CASE WHEN ${order.credits} > credits THEN 1 ELSE spending_blocked END
    WHERE id = ${order.userId} AND ${when}`);
}

/** Premium stays while another purchase stands; a refunded or charged-back only purchase ends it. */
export function premiumFromPaidOrders(db: Database, userId: number) {
  return db.run(
    sql`UPDATE users SET paid_user = EXISTS (SELECT 1 FROM orders WHERE user_id = ${userId} AND status = 'paid') WHERE id = ${userId}`,
  );
}
