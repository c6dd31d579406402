import { describe, expect, it } from "vitest";
import type { PackageOffer } from "./package-offer";
import { pricePackages } from "./priced-packages.server";

const offer: PackageOffer = {
  packageKey: "p2",
  credits: 1000,
  amountCents: 9900,
  currency: "EUR",
  discountPercent: 10,
  popular: true,
  messages: 100,
};

describe("packages priced by the server", () => {
  // Intl writes a no-break space between the euro sign and a Dutch amount.
  it("writes the figures out in the member's language, the price per credit to three decimals", () => {
    const [dutch] = pricePackages([offer], "nl");
    expect(dutch).toMatchObject({
      ...offer,
      creditsText: "1.000",
      listPriceText: null,
      priceText: "€\u00a099,00",
      perCreditText: "€\u00a00,099",
    });
    const [english] = pricePackages([offer], "en");
    expect(english).toMatchObject({ creditsText: "1,000", priceText: "€99.00", perCreditText: "€0.099" });
  });

  it("shows a welcome price beside the struck list price", () => {
    const [priced] = pricePackages([offer], "nl", 25);
    expect(priced).toMatchObject({ listPriceText: "€\u00a099,00", priceText: "€\u00a074,25" });
  });
});
