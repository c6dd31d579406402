import { useTranslation } from "~/i18n/translation";
import { data, Form, Link, useNavigation, href } from "react-router";
import type { Route } from "./+types/transactions.$id";
import { MethodBadge } from "~/components/payments/MethodBadge";
import { getServices, getSite } from "~/http/context.server";
import { useFormat } from "~/i18n/format";
import { getI18n } from "~/http/i18n.server";
import { paymentProviderFor } from "~/payments/mollie.server";
import { findOrder, listOrders, type OrderSummary } from "~/payments/order-history.server";
import { isRefundable, refundOrder } from "~/payments/refunds.server";
import { readInput } from "~/http/forms.server";
import { requireUser } from "~/http/guards.server";
import { companyAddress } from "~/sites/site.server";

/**
 * /transactions/{id?} (product.md §2 "Transactions page"): every order with date, package, amount,
 * method, status and credits; one order's details as a receipt the member can print, with a refund
 * while the purchase is unused and within the site's refund period. Another member's order is a
 * 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const site = getSite(context);
  const { db, now } = getServices(context);
  const t = getI18n(context).t;
  const title = `${t("payments:transactions.title")} · ${site.name}`;
  const timeZone = site.settings.timeZone;
  if (params.id === undefined) return { orders: await listOrders(db, user.id), order: null, title, timeZone };

  const orderId = /^[1-9]\d{0,14}$/.test(params.id) ? Number(params.id) : null;
  const order = orderId ? await findOrder(db, { userId: user.id, orderId }) : null;
  if (!order) throw data(null, { status: 404 });
  const refundable = await isRefundable(db, { userId: user.id, orderId: order.id, refundDays: site.settings.refundDays, now: now() });
  const { company } = site;
  return {
    orders: null,
    order: { ...order, refundable, refundDays: site.settings.refundDays },
    seller: { ...companyAddress(company), site: site.name },
    title: `${t("payments:transactions.order", { id: order.id })} · ${site.name}`,
    timeZone,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const formData = await readInput(request);
  const orderId = /^[1-9]\d{0,14}$/.test(params.id ?? "") ? Number(params.id) : null;
  if (formData.get("intent") !== "refund" || !orderId) return data({ refunded: false, error: "messages.generic" }, { status: 400 });
  const { db, env, now } = getServices(context);
  const outcome = await refundOrder(db, paymentProviderFor(env), {
    userId: user.id,
    orderId,
    refundDays: getSite(context).settings.refundDays,
    now: now(),
  });
  switch (outcome.status) {
    case "refunded":
      return { refunded: true, error: null };
    case "not_found":
      throw data(null, { status: 404 });
    case "refused":
      return data({ refunded: false, error: `payments:refund.refused.${outcome.reason}` }, { status: 409 });
    case "provider_error":
      return data({ refunded: false, error: "payments:refund.failed" }, { status: 502 });
  }
}

export default function Transactions({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main id="main" className="container section transactions">
      <h1>{t("payments:transactions.title")}</h1>
      {loaderData.order ? (
        <OrderReceipt
          order={loaderData.order}
          seller={loaderData.seller}
          timeZone={loaderData.timeZone}
          refunded={actionData?.refunded === true}
          refundError={actionData?.error ?? null}
        />
      ) : (
        <OrderTable orders={loaderData.orders ?? []} timeZone={loaderData.timeZone} />
      )}
    </main>
  );
}

function OrderTable({ orders, timeZone }: { orders: OrderSummary[]; timeZone: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (orders.length === 0) {
    return (
      <p>
        {t("payments:transactions.none")} <Link to={href("/credits")}>{t("payments:transactions.buy")}</Link>
      </p>
    );
  }
  return (
    <div className="table-scroll">
      <table className="table transactions__table">
        <thead>
          <tr>
            <th scope="col">{t("payments:transactions.date")}</th>
            <th scope="col">{t("payments:transactions.package")}</th>
            <th scope="col">{t("payments:transactions.amount")}</th>
            <th scope="col">{t("payments:transactions.method")}</th>
            <th scope="col">{t("payments:transactions.status")}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <td>
                <Link to={href("/transactions/:id?", { id: String(order.id) })}>{format.date(order.createdAt, timeZone)}</Link>
              </td>
              <td>{t("pricing.credits", { count: order.credits, formatted: format.number(order.credits) })}</td>
              <td>{format.money(order.amountCents, order.currency)}</td>
              <td>
                <MethodBadge method={order.method} />
              </td>
              <td>
                <span className={`order-status order-status--${order.status}`}>{t(`payments:status.${order.status}`)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type ReceiptOrder = NonNullable<Route.ComponentProps["loaderData"]["order"]>;
type Seller = NonNullable<Route.ComponentProps["loaderData"]["seller"]>;

function OrderReceipt({
  order,
  seller,
  timeZone,
  refunded,
  refundError,
}: {
  order: ReceiptOrder;
  seller: Seller;
  timeZone: string;
  refunded: boolean;
  refundError: string | null;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const busy = useNavigation().state !== "idle";
  return (
    <article className="receipt" aria-labelledby="receipt-title">
      <h2 id="receipt-title">{t("payments:transactions.order", { id: order.id })}</h2>
      <address className="receipt__seller">
        {seller.name}
        <br />
        {seller.address}, {seller.zip} {seller.city}
        <br />
        {t("payments:transactions.kvk", { kvk: seller.kvk })}
        {seller.vatNumbers.length > 0 && (
          <>
            <br />
            {t("payments:transactions.vat", { vat: seller.vatNumbers.join(", ") })}
          </>
        )}
      </address>
      <dl className="receipt__lines">
        <dt>{t("payments:transactions.date")}</dt>
        <dd>{format.date(order.createdAt, timeZone)}</dd>
        <dt>{t("payments:transactions.package")}</dt>
        <dd>{t("pricing.credits", { count: order.credits, formatted: format.number(order.credits) })}</dd>
        {order.discountCents > 0 && (
          <>
            <dt>{t("payments:checkout.discount", { code: order.discountCode ?? "" })}</dt>
            <dd>−{format.money(order.discountCents, order.currency)}</dd>
          </>
        )}
        <dt>{t("payments:transactions.amount")}</dt>
        <dd>{format.money(order.amountCents, order.currency)}</dd>
        <dt>{t("payments:transactions.method")}</dt>
        <dd>
          <MethodBadge method={order.method} />
        </dd>
        <dt>{t("payments:transactions.status")}</dt>
        <dd>
          <span className={`order-status order-status--${order.status}`}>{t(`payments:status.${order.status}`)}</span>
        </dd>
        {order.paidAt && (
          <>
            <dt>{t("payments:transactions.paidAt")}</dt>
            <dd>{format.date(order.paidAt, timeZone)}</dd>
          </>
        )}
      </dl>
      <p className="field-hint">{t("payments:transactions.oneTime")}</p>
      <p className="receipt__actions">
        <button type="button" className="btn btn-outline" onClick={() => window.print()}>
          {t("payments:transactions.print")}
        </button>{" "}
        <Link to={href("/transactions/:id?")}>{t("payments:transactions.back")}</Link>
      </p>
      {order.refundable && (
        <Form method="post" className="receipt__refund">
          <input type="hidden" name="intent" value="refund" />
          <p>{t("payments:refund.explain", { count: order.refundDays })}</p>
          <button type="submit" className="btn btn-outline" disabled={busy}>
            {t("payments:refund.button")}
          </button>
        </Form>
      )}
      {refunded && (
        <p className="alert alert-success" role="status">
          {t("payments:refund.done")}
        </p>
      )}
      {refundError && (
        <p className="alert alert-danger" role="alert">
          {t(refundError)}
        </p>
      )}
    </article>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];
