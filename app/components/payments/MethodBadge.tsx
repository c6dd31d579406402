import { useTranslation } from "~/i18n/translation";
import { methodIcon } from "~/sites/payment-methods";
import { useCdnUrl } from "~/components/layout/use-cdn-url";

/** A payment method's card icon and name, as the repeat-order list and the transactions show it. */
export function MethodBadge({ method }: { method: string | null }) {
  const { t } = useTranslation();
  const cdn = useCdnUrl();
  if (!method) return null;
  return (
    <span className="method-badge">
      <img src={cdn(methodIcon(method))} alt="" width={32} height={21} />
      <span>{t(`payments:methods.${method}`, { defaultValue: method })}</span>
    </span>
  );
}
