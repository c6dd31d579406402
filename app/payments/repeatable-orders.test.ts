import { describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { defaultPaymentMethods } from "~/sites/payment-methods";
import type { Site } from "~/sites/site.server";
import { resolveOffer } from "./checkout.server";
import { repeatableOrders } from "./order-history.server";
import type { PaymentProvider } from "./provider.server";

const p1 = { packageKey: "p1", currency: "EUR", credits: 250, amountCents: 995, discountPercent: 0, popular: false, position: 1 };
const p2 = { packageKey: "p2", currency: "EUR", credits: 500, amountCents: 1495, discountPercent: 0, popular: true, position: 2 };
const site = {
  id: 1,
  key: "test",
  name: "Test",
  prices: [p1, p2],
  settings: { countries: ["NL"], paymentMethods: defaultPaymentMethods, directDebitLimitCents: 10_000 },
} as unknown as Site;

/** A provider that enables iDEAL and cards only (its own name: the method list is cached per provider). */
const provider = () =>
  ({
    name: `ideal-and-cards-${crypto.randomUUID()}`,
    async listMethods() {
      return ["ideal", "creditcard"];
    },
  }) as unknown as PaymentProvider;

/** A database that answers the order history's one query with `rows` (newest first). */
const ordersOf = (rows: { id: number; packageKey: string; method: string; paidAt: Date | null }[]) =>
  ({ select: () => ({ from: () => ({ where: () => ({ orderBy: () => ({ limit: async () => rows }) }) }) }) }) as unknown as Database;

describe("the repeat-order list", () => {
  it("offers only what the checkout offers: the provider's enabled methods (ADR 058) and today's packages and prices", async () => {
    const enabled = provider();
    const offerFor = (packageKey: string) => resolveOffer(enabled, { site, country: "NL", packageKey, language: "nl", now: new Date(0) });
    const paidAt = new Date("2026-11-01T12:00:00Z");
    const db = ordersOf([
      { id: 5, packageKey: "p2", method: "paypal", paidAt },
      { id: 4, packageKey: "p2", method: "ideal", paidAt },
      { id: 3, packageKey: "p9", method: "ideal", paidAt },
      { id: 2, packageKey: "p2", method: "ideal", paidAt },
      { id: 1, packageKey: "p1", method: "creditcard", paidAt },
    ]);
    expect(await repeatableOrders(db, { userId: 1, offerFor })).toEqual([
      { orderId: 4, packageKey: "p2", method: "ideal", credits: 500, amountCents: 1495, currency: "EUR", paidAt: paidAt.toISOString() },
      { orderId: 1, packageKey: "p1", method: "creditcard", credits: 250, amountCents: 995, currency: "EUR", paidAt: paidAt.toISOString() },
    ]);
  });
});
