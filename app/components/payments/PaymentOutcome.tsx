import { useEffect } from "react";
import { useTranslation } from "~/i18n/translation";
import { Link, useRevalidator, href } from "react-router";
import { useFormat } from "~/i18n/format";
import { cardMethods, type PaymentMethodKey } from "~/sites/payment-methods";
import type { OrderSummary } from "~/payments/order-history.server";

/** How often a pending payment is checked again while the page is open. */
const PENDING_POLL_MS = 4_000;

/**
 * What became of the payment (product.md §4 "Payment: pending, completed, failed or cancelled"):
 * credits and premium at once when completed; a pending payment is followed until it settles; a
 * failed one offers a retry (the form below) and, after a card, PayPal.
 */
export function PaymentOutcome({
  order,
  balance,
  methods,
}: {
  order: OrderSummary;
  balance: number | null;
  methods: readonly PaymentMethodKey[];
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const revalidator = useRevalidator();
  const waiting = order.status === "open" || order.status === "pending";

  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
    }, PENDING_POLL_MS);
    return () => window.clearInterval(timer);
  }, [waiting, revalidator]);

  switch (order.status) {
    case "paid":
      return (
        <section className="alert alert-success payment-outcome" role="status">
          <h2>{t("payments:outcome.paid.title")}</h2>
          <p>{t("payments:outcome.paid.credits", { count: order.credits })}</p>
          {balance !== null && <p>{t("payments:outcome.paid.balance", { count: balance })}</p>}
          <p>{t("payments:outcome.paid.premium")}</p>
          <p className="payment-outcome__actions">
            <Link to={href("/members")} className="btn btn-primary">
              {t("payments:outcome.paid.search")}
            </Link>{" "}
            <Link to={href("/transactions/:id?", { id: String(order.id) })}>{t("payments:outcome.receipt")}</Link>
          </p>
        </section>
      );
    case "open":
    case "pending":
      return (
        <section className="alert alert-info payment-outcome" role="status" aria-live="polite">
          <h2>{t("payments:outcome.pending.title")}</h2>
          <p>{order.method === "sdd" ? t("payments:outcome.pending.directDebit") : t("payments:outcome.pending.text")}</p>
          <p className="field-hint">{t("payments:outcome.pending.auto")}</p>
          <p>
            <Link to={href("/transactions/:id?", { id: String(order.id) })}>{t("payments:outcome.receipt")}</Link>
          </p>
        </section>
      );
    case "canceled":
      return (
        <section className="alert alert-warning payment-outcome" role="alert">
          <h2>{t("payments:outcome.canceled.title")}</h2>
          <p>{t("payments:outcome.canceled.text")}</p>
        </section>
      );
    case "failed":
    case "expired": {
      const afterCard = cardMethods.includes(order.method as PaymentMethodKey) && methods.includes("paypal");
      return (
        <section className="alert alert-danger payment-outcome" role="alert">
          <h2>{t("payments:outcome.failed.title")}</h2>
          <p>{order.status === "expired" ? t("payments:outcome.failed.expired") : t("payments:outcome.failed.text")}</p>
          {afterCard && (
            <p>
              {t("payments:outcome.failed.cardAlternative")}{" "}
              <Link
                to={href("/credits/:id/:paymentmethod?", { id: order.packageKey, paymentmethod: "paypal" })}
                className="btn btn-primary btn-sm"
                reloadDocument
              >
                {t("payments:outcome.failed.payWithPaypal")}
              </Link>
            </p>
          )}
          <p>{t("payments:outcome.failed.retry", { amount: format.money(order.amountCents, order.currency) })}</p>
        </section>
      );
    }
    default:
      return (
        <section className="alert alert-info payment-outcome" role="status">
          <p>{t(`payments:status.${order.status}`)}</p>
        </section>
      );
  }
}
