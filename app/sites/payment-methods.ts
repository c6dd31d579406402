/**
 * Payment methods: the keys members see in URLs (`/credits/p2/ideal`), which provider method each
 * one is, and the default offer per country. Shared by the server and the payment pages.
 */

/** Every payment method a site can offer, in the order the checkout lists them. */
export const paymentMethodKeys = [
  "ideal",
  "bancontact",
  "creditcard",
  "visa",
  "mastercard",
  "maestro",
  "postepay",
  "paypal",
  "applepay",
  "sdd",
  "sct",
  "sofort",
  "giropay",
  "eps",
  "blik",
  "others",
] as const;

export type PaymentMethodKey = (typeof paymentMethodKeys)[number];

export function isPaymentMethodKey(value: unknown): value is PaymentMethodKey {
  return typeof value === "string" && (paymentMethodKeys as readonly string[]).includes(value);
}

/**
 * The provider's (Mollie's) method for each key. Cards of every brand are Mollie's `creditcard`;
 * `sdd` is a SEPA direct debit on the member's mandate (/directdebit); `others` lets the member
 * choose on the provider's page (null: no method is sent).
 */
export const providerMethodOf: Record<PaymentMethodKey, string | null> = {
  ideal: "ideal",
  bancontact: "bancontact",
  creditcard: "creditcard",
  visa: "creditcard",
  mastercard: "creditcard",
  maestro: "creditcard",
  postepay: "creditcard",
  paypal: "paypal",
  applepay: "applepay",
  sdd: "directdebit",
  sct: "banktransfer",
  sofort: "sofort",
  giropay: "giropay",
  eps: "eps",
  blik: "blik",
  others: null,
};

/** Card payments: after a failed one the outcome page offers PayPal instead. */
export const cardMethods: readonly PaymentMethodKey[] = ["creditcard", "visa", "mastercard", "maestro", "postepay", "applepay"];

/** The default offer per country; `*` is every other country. Sites override it in their settings. */
export const defaultPaymentMethods: Record<string, PaymentMethodKey[]> = {
  NL: ["ideal", "creditcard", "paypal", "sdd", "sct"],
  BE: ["bancontact", "creditcard", "paypal", "sdd", "sct"],
  DE: ["creditcard", "paypal", "sdd", "sct", "giropay", "sofort"],
  AT: ["eps", "creditcard", "paypal", "sdd", "sct"],
  CH: ["creditcard", "paypal", "applepay"],
  PL: ["blik", "creditcard", "paypal"],
  IT: ["creditcard", "postepay", "paypal"],
  GB: ["creditcard", "applepay", "paypal"],
  US: ["creditcard", "applepay", "paypal"],
  IE: ["creditcard", "applepay", "paypal", "sdd"],
  "*": ["creditcard", "paypal", "others"],
};

/** The methods a site offers a member in `country`, in checkout order. */
export function methodsForCountry(offer: Record<string, readonly PaymentMethodKey[]>, country: string | null): PaymentMethodKey[] {
  const listed = (country && offer[country]) || offer["*"] || [];
  return paymentMethodKeys.filter((key) => listed.includes(key));
}

/** The icon of a method (public/payment-methods/<key>.svg). */
export const methodIcon = (method: string) => `/payment-methods/${isPaymentMethodKey(method) ? method : "others"}.svg`;
