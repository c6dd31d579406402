/** A credit package as the price list offers it (app/payments/price-list.server.ts) and the PackageList shows it. */
export type PackageOffer = {
  packageKey: string;
  credits: number;
  amountCents: number;
  currency: string;
  discountPercent: number;
  popular: boolean;
  /** Messages the credits pay for, at the site's message price. */
  messages: number;
};

/** A package with its figures in the visitor's language, as the PackageList shows it (./priced-packages.server.ts). */
export type PricedPackage = PackageOffer & {
  /** The credits, e.g. "1.000". */
  creditsText: string;
  /** The list price struck through beside a welcome price; null without a welcome discount. */
  listPriceText: string | null;
  /** What the package costs the member now. */
  priceText: string;
  perCreditText: string;
};
