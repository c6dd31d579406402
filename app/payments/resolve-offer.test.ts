import { describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import type { Site } from "~/sites/site.server";
import { offeredMethod, resolveOffer, startCheckout } from "./checkout.server";
import { defaultPaymentMethods } from "~/sites/payment-methods";
import type { PaymentProvider } from "./provider.server";

const p2 = { packageKey: "p2", currency: "EUR", credits: 500, amountCents: 1495, discountPercent: 0, popular: true, position: 2 };
const site = {
  id: 1,
  key: "test",
  name: "Test",
  prices: [p2],
  settings: { countries: ["NL"], paymentMethods: defaultPaymentMethods, directDebitLimitCents: 10_000 },
} as unknown as Site;

/** A provider that enables iDEAL and cards only (each test its own name: the method list is cached per provider). */
function provider(): PaymentProvider {
  return {
    name: `ideal-and-cards-${crypto.randomUUID()}`,
    async listMethods() {
      return ["ideal", "creditcard"];
    },
  } as unknown as PaymentProvider;
}

const input = { site, country: "NL", language: "nl", now: new Date(0) };

describe("the checkout's offer, the same for the page and its action", () => {
  it("is the package of the member's price list with the site's methods the provider enables for it", async () => {
    const offer = await resolveOffer(provider(), { ...input, packageKey: "p2" });
    expect(offer?.pkg.packageKey).toBe("p2");
    // NL lists iDEAL, cards, PayPal, direct debit and transfer; the provider enables iDEAL and cards; direct debits run on a mandate.
    expect(offer?.methods).toEqual(["ideal", "creditcard", "sdd"]);
    expect(await resolveOffer(provider(), { ...input, packageKey: "p9" })).toBeNull();
  });

  it("checks a method in one place: offered, or null for one the offer lacks and for nonsense", async () => {
    const offer = await resolveOffer(provider(), { ...input, packageKey: "p2" });
    if (!offer) throw new Error("no offer");
    expect(offeredMethod(offer, "ideal")).toBe("ideal");
    expect(offeredMethod(offer, "paypal")).toBeNull();
    expect(offeredMethod(offer, "bitcoin")).toBeNull();
    expect(offeredMethod(offer, null)).toBeNull();
  });

  it("refuses in the action a method the page does not show, before any order is stored", async () => {
    const db = {} as Database;
    const checkout = {
      ...input,
      buyer: { id: 1, email: "a@example.com", paidUser: false, spendingBlocked: false },
      discountCode: null,
      urls: { returnTo: () => "https://example.com/back", webhook: "https://example.com/hook" },
      ip: null,
    };
    // PayPal is on the site's list for NL but not enabled by the provider.
    expect(await startCheckout(db, provider(), { ...checkout, packageKey: "p2", method: "paypal" })).toEqual({
      status: "method_unavailable",
    });
    expect(await startCheckout(db, provider(), { ...checkout, packageKey: "p9", method: "ideal" })).toEqual({ status: "unknown_package" });
  });
});
