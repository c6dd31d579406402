/**
 * The member's default payment method (product.md §2 "payment method item and context menu"),
 * remembered in a cookie: it is a convenience of this browser, not account data, so it needs no
 * column. The checkout preselects it when the address names no method and the country offers it.
 */
import { isPaymentMethodKey, type PaymentMethodKey } from "~/sites/payment-methods";

export const DEFAULT_METHOD_COOKIE = "payment_method";

/** The remembered method from a Cookie header, or null (absent or not a method key). */
export function defaultMethodFrom(cookieHeader: string | null): PaymentMethodKey | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === DEFAULT_METHOD_COOKIE && isPaymentMethodKey(value)) return value;
  }
  return null;
}

/** The Set-Cookie value the browser writes (a year, only sent to /credits). */
export function defaultMethodCookie(method: PaymentMethodKey, secure: boolean): string {
  return `${DEFAULT_METHOD_COOKIE}=${method}; Path=/credits; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Methods whose credits come once the bank confirms (days), not as soon as the payment is done. */
export const delayedMethods: readonly PaymentMethodKey[] = ["sdd", "sct"];
