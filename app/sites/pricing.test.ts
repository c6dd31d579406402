import { describe, expect, it } from "vitest";
import { cheapestMessageCents, currencyFor, messageCostFor, minimumMessageCosts, priceListFor, type PricePackage } from "./pricing";

const eur = (packageKey: string, credits: number, amountCents: number, position: number): PricePackage => ({
  packageKey,
  currency: "EUR",
  credits,
  amountCents,
  discountPercent: 0,
  popular: false,
  position,
});
const prices: PricePackage[] = [
  eur("p0", 100, 1495, 0),
  eur("p1", 250, 2995, 1),
  eur("p2", 500, 4995, 2),
  eur("p3", 1000, 8995, 3),
  { ...eur("p0", 100, 1295, 0), currency: "GBP" },
  { ...eur("p3", 1000, 7795, 3), currency: "GBP" },
];

describe("pricing", () => {
  it("prices one message at the largest package", () => {
    expect(
      cheapestMessageCents(
        prices.filter((p) => p.currency === "EUR"),
        15,
      ),
    ).toBe(135);
  });

  it("charges a visitor in their country's currency when the site has that list", () => {
    expect(currencyFor("GB", ["NL"], ["EUR", "GBP"])).toBe("GBP");
    expect(currencyFor("US", ["NL", "BE"], ["EUR", "GBP"])).toBe("EUR");
    expect(currencyFor(null, ["GB"], ["EUR", "GBP"])).toBe("GBP");
  });

  it("builds minimum_message_costs per country of the site", () => {
    expect(minimumMessageCosts(prices, ["NL", "GB"], 15)).toEqual({
      NL: { costs: 1.35, currency: "EUR" },
      GB: { costs: 1.17, currency: "GBP" },
    });
  });

  it('quotes "from X per message" in the currency of the packages the visitor is shown', () => {
    // A British visitor of a Dutch site (countries NL, BE) is shown the GBP list.
    const shown = priceListFor(prices, ["NL", "BE"], "GB");
    expect(shown.currency).toBe("GBP");
    expect(messageCostFor(prices, ["NL", "BE"], "GB", 15)).toEqual({ costs: 1.17, currency: "GBP" });
    expect(messageCostFor(prices, ["NL", "BE"], "PL", 15)).toEqual({ costs: 1.35, currency: "EUR" });
    expect(messageCostFor([], ["NL"], "NL", 15)).toBeNull();
    expect(minimumMessageCosts(prices, ["NL"], 15, ["GB"])).toEqual({
      NL: { costs: 1.35, currency: "EUR" },
      GB: { costs: 1.17, currency: "GBP" },
    });
  });
});
