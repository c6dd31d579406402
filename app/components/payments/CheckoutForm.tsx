import type { SubmissionResult } from "@conform-to/react";
import { useCallback, useEffect, useId, useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { Form, useNavigation } from "react-router";
import { FieldMessage, FormErrors } from "~/components/forms/FieldError";
import { useFormat } from "~/i18n/format";
import { discountedAmount } from "~/payments/discount";
import type { PaymentMethodKey } from "~/sites/payment-methods";
import { DiscountCodeModal, useWelcomeCode, type AppliedCode } from "./DiscountCodeModal";
import { PaymentMethodPicker } from "./PaymentMethodPicker";
import { TermsLabel } from "~/components/forms/TermsLabel";

/**
 * The order form: the package, how to pay, an optional discount code (the welcome code is applied
 * by itself while it is valid), the terms to accept and the price to pay. The server prices the
 * order again; what shows here is what the member will be asked to pay. The form has no Conform
 * or zod in the browser (they would weigh more than the page): the server validates it with
 * `checkoutSchema` and sends its messages back in `lastResult`.
 */
export function CheckoutForm({
  pkg,
  methods,
  method: initialMethod,
  defaultMethod,
  lastResult,
  fictionalPlural,
}: {
  pkg: { packageKey: string; credits: number; amountCents: number; currency: string; discountPercent: number; messages: number };
  methods: PaymentMethodKey[];
  method: PaymentMethodKey | null;
  defaultMethod: PaymentMethodKey | null;
  lastResult: SubmissionResult<string[]> | undefined;
  fictionalPlural: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const busy = useNavigation().state !== "idle";
  const [method, setMethod] = useState<PaymentMethodKey | null>(initialMethod);
  const [code, setCode] = useState<AppliedCode | null>(null);
  const welcome = useWelcomeCode(pkg.packageKey, method);
  const [welcomeRemoved, setWelcomeRemoved] = useState(false);
  useEffect(() => {
    if (welcome && !code && !welcomeRemoved) setCode(welcome);
  }, [welcome, code, welcomeRemoved]);

  // The server checks everything again; the browser only stops an order without accepted terms.
  const [termsRefused, setTermsRefused] = useState(false);
  const serverErrors = lastResult?.error ?? {};
  const termsError = termsRefused ? "payments:checkout.errors.terms" : serverErrors.terms?.[0];
  const methodError = serverErrors.method?.[0];
  const formErrors = [...(serverErrors[""] ?? []), ...(serverErrors.discountCode ?? [])];
  const id = useId();

  const { discountCents, amountCents: total } = discountedAmount(pkg.amountCents, code?.discountCents ?? 0);
  const apply = useCallback((next: AppliedCode | null) => {
    if (!next) setWelcomeRemoved(true);
    setCode(next);
  }, []);

  return (
    <Form
      method="post"
      className="checkout__form"
      noValidate
      aria-describedby={formErrors.length ? `${id}-errors` : undefined}
      onSubmit={(event) => {
        const accepted = (event.currentTarget.elements.namedItem("terms") as HTMLInputElement | null)?.checked ?? false;
        setTermsRefused(!accepted);
        if (!accepted) event.preventDefault();
      }}
    >
      <FormErrors errors={formErrors} id={`${id}-errors`} />
      <section className="checkout__summary" aria-labelledby="checkout-package">
        <h2 id="checkout-package">{t("pricing.credits", { count: pkg.credits, formatted: format.number(pkg.credits) })}</h2>
        <p>{t("pricing.messages", { count: pkg.messages })}</p>
        {pkg.discountPercent > 0 && <p className="package__discount">{t("pricing.discount", { percent: pkg.discountPercent })}</p>}
        <p className="package__once">{t("pricing.oneTime")}</p>
      </section>

      <PaymentMethodPicker
        name="method"
        methods={methods}
        value={method}
        onChange={setMethod}
        packageKey={pkg.packageKey}
        defaultMethod={defaultMethod}
      />
      <FieldMessage id={`${id}-method-error`} error={methodError} />

      <section className="checkout__discount">
        <DiscountCodeModal packageKey={pkg.packageKey} method={method} applied={code} onApply={apply} />
        <input type="hidden" name="discountCode" value={code?.code ?? ""} />
      </section>

      <dl className="checkout__total">
        <dt>{t("payments:checkout.price")}</dt>
        <dd>{format.money(pkg.amountCents, pkg.currency)}</dd>
        {discountCents > 0 && (
          <>
            <dt>{t("payments:checkout.discount", { code: code?.code })}</dt>
            <dd>−{format.money(discountCents, pkg.currency)}</dd>
          </>
        )}
        <dt className="checkout__total-label">{t("payments:checkout.total")}</dt>
        <dd className="checkout__total-amount">{format.money(total, pkg.currency)}</dd>
      </dl>

      <div className="form-check">
        <input
          type="checkbox"
          id={`${id}-terms`}
          name="terms"
          required
          aria-invalid={termsError ? true : undefined}
          aria-describedby={termsError ? `${id}-terms-error` : undefined}
          onChange={(event) => event.currentTarget.checked && setTermsRefused(false)}
        />
        <TermsLabel htmlFor={`${id}-terms`} i18nKey="payments:checkout.terms" />
      </div>
      <FieldMessage id={`${id}-terms-error`} error={termsError} />
      <p className="field-hint">{t("payments:checkout.fictional", { fictionalPlural })}</p>

      <button type="submit" className="btn btn-secondary btn-lg btn-block" disabled={busy || methods.length === 0}>
        {t("payments:checkout.pay", { amount: format.money(total, pkg.currency) })}
      </button>
    </Form>
  );
}
