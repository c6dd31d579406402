import { describe, expect, it } from "vitest";
import type { Site } from "~/sites/site.server";
import { offeredMethods } from "./checkout.server";
import { defaultPaymentMethods } from "~/sites/payment-methods";
import { PaymentProviderError, type PaymentProvider } from "./provider.server";

const site = { settings: { paymentMethods: defaultPaymentMethods } } as unknown as Site;

describe("the methods a checkout offers", () => {
  it("falls back to the site's list while the provider fails, and asks it again only after a minute", async () => {
    let asked = 0;
    let down = true;
    const provider = {
      name: `flaky-${crypto.randomUUID()}`,
      async listMethods() {
        asked += 1;
        if (down) throw new PaymentProviderError("no answer within 10000 ms");
        return ["ideal"];
      },
    } as unknown as PaymentProvider;
    const at = (ms: number) => ({ site, country: "NL", amountCents: 1495, currency: "EUR", language: "nl", now: new Date(ms) });

    expect(await offeredMethods(provider, at(0))).toEqual(["ideal", "creditcard", "paypal", "sdd", "sct"]);
    expect(await offeredMethods(provider, at(30_000))).toEqual(["ideal", "creditcard", "paypal", "sdd", "sct"]);
    expect(asked).toBe(1);

    down = false;
    expect(await offeredMethods(provider, at(61_000))).toEqual(["ideal", "sdd"]);
    expect(asked).toBe(2);
  });

  it("offers each package the methods the provider enables for its own amount", async () => {
    const amounts: number[] = [];
    const provider = {
      name: `by-amount-${crypto.randomUUID()}`,
      // As Mollie does: PayPal up to €50 here, iDEAL and cards for any amount.
      async listMethods({ amountCents }: { amountCents: number }) {
        amounts.push(amountCents);
        return amountCents <= 5_000 ? ["ideal", "creditcard", "paypal"] : ["ideal", "creditcard"];
      },
    } as unknown as PaymentProvider;
    const offer = (amountCents: number) => ({ site, country: "NL", amountCents, currency: "EUR", language: "nl", now: new Date(0) });

    expect(await offeredMethods(provider, offer(1_495))).toEqual(["ideal", "creditcard", "paypal", "sdd"]);
    expect(await offeredMethods(provider, offer(9_995))).toEqual(["ideal", "creditcard", "sdd"]);
    // Each answer is kept for its own amount.
    expect(await offeredMethods(provider, offer(1_495))).toEqual(["ideal", "creditcard", "paypal", "sdd"]);
    expect(amounts).toEqual([1_495, 9_995]);
  });
});
