import { describe, expect, it } from "vitest";
import { defaultPaymentMethods, methodIcon, methodsForCountry, providerMethodOf } from "~/sites/payment-methods";
import { fromMollieAmount, toMollieAmount } from "./mollie.server";

describe("payment methods", () => {
  it("offers each country its own methods in checkout order, and a fallback elsewhere", () => {
    expect(methodsForCountry(defaultPaymentMethods, "NL")).toEqual(["ideal", "creditcard", "paypal", "sdd", "sct"]);
    expect(methodsForCountry(defaultPaymentMethods, "BE")[0]).toBe("bancontact");
    expect(methodsForCountry(defaultPaymentMethods, "BR")).toEqual(["creditcard", "paypal", "others"]);
    expect(methodsForCountry(defaultPaymentMethods, null)).toEqual(["creditcard", "paypal", "others"]);
  });

  it("maps card brands to the provider's card method and lets 'others' choose at the provider", () => {
    expect(providerMethodOf.visa).toBe("creditcard");
    expect(providerMethodOf.sdd).toBe("directdebit");
    expect(providerMethodOf.sct).toBe("banktransfer");
    expect(providerMethodOf.others).toBeNull();
  });

  it("has an icon for every method and a neutral one for anything else", () => {
    expect(methodIcon("ideal")).toBe("/payment-methods/ideal.svg");
    expect(methodIcon("<script>")).toBe("/payment-methods/others.svg");
  });
});

describe("Mollie amounts", () => {
  it("writes cents as strings with two decimals and reads them back", () => {
    expect(toMollieAmount(1495, "EUR")).toEqual({ currency: "EUR", value: "14.95" });
    expect(toMollieAmount(5, "EUR").value).toBe("0.05");
    expect(toMollieAmount(100000, "SEK").value).toBe("1000.00");
    expect(fromMollieAmount({ currency: "EUR", value: "37.46" })).toBe(3746);
    expect(fromMollieAmount(undefined)).toBe(0);
  });

  it("refuses amounts that are not whole cents", () => {
    expect(() => toMollieAmount(14.5, "EUR")).toThrow();
    expect(() => toMollieAmount(-1, "EUR")).toThrow();
    expect(() => fromMollieAmount({ currency: "EUR", value: "1.5" })).toThrow();
  });
});
