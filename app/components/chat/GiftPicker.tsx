import { useTranslation } from "~/i18n/translation";
import { Form } from "react-router";
import type { GiftOffer } from "~/chat/chat-screen.server";

/**
 * The gift catalogue under the composer (product.md §10: 12 gifts, each with its price). Each gift
 * is a submit button of one form, so sending a gift is one click and works without JavaScript.
 */
export function GiftPicker({
  gifts,
  clientKey,
  partnerName,
  busy,
}: {
  gifts: GiftOffer[];
  clientKey: string;
  partnerName: string;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="gift-picker" aria-label={t("chat:gift.pickerLabel", { name: partnerName })}>
      <input type="hidden" name="intent" value="gift" />
      <input type="hidden" name="clientKey" value={clientKey} />
      <p className="gift-picker__title">{t("chat:gift.pickerTitle", { name: partnerName })}</p>
      <ul className="gift-picker__list">
        {gifts.map((gift) => (
          <li key={gift.key}>
            <button type="submit" name="gift" value={gift.key} className="gift-picker__gift" disabled={busy}>
              <span className="gift-picker__icon" aria-hidden="true">
                {gift.icon}
              </span>
              <span className="gift-picker__name">{t(`gifts.${gift.key}`)}</span>
              <span className="gift-picker__price">{t("chat:credits", { count: gift.credits })}</span>
            </button>
          </li>
        ))}
      </ul>
    </Form>
  );
}
