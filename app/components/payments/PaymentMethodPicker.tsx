import { href } from "react-router";
import { useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { methodIcon, type PaymentMethodKey } from "~/sites/payment-methods";
import { useCdnUrl } from "~/components/layout/use-cdn-url";
import { PaymentMethodMenu } from "./PaymentMethodMenu";

/**
 * The payment methods offered in the member's country, each with its icon (product.md §2 "payment
 * method item"). A radio group, so the choice works without JavaScript too; each item has its
 * context menu (PaymentMethodMenu).
 */
export function PaymentMethodPicker({
  name,
  methods,
  value,
  onChange,
  packageKey,
  defaultMethod,
}: {
  name: string;
  methods: readonly PaymentMethodKey[];
  value: PaymentMethodKey | null;
  onChange: (method: PaymentMethodKey) => void;
  packageKey: string;
  /** The member's remembered default method (a cookie), if any. */
  defaultMethod: PaymentMethodKey | null;
}) {
  const { t } = useTranslation();
  const [remembered, setRemembered] = useState(defaultMethod);
  const cdn = useCdnUrl();
  if (methods.length === 0) return <p className="alert alert-warning">{t("payments:checkout.noMethods")}</p>;
  return (
    <fieldset className="payment-methods">
      <legend>{t("payments:checkout.methodLegend")}</legend>
      {methods.map((method) => (
        <div key={method} className={`payment-method${value === method ? " payment-method--active" : ""}`}>
          <label className="payment-method__choice">
            <input
              type="radio"
              name={name}
              value={method}
              checked={value === method}
              onChange={() => {
                onChange(method);
                // The address names the method, so a reload or a shared link keeps the choice.
                window.history.replaceState(
                  window.history.state,
                  "",
                  href("/credits/:id/:paymentmethod?", { id: packageKey, paymentmethod: method }),
                );
              }}
            />
            <img src={cdn(methodIcon(method))} alt="" width={40} height={26} />
            <span>{t(`payments:methods.${method}`)}</span>
          </label>
          <PaymentMethodMenu method={method} isDefault={remembered === method} onDefault={setRemembered} />
        </div>
      ))}
    </fieldset>
  );
}
