/**
 * The packages a visitor is offered, shaped for the package list of /pricing, /credits and /premium.
 */
import type { PackageOffer } from "~/payments/package-offer";
import type { Site } from "~/sites/site.server";
import { priceListFor } from "~/sites/pricing";

export function packageOffers(site: Site, country: string | null): { currency: string; packages: PackageOffer[] } {
  const { currency, packages } = priceListFor(site.prices, site.settings.countries, country);
  return {
    currency,
    packages: packages.map((pkg) => ({
      packageKey: pkg.packageKey,
      credits: pkg.credits,
      amountCents: pkg.amountCents,
      currency: pkg.currency,
      discountPercent: pkg.discountPercent,
      popular: pkg.popular,
      messages: Math.floor(pkg.credits / site.settings.messageCredits),
    })),
  };
}

/** Prices and methods follow where the member is; without a known location, their profile's country. */
export function buyerCountry(requestCountry: string | null, user: { profile: { country: string } | null } | null): string | null {
  return requestCountry ?? user?.profile?.country ?? null;
}
