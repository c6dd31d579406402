/**
 * Discounts as the browser and the server both compute them: the same rounding on the price list,
 * the order form and the order the provider is asked to charge.
 */

/** Why a discount code cannot be used on this order (locale keys `bonus:discount.errors.<reason>`). */
export const discountRefusals = [
  "not_found",
  "used",
  "reserved",
  "expired",
  "first_purchase",
  "country",
  "currency",
  "minimum",
  "method",
  "too_many",
] as const;
export type DiscountRefusal = (typeof discountRefusals)[number];

/** The discount in cents: a percentage of the price, rounded to the cent (25% of €49.95 is €12.49). */
export function discountCentsFor(amountCents: number, percent: number): number {
  return Math.round((amountCents * percent) / 100);
}

/** What the member pays: a code never takes the price below one cent (a payment of nothing cannot be made). */
export function discountedAmount(amountCents: number, discountCents: number): { discountCents: number; amountCents: number } {
  const applied = Math.max(0, Math.min(discountCents, amountCents - 1));
  return { discountCents: applied, amountCents: amountCents - applied };
}

/** How a code is typed does not matter: " timebonus25 " is TIMEBONUS25. */
export function normalizeDiscountCode(code: string): string {
  return code.trim().toUpperCase();
}

/** A usable code as GET /api/discountcode.php describes it (product.md §3 "Discount code"). */
export type DiscountCodePayload = {
  code: string;
  country: string | null;
  user_id: number | null;
  /** Unix seconds: when the code ends for this member (a welcome code: when their time bonus does). */
  expires: number | null;
  value_percentage: number;
  currency: string | null;
  /** In the currency's main unit, like the prices (15 = €15.00). */
  minimum_order_value: number;
  status: "active" | "disabled";
  /** A welcome code's seconds from signup (14,400), null for other codes. */
  validity: number | null;
  expired: boolean;
  paymentmethods: string[] | null;
};

export type DiscountApiResponse =
  | {
      discountcode: DiscountCodePayload;
      /** The price of the package asked about, with this code. */
      discount: { package: string; currency: string; amount_cents: number; discount_cents: number; total_cents: number } | null;
    }
  | { error: DiscountRefusal | "invalid_request"; message: string };
