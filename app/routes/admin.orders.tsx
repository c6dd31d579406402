/**
 * /admin/orders — orders filtered by site, status, method, the buyer's country and a period;
 * revenue per day, site, method and currency as bars and a table; the CSV for the accountant; one
 * order's history (its payments at Mollie, its ledger entries) with a refund through Mollie
 * (app/payments/refunds.server.ts, the service members use, ADR 054).
 */
import { data, Form, Link, useNavigation, href } from "react-router";
import type { Route } from "./+types/admin.orders";
import { auditIfChanged } from "~/admin/audit.server";
import { ActionReply } from "~/components/admin/ActionReply";
import { AdminTable } from "~/components/admin/AdminTable";
import { FilterSelect } from "~/components/admin/FilterSelect";
import { formatWhen } from "~/admin/format";
import { ORDER_STATUSES, orderFilterOf } from "~/admin/order-filter";
import { findOrders, orderHistory, revenue, type RevenueRow } from "~/admin/orders.server";
import { getServices } from "~/http/context.server";
import { readInput } from "~/http/forms.server";
import { requireAdmin } from "~/http/guards.server";
import { idParam } from "~/http/params";
import { useFormat } from "~/i18n/format";
import { useTranslation } from "~/i18n/translation";
import { paymentProviderFor } from "~/payments/mollie.server";
import { paymentMethodKeys } from "~/sites/payment-methods";
import { refundOrder } from "~/payments/refunds.server";
import { sitesById } from "~/sites/site.server";

/**
 * The operator decides about a refund after the member's own refund period (a complaint, a
 * mistake): the console's window is a year. The service still refuses an order whose credits
 * were spent, so money and credits never both leave.
 */
const CONSOLE_REFUND_DAYS = 365;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { db } = getServices(context);
  const filter = orderFilterOf(new URL(request.url).searchParams);
  const [orders, totals, sites, history] = await Promise.all([
    findOrders(db, filter),
    revenue(db, filter),
    sitesById(db),
    filter.id ? orderHistory(db, filter.id) : Promise.resolve(null),
  ]);
  return {
    filter: filter.text,
    orders,
    revenue: totals,
    history,
    sites: [...sites.values()].map((site) => ({ id: site.id, name: site.name })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const { db, env, now } = getServices(context);
  const form = await readInput(request);
  const orderId = idParam(String(form.get("orderId") ?? ""));
  if (form.get("intent") !== "refund" || orderId === null)
    return data({ ok: false, message: "admin:orders.refund.invalid" }, { status: 400 });
  const history = await orderHistory(db, orderId);
  if (!history) throw data(null, { status: 404 });
  const { order } = history;
  const entry = (action: string, after: Record<string, unknown>) =>
    auditIfChanged(db, {
      actorUserId: admin.id,
      siteId: order.siteId,
      targetType: "order",
      targetId: order.id,
      action,
      before: { status: order.status, refundedAt: order.refundedAt, credits: order.credits },
      after,
    });
  // The entries join the refund's own batches (the credits taken back with the order claimed; the
  // credits given back when Mollie did not refund), each written only when its batch changed the order.
  const outcome = await refundOrder(
    db,
    paymentProviderFor(env),
    { userId: order.userId, orderId: order.id, refundDays: CONSOLE_REFUND_DAYS, now: now() },
    {
      claimed: [entry("refund", { refunded: true, credits: -order.credits, amountCents: order.amountCents, currency: order.currency })],
      released: [entry("refund_failed", { refunded: false, credits: order.credits })],
    },
  );
  switch (outcome.status) {
    case "refunded":
      return { ok: true, message: "admin:orders.refund.done" };
    case "not_found":
      throw data(null, { status: 404 });
    case "refused":
      return data({ ok: false, message: `admin:orders.refund.refused.${outcome.reason}` }, { status: 409 });
    case "provider_error":
      return data({ ok: false, message: "admin:orders.refund.failed" }, { status: 502 });
  }
}

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const busy = useNavigation().state !== "idle";
  const { filter, orders, history, sites } = loaderData;
  const exportQuery = new URLSearchParams(Object.entries(filter).filter(([, value]) => value !== "")).toString();
  return (
    <main id="main">
      <h1>{t("admin:orders.title")}</h1>
      <form method="get" className="admin-filters">
        <FilterSelect
          id="order-site"
          name="site"
          label={t("admin:orders.site")}
          value={filter.site}
          anyLabel={t("admin:orders.any")}
          options={sites.map((site) => ({ value: site.id, label: site.name }))}
        />
        <FilterSelect
          id="order-status"
          name="status"
          label={t("admin:orders.status")}
          value={filter.status}
          anyLabel={t("admin:orders.any")}
          options={ORDER_STATUSES.map((status) => ({ value: status, label: t(`admin:orderStatuses.${status}`) }))}
        />
        <FilterSelect
          id="order-method"
          name="method"
          label={t("admin:orders.method")}
          value={filter.method}
          anyLabel={t("admin:orders.any")}
          options={paymentMethodKeys.map((method) => ({ value: method, label: method }))}
        />
        <div className="form-field">
          <label htmlFor="order-country">{t("admin:orders.country")}</label>
          <input id="order-country" name="country" defaultValue={filter.country} maxLength={2} autoCapitalize="characters" />
        </div>
        <div className="form-field">
          <label htmlFor="order-from">{t("admin:orders.from")}</label>
          <input id="order-from" name="from" type="date" defaultValue={filter.from} />
        </div>
        <div className="form-field">
          <label htmlFor="order-to">{t("admin:orders.to")}</label>
          <input id="order-to" name="to" type="date" defaultValue={filter.to} />
        </div>
        <button type="submit" className="btn btn-primary">
          {t("admin:orders.submit")}
        </button>
      </form>
      <p>
        <a href={`${href("/admin/orders/export.csv")}${exportQuery ? `?${exportQuery}` : ""}`} download>
          {t("admin:orders.csv")}
        </a>
      </p>

      {actionData && <ActionReply ok={actionData.ok} message={actionData.message} />}

      {history && (
        <section className="admin-card" aria-labelledby="order-history">
          <h2 id="order-history">{t("admin:orders.history", { id: history.order.id })}</h2>
          <dl className="admin-facts">
            <dt>{t("admin:orders.member")}</dt>
            <dd>
              <Link to={href("/admin/members/:id", { id: String(history.order.userId) })}>{history.order.email}</Link>
            </dd>
            <dt>{t("admin:orders.status")}</dt>
            <dd data-testid="order-status">{t(`admin:orderStatuses.${history.order.status}`)}</dd>
            <dt>{t("admin:orders.amount")}</dt>
            <dd>{format.money(history.order.amountCents, history.order.currency)}</dd>
            <dt>{t("admin:columns.credits")}</dt>
            <dd>{history.order.credits}</dd>
          </dl>
          <h3>{t("admin:orders.payments")}</h3>
          <ul>
            {history.payments.map((payment) => (
              <li key={payment.id}>
                {payment.providerPaymentId} · {payment.method} · {payment.status} ·{" "}
                {formatWhen(payment.updatedAt ?? payment.createdAt, i18n.language)}
              </li>
            ))}
          </ul>
          <h3>{t("admin:orders.webhooks")}</h3>
          {history.webhooks.length === 0 ? (
            <p>{t("admin:orders.noWebhooks")}</p>
          ) : (
            <ul data-testid="order-webhooks">
              {history.webhooks.map((call) => (
                <li key={call.id}>
                  {formatWhen(call.receivedAt, i18n.language)} · {call.providerPaymentId} · {call.reportedStatus ?? "–"} ·{" "}
                  {t(`admin:orders.webhookOutcomes.${call.outcome}`, { defaultValue: call.outcome })}
                </li>
              ))}
            </ul>
          )}
          <h3>{t("admin:orders.ledger")}</h3>
          <ul>
            {history.ledger.map((entry) => (
              <li key={entry.id}>
                {entry.causeKey}: {entry.delta > 0 ? `+${entry.delta}` : entry.delta} → {entry.balanceAfter} ·{" "}
                {formatWhen(entry.createdAt, i18n.language)}
              </li>
            ))}
          </ul>
          {history.order.status === "paid" && (
            <Form method="post">
              <input type="hidden" name="intent" value="refund" />
              <input type="hidden" name="orderId" value={history.order.id} />
              <p className="field-hint">{t("admin:orders.refund.explain")}</p>
              <button type="submit" className="btn btn-danger" disabled={busy}>
                {t("admin:orders.refund.submit", { amount: format.money(history.order.amountCents, history.order.currency) })}
              </button>
            </Form>
          )}
        </section>
      )}

      <h2>{t("admin:orders.revenue")}</h2>
      <RevenueCharts rows={loaderData.revenue} />
      <RevenueTable rows={loaderData.revenue} />

      <h2>{t("admin:orders.list", { count: orders.length })}</h2>
      <AdminTable
        rows={orders}
        rowKey={(order) => order.id}
        empty={t("admin:orders.empty")}
        columns={[
          { key: "id", label: t("admin:columns.id"), cell: (order) => <Link to={`?id=${order.id}`}>{order.id}</Link> },
          { key: "created", label: t("admin:columns.createdAt"), cell: (order) => formatWhen(order.createdAt, i18n.language) },
          {
            key: "member",
            label: t("admin:orders.member"),
            cell: (order) => <Link to={href("/admin/members/:id", { id: String(order.userId) })}>{order.email}</Link>,
          },
          { key: "site", label: t("admin:orders.site"), cell: (order) => order.siteId },
          { key: "country", label: t("admin:orders.country"), cell: (order) => order.country },
          { key: "method", label: t("admin:orders.method"), cell: (order) => order.method },
          { key: "status", label: t("admin:orders.status"), cell: (order) => t(`admin:orderStatuses.${order.status}`) },
          {
            key: "amount",
            label: t("admin:orders.amount"),
            numeric: true,
            cell: (order) => format.money(order.amountCents, order.currency),
          },
        ]}
      />
    </main>
  );
}

function RevenueTable({ rows }: { rows: RevenueRow[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <AdminTable
      rows={rows}
      rowKey={(row) => `${row.day}-${row.siteId}-${row.method}-${row.currency}`}
      empty={t("admin:orders.noRevenue")}
      columns={[
        { key: "day", label: t("admin:orders.day"), cell: (row) => row.day },
        { key: "site", label: t("admin:orders.site"), cell: (row) => row.siteId },
        { key: "method", label: t("admin:orders.method"), cell: (row) => row.method },
        { key: "count", label: t("admin:orders.count"), numeric: true, cell: (row) => row.orders },
        {
          key: "amount",
          label: t("admin:orders.amount"),
          numeric: true,
          cell: (row) => format.money(Number(row.amountCents), row.currency),
        },
        {
          key: "refunded",
          label: t("admin:orders.refunded"),
          numeric: true,
          cell: (row) => format.money(Number(row.refundedCents), row.currency),
        },
      ]}
    />
  );
}

/** One bar chart per currency: revenue per day, drawn as inline SVG (no chart library). */
function RevenueCharts({ rows }: { rows: RevenueRow[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const byCurrency = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const days = byCurrency.get(row.currency) ?? new Map<string, number>();
    days.set(row.day, (days.get(row.day) ?? 0) + Number(row.amountCents));
    byCurrency.set(row.currency, days);
  }
  return (
    <>
      {[...byCurrency].map(([currency, days]) => {
        const bars = [...days].sort(([a], [b]) => a.localeCompare(b)).slice(-31);
        const most = Math.max(1, ...bars.map(([, cents]) => cents));
        const width = Math.max(320, bars.length * 24);
        return (
          <figure key={currency}>
            <svg className="admin-chart" viewBox={`0 0 ${width} 140`} role="img" aria-label={t("admin:orders.chart", { currency })}>
              {bars.map(([day, cents], index) => {
                const height = Math.round((cents / most) * 110);
                return (
                  <g key={day}>
                    <rect x={index * 24 + 4} y={120 - height} width={18} height={height}>
                      <title>{`${day}: ${format.money(cents, currency)}`}</title>
                    </rect>
                    <text x={index * 24 + 13} y={134} textAnchor="middle">
                      {day.slice(8)}
                    </text>
                  </g>
                );
              })}
            </svg>
            <figcaption>{t("admin:orders.chart", { currency })}</figcaption>
          </figure>
        );
      })}
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Console" }, { name: "robots", content: "noindex" }];
