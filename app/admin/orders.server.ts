/**
 * Orders in the operator console (ADR 054): a filtered list (site, status, method, the buyer's
 * country, a period), one order's whole history (its payments at Mollie with their last status,
 * its ledger entries, Mollie's webhook calls), revenue per day, site, method and currency, and the accountant's CSV.
 * Refunds go through the members' own refund service (app/payments/refunds.server.ts).
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { OrderFilter } from "./order-filter";

export type OrderRow = {
  id: number;
  userId: number;
  email: string;
  siteId: number;
  country: string | null;
  packageKey: string;
  credits: number;
  currency: string;
  amountCents: number;
  discountCents: number;
  discountCode: string | null;
  method: string | null;
  status: string;
  createdAt: number;
  paidAt: number | null;
  refundedAt: number | null;
};

const dayStart = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000);

function where(filter: OrderFilter): SQL {
  const parts: SQL[] = [sql`1`];
  if (filter.id) parts.push(sql`o.id = ${filter.id}`);
  if (filter.siteId) parts.push(sql`o.site_id = ${filter.siteId}`);
  if (filter.status) parts.push(sql`o.status = ${filter.status}`);
  if (filter.method) parts.push(sql`o.method = ${filter.method}`);
  if (filter.country) parts.push(sql`p.country = ${filter.country}`);
  if (filter.from) parts.push(sql`o.created_at >= ${dayStart(filter.from)}`);
  if (filter.to) parts.push(sql`o.created_at < ${dayStart(filter.to) + 86_400}`);
  return sql.join(parts, sql` AND `);
}

const ORDER_COLUMNS = sql`o.id, o.user_id AS userId, u.email, o.site_id AS siteId, p.country, o.package_key AS packageKey, o.credits,
  o.currency, o.amount_cents AS amountCents, o.discount_cents AS discountCents, d.code AS discountCode, o.method, o.status,
  o.created_at AS createdAt, o.paid_at AS paidAt, o.refunded_at AS refundedAt`;

const ORDER_FROM = sql`orders o JOIN users u ON u.id = o.user_id LEFT JOIN profiles p ON p.user_id = o.user_id
  LEFT JOIN discount_codes d ON d.id = o.discount_code_id`;

export async function findOrders(db: Database, filter: OrderFilter, limit = 200): Promise<OrderRow[]> {
  return db.all<OrderRow>(sql`SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM} WHERE ${where(filter)} ORDER BY o.id DESC LIMIT ${limit}`);
}

export type RevenueRow = {
  day: string;
  siteId: number;
  method: string | null;
  currency: string;
  orders: number;
  amountCents: number;
  refundedCents: number;
};

/** Paid orders by the day they were paid (UTC), with what of them was refunded or charged back. */
export async function revenue(db: Database, filter: OrderFilter): Promise<RevenueRow[]> {
  const { status: _status, from, to, ...rest } = filter;
  const period: SQL[] = [sql`o.paid_at IS NOT NULL`];
  if (from) period.push(sql`o.paid_at >= ${dayStart(from)}`);
  if (to) period.push(sql`o.paid_at < ${dayStart(to) + 86_400}`);
  return db.all<RevenueRow>(sql`
    SELECT date(o.paid_at, 'unixepoch') AS day, o.site_id AS siteId, o.method, o.currency,
      count(*) AS orders, sum(o.amount_cents) AS amountCents,
      sum(CASE WHEN o.status IN ('refunded', 'charged_back') THEN o.amount_cents ELSE 0 END) AS refundedCents
    FROM ${ORDER_FROM}
    WHERE ${where(rest)} AND ${sql.join(period, sql` AND `)}
    GROUP BY day, o.site_id, o.method, o.currency
    ORDER BY day DESC, o.site_id, o.method, o.currency
    LIMIT 500`);
}

export type OrderHistory = {
  order: OrderRow;
  payments: {
    id: number;
    providerPaymentId: string;
    method: string;
    status: string;
    amountCents: number;
    currency: string;
    createdAt: number;
    updatedAt: number | null;
  }[];
  ledger: { id: number; delta: number; balanceAfter: number; reason: string; causeKey: string; createdAt: number }[];
  /** Mollie's webhook calls for the order's payments, newest last (ADR 055). */
  webhooks: { id: number; providerPaymentId: string; receivedAt: number; reportedStatus: string | null; outcome: string }[];
};

/** How many webhook calls an order's history shows (the newest). */
const HISTORY_WEBHOOKS = 50;

/** One order with its payments, ledger entries and webhook calls, in one round trip. */
export async function orderHistory(db: Database, orderId: number): Promise<OrderHistory | null> {
  const [orders, payments, ledger, webhooks] = await db.batch([
    db.all<OrderRow>(sql`SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM} WHERE o.id = ${orderId}`),
    db.all<OrderHistory["payments"][number]>(sql`
      SELECT id, provider_payment_id AS providerPaymentId, method, status, amount_cents AS amountCents, currency,
        created_at AS createdAt, updated_at AS updatedAt
      FROM payments WHERE order_id = ${orderId} ORDER BY id`),
    db.all<OrderHistory["ledger"][number]>(sql`
      SELECT id, delta, balance_after AS balanceAfter, reason, cause_key AS causeKey, created_at AS createdAt
      FROM credit_ledger
      WHERE cause_key IN (${`order:${orderId}`}, ${`refund:${orderId}`}, ${`chargeback:${orderId}`}, ${`debt:${orderId}`})
        OR cause_key LIKE ${`refund:${orderId}:%`} OR cause_key LIKE ${`refund-failed:${orderId}:%`}
      ORDER BY id`),
    db.all<OrderHistory["webhooks"][number]>(sql`
      SELECT * FROM (
        SELECT id, provider_payment_id AS providerPaymentId, received_at AS receivedAt, reported_status AS reportedStatus, outcome
        FROM payment_webhooks WHERE order_id = ${orderId} ORDER BY id DESC LIMIT ${HISTORY_WEBHOOKS}
      ) ORDER BY id`),
  ]);
  const [order] = orders;
  return order ? { order, payments, ledger, webhooks } : null;
}

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? "" : String(value);
  // A leading =, +, - or @ would be a formula in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

const isoTime = (seconds: number | null) => (seconds === null ? "" : new Date(seconds * 1000).toISOString());

/** The accountant's CSV of the filtered orders (amounts in major units with a dot, times in UTC). */
export function ordersCsv(rows: OrderRow[]): string {
  const header = [
    "order",
    "created_at",
    "paid_at",
    "refunded_at",
    "site",
    "user",
    "email",
    "country",
    "package",
    "credits",
    "currency",
    "amount",
    "discount",
    "discount_code",
    "method",
    "status",
  ];
  const lines = rows.map((row) =>
    [
      row.id,
      isoTime(row.createdAt),
      isoTime(row.paidAt),
      isoTime(row.refundedAt),
      row.siteId,
      row.userId,
      row.email,
      row.country,
      row.packageKey,
      row.credits,
      row.currency,
      (row.amountCents / 100).toFixed(2),
      (row.discountCents / 100).toFixed(2),
      row.discountCode,
      row.method,
      row.status,
    ]
      .map(csvCell)
      .join(","),
  );
  return `${[header.join(","), ...lines].join("\r\n")}\r\n`;
}
