/**
 * The packages with their figures written out in the visitor's language, here on the server: a
 * page that built Intl's number formats while it hydrated spent a long task on a phone (ICU's first
 * use, issue 34), and the figures never change in the browser.
 */
import { formatMoney, formatNumber } from "~/i18n/format";
import { discountCentsFor, discountedAmount } from "~/payments/discount";
import type { PackageOffer, PricedPackage } from "~/payments/package-offer";

/** `welcomePercent`: the member's welcome discount on the first purchase, 0 without one. */
export function pricePackages(packages: readonly PackageOffer[], language: string, welcomePercent = 0): PricedPackage[] {
  return packages.map((offer) => {
    const price = discountedAmount(offer.amountCents, discountCentsFor(offer.amountCents, welcomePercent)).amountCents;
    return {
      ...offer,
      creditsText: formatNumber(offer.credits, language),
      listPriceText: price === offer.amountCents ? null : formatMoney(offer.amountCents, offer.currency, language),
      priceText: formatMoney(price, offer.currency, language),
      // A credit costs less than a cent: three decimals (e.g. €0.099).
      perCreditText: formatMoney(price / offer.credits, offer.currency, language, 3),
    };
  });
}
