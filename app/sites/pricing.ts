/**
 * Price lists: which currency a visitor pays in and what one message costs at best.
 * Pure functions, shared by the pricing page and /api/settings.php.
 */
export type PricePackage = {
  packageKey: string;
  currency: string;
  credits: number;
  amountCents: number;
  discountPercent: number;
  popular: boolean;
  position: number;
};

const currencyByCountry: Record<string, string> = {
  NL: "EUR",
  BE: "EUR",
  DE: "EUR",
  AT: "EUR",
  IE: "EUR",
  FR: "EUR",
  ES: "EUR",
  IT: "EUR",
  FI: "EUR",
  LU: "EUR",
  PT: "EUR",
  CH: "CHF",
  GB: "GBP",
  US: "USD",
  PL: "PLN",
  SE: "SEK",
  NO: "NOK",
  DK: "DKK",
};

/** The packages of a price list, in their order. */
export const PACKAGE_KEYS = ["p0", "p1", "p2", "p3"] as const;

/** The currencies a price list can be in: those a visitor's country leads to. */
export const pricedCurrencies = [...new Set(Object.values(currencyByCountry))] as [string, ...string[]];

/** The currency for a visitor from `country` on a site whose price lists hold `available`. */
export function currencyFor(country: string | null, siteCountries: readonly string[], available: readonly string[]): string {
  const wanted = country ? currencyByCountry[country] : undefined;
  if (wanted && available.includes(wanted)) return wanted;
  for (const siteCountry of siteCountries) {
    const fallback = currencyByCountry[siteCountry];
    if (fallback && available.includes(fallback)) return fallback;
  }
  return available[0] ?? "EUR";
}

export function packagesIn(prices: readonly PricePackage[], currency: string): PricePackage[] {
  return prices.filter((p) => p.currency === currency).sort((a, b) => a.position - b.position);
}

/** Price of one message in minor units at the package with the most credits (product.md §10). */
export function cheapestMessageCents(packages: readonly PricePackage[], messageCredits: number): number | null {
  const largest = [...packages].sort((a, b) => b.credits - a.credits)[0];
  if (!largest) return null;
  return Math.round((largest.amountCents / largest.credits) * messageCredits);
}

/**
 * product.md §3 `minimum_message_costs`: per country of the site (and any `extraCountries`, such as
 * the visitor's own), { costs, currency } in that country's price list.
 */
export function minimumMessageCosts(
  prices: readonly PricePackage[],
  siteCountries: readonly string[],
  messageCredits: number,
  extraCountries: readonly string[] = [],
): Record<string, { costs: number; currency: string }> {
  const available = [...new Set(prices.map((p) => p.currency))];
  const result: Record<string, { costs: number; currency: string }> = {};
  for (const country of new Set([...siteCountries, ...extraCountries])) {
    const currency = currencyFor(country, siteCountries, available);
    const cents = cheapestMessageCents(packagesIn(prices, currency), messageCredits);
    if (cents !== null) result[country] = { costs: cents / 100, currency };
  }
  return result;
}

/** The packages a visitor from `country` is offered: the site's price list in their currency. */
export function priceListFor(
  prices: readonly PricePackage[],
  siteCountries: readonly string[],
  country: string | null,
): { currency: string; packages: PricePackage[] } {
  const available = [...new Set(prices.map((p) => p.currency))];
  const currency = currencyFor(country, siteCountries, available);
  return { currency, packages: packagesIn(prices, currency) };
}

/**
 * "From X per message" for a visitor from `country`: the price at the largest package of the very
 * price list they are shown (priceListFor), so the amount and its currency match the packages.
 */
export function messageCostFor(
  prices: readonly PricePackage[],
  siteCountries: readonly string[],
  country: string | null,
  messageCredits: number,
): { costs: number; currency: string } | null {
  const { currency, packages } = priceListFor(prices, siteCountries, country);
  const cents = cheapestMessageCents(packages, messageCredits);
  return cents === null ? null : { costs: cents / 100, currency };
}
