import { useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { Form, useNavigation, href } from "react-router";
import { useModalDialog } from "~/components/layout/use-modal-dialog";
import { useFormat } from "~/i18n/format";
import type { RepeatableOrder } from "~/payments/order-history.server";
import { MethodBadge } from "./MethodBadge";
import { TermsLabel } from "~/components/forms/TermsLabel";

/**
 * The repeat-order modal (product.md §2): the same package, paid the same way, in one click once
 * the terms are accepted. It posts the order form of the payment page.
 */
export function RepeatOrderButton({ order }: { order: RepeatableOrder }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const dialog = useModalDialog(open);
  const busy = useNavigation().state !== "idle";
  const titleId = `repeat-${order.packageKey}-${order.method}`;
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
        {t("payments:repeat.button")}
      </button>
      <dialog ref={dialog} className="block-modal" aria-labelledby={titleId} onClose={() => setOpen(false)}>
        <Form
          method="post"
          action={href("/credits/:id/:paymentmethod?", { id: order.packageKey, paymentmethod: order.method })}
          className="block-modal__body form-stack"
        >
          <h2 id={titleId}>{t("payments:repeat.title")}</h2>
          <p>{t("payments:repeat.summary", { count: order.credits, amount: format.money(order.amountCents, order.currency) })}</p>
          <MethodBadge method={order.method} />
          <input type="hidden" name="method" value={order.method} />
          <div className="form-check">
            <input type="checkbox" id={`${titleId}-terms`} name="terms" required />
            <TermsLabel htmlFor={`${titleId}-terms`} i18nKey="payments:checkout.terms" />
          </div>
          <div className="block-modal__actions">
            <button type="button" className="btn btn-outline" onClick={() => setOpen(false)}>
              {t("payments:repeat.cancel")}
            </button>
            <button type="submit" className="btn btn-secondary" disabled={busy}>
              {t("payments:checkout.pay", { amount: format.money(order.amountCents, order.currency) })}
            </button>
          </div>
        </Form>
      </dialog>
    </>
  );
}
