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
