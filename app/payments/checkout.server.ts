/**
 * Starting a payment: an order for one package of the site's price list, priced on the server
 * (never from the form), with an optional discount code, then a payment at the provider. The member
 * goes to the provider's checkout, or straight to the outcome for a direct debit on their mandate.
 */
import { eq } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import type { Site } from "~/sites/site.server";
import { priceListFor, type PricePackage } from "~/sites/pricing";
import { discountedAmount } from "./discount";
import { checkDiscountCode, heldBy, releaseReservedCode, type DiscountCheck } from "./discount-codes.server";
import { storeOrder } from "./new-order.server";
import { activeMandate, directDebitAllowance } from "./direct-debit.server";
import { isPaymentMethodKey, methodsForCountry, providerMethodOf, type PaymentMethodKey } from "~/sites/payment-methods";
import { PaymentProviderError, type PaymentProvider } from "./provider.server";

const { orders, payments } = schema;

export type Buyer = { id: number; email: string; paidUser: boolean; spendingBlocked: boolean };

export type CheckoutInput = OfferInput & {
  buyer: Buyer;
  method: PaymentMethodKey;
  discountCode: string | null;
  /**
   * The route's addresses, absolute (the site's origin): where the member comes back to for this
   * order, and where the provider calls when its payment changes.
   */
  urls: { returnTo: (orderId: number) => string; webhook: string };
  /** The member's address as Cloudflare names it: a discount code counts against the look-up limits. */
  ip: string | null;
};

export type CheckoutOutcome =
  | { status: "redirect"; url: string; orderId: number }
  | { status: "unknown_package" }
  | { status: "method_unavailable" }
  | { status: "discount_refused"; check: Extract<DiscountCheck, { ok: false }> }
  | { status: "mandate_required" }
  | { status: "direct_debit_blocked" }
  | { status: "direct_debit_limit" }
  /** `unavailable`: the provider is down or silent (try again in a minute), rather than refusing this payment. */
  | { status: "provider_error"; unavailable: boolean };

/** The package of the member's price list, and the methods offered to them. */
export function checkoutOffer(site: Site, country: string | null) {
  const { currency, packages } = priceListFor(site.prices, site.settings.countries, country);
  return { currency, packages, methods: methodsForCountry(site.settings.paymentMethods, country) };
}

export function findPackage(packages: readonly PricePackage[], packageKey: string) {
  return packages.find((p) => p.packageKey === packageKey) ?? null;
}

/** One package as the checkout sells it to this member: the package and the methods they may pay it with. */
export type Offer = { pkg: PricePackage; methods: PaymentMethodKey[] };

export type OfferInput = {
  site: Site;
  /** The member's country: prices, currency and methods depend on it. */
  country: string | null;
  packageKey: string;
  language: string;
  now: Date;
};

/**
 * The offer of the checkout page and of its action, worked out one way for both: the package of
 * the member's price list and the site's methods for their country that the provider enables for
 * its amount (`offeredMethods`). Null: no such package.
 */
export async function resolveOffer(provider: PaymentProvider, input: OfferInput): Promise<Offer | null> {
  const pkg = findPackage(checkoutOffer(input.site, input.country).packages, input.packageKey);
  if (!pkg) return null;
  const methods = await offeredMethods(provider, {
    site: input.site,
    country: input.country,
    amountCents: pkg.amountCents,
    currency: pkg.currency,
    language: input.language,
    now: input.now,
  });
  return { pkg, methods };
}

/** The one check of a payment method: `value` (from an address, a form or a cookie) if the offer has it, else null. */
export function offeredMethod(offer: Offer, value: unknown): PaymentMethodKey | null {
  return isPaymentMethodKey(value) && offer.methods.includes(value) ? value : null;
}

export async function startCheckout(db: Database, provider: PaymentProvider, input: CheckoutInput): Promise<CheckoutOutcome> {
  const { buyer, site, now } = input;
  const offer = await resolveOffer(provider, input);
  if (!offer) return { status: "unknown_package" };
  if (!offeredMethod(offer, input.method)) return { status: "method_unavailable" };
  const { pkg } = offer;

  let discount: Extract<DiscountCheck, { ok: true }> | null = null;
  if (input.discountCode) {
    const check = await checkDiscountCode(db, {
      siteId: site.id,
      userId: buyer.id,
      paidUser: buyer.paidUser,
      code: input.discountCode,
      country: input.country,
      amountCents: pkg.amountCents,
      currency: pkg.currency,
      method: input.method,
      typed: { ip: input.ip },
      now,
    });
    if (!check.ok) return { status: "discount_refused", check };
    discount = check;
  }
  const { discountCents, amountCents } = discountedAmount(pkg.amountCents, discount?.discountCents ?? 0);

  let mandate: { customerId: string; mandateId: string } | undefined;
  if (input.method === "sdd") {
    const allowance = await directDebitAllowance(db, {
      userId: buyer.id,
      amountCents,
      limitCents: site.settings.directDebitLimitCents,
      now,
    });
    if (allowance === "blocked") return { status: "direct_debit_blocked" };
    if (allowance === "limit_reached") return { status: "direct_debit_limit" };
    const active = allowance === "ok" ? await activeMandate(db, buyer.id) : null;
    if (!active?.providerCustomerId || !active.providerMandateId) return { status: "mandate_required" };
    mandate = { customerId: active.providerCustomerId, mandateId: active.providerMandateId };
  }

  const stored = await storeOrder(
    db,
    {
      userId: buyer.id,
      siteId: site.id,
      packageKey: pkg.packageKey,
      credits: pkg.credits,
      currency: pkg.currency,
      amountCents,
      discountCodeId: discount?.codeId ?? null,
      discountCents,
      method: input.method,
      createdAt: now,
    },
    {
      reservesCode: discount?.discountCode.oncePerUser === true,
      directDebitLimitCents: input.method === "sdd" ? site.settings.directDebitLimitCents : null,
    },
  );
  if (stored.status === "direct_debit_limit") return { status: "direct_debit_limit" };
  if (stored.status === "code_held") {
    const reason = discount ? ((await heldBy(db, discount.codeId, buyer.id)) ?? "used") : "used";
    return { status: "discount_refused", check: { ok: false, reason, discountCode: discount?.discountCode ?? null } };
  }
  const order = stored;

  const returnUrl = input.urls.returnTo(order.id);
  try {
    const payment = await provider.createPayment({
      amountCents,
      currency: pkg.currency,
      description: `${site.name} · ${pkg.credits} credits · #${order.id}`,
      method: providerMethodOf[input.method],
      redirectUrl: returnUrl,
      webhookUrl: input.urls.webhook,
      language: input.language,
      metadata: { order_id: order.id, site: site.key },
      mandate,
      // One key for this checkout's tries: a retry after a lost answer gets the same payment.
      idempotencyKey: `order-${order.id}-${crypto.randomUUID()}`,
    });
    await db.insert(payments).values({
      orderId: order.id,
      provider: provider.name,
      providerPaymentId: payment.id,
      method: input.method,
      status: payment.status,
      amountCents,
      currency: pkg.currency,
      checkoutUrl: payment.checkoutUrl,
      createdAt: now,
      updatedAt: now,
    });
    if (payment.status !== "open") {
      await db.update(orders).set({ status: "pending" }).where(eq(orders.id, order.id));
    }
    return { status: "redirect", url: payment.checkoutUrl ?? returnUrl, orderId: order.id };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // A direct debit needs no checkout: one the provider made before its answer was lost is
    // collected all the same. Its order stays open, so it keeps its code and counts toward the
    // direct-debit limit, and the member sees it waiting; the reconciliation attaches the payment,
    // or fails the order when the provider has none (reconciliation.server.ts).
    if (input.method === "sdd" && error.unavailable) {
      console.error(`direct debit for order ${order.id}: no answer from the provider; left for the reconciliation`, error.message);
      return { status: "redirect", url: returnUrl, orderId: order.id };
    }
    // Refused, down or silent past the time limit: no checkout to send the member to, so the order
    // fails now and frees its code. Should this write be lost too, the reconciliation job fails the
    // order later (an open order without a payment, reconciliation.server.ts).
    console.error(`payment for order ${order.id} could not be created`, error.message);
    await db.batch([db.update(orders).set({ status: "failed" }).where(eq(orders.id, order.id)), releaseReservedCode(db, order.id)]);
    return { status: "provider_error", unavailable: error.unavailable };
  }
}

/**
 * Provider methods per amount, currency and country (a provider enables a method for a range of
 * amounts), asked once per isolate every ten minutes. A few keys: a price list has a handful of
 * packages.
 */
const enabledByProvider = new Map<string, { at: number; ids: string[] }>();
const METHODS_TTL_MS = 10 * 60_000;
/** After the provider failed to say, it is not asked again for a minute, for any amount: no page waits out its time limit twice. */
const unansweredAt = new Map<string, number>();
const METHODS_RETRY_MS = 60_000;

/**
 * The site's methods for the member's country that the provider has enabled for this amount. When
 * the provider cannot say, the site's list stands: a refused method fails at payment, not here.
 */
export async function offeredMethods(
  provider: PaymentProvider,
  input: { site: Site; country: string | null; amountCents: number; currency: string; language: string; now: Date },
): Promise<PaymentMethodKey[]> {
  const offered = methodsForCountry(input.site.settings.paymentMethods, input.country);
  const key = `${provider.name}:${input.amountCents}:${input.currency}:${input.country ?? "*"}`;
  let enabled = enabledByProvider.get(key);
  if (!enabled || input.now.getTime() - enabled.at > METHODS_TTL_MS) {
    if (input.now.getTime() - (unansweredAt.get(provider.name) ?? Number.NEGATIVE_INFINITY) < METHODS_RETRY_MS) return offered;
    try {
      const ids = await provider.listMethods({
        amountCents: input.amountCents,
        currency: input.currency,
        billingCountry: input.country,
        language: input.language,
      });
      enabled = { at: input.now.getTime(), ids };
      enabledByProvider.set(key, enabled);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      unansweredAt.set(provider.name, input.now.getTime());
      return offered;
    }
  }
  const ids = enabled.ids;
  return offered.filter((method) => {
    const providerMethod = providerMethodOf[method];
    // Direct debits run on the member's mandate, which one-off method lists do not show.
    return providerMethod === null || method === "sdd" || ids.includes(providerMethod);
  });
}
