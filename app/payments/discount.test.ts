import { describe, expect, it } from "vitest";
import { discountCentsFor, discountedAmount, normalizeDiscountCode } from "./discount";

describe("discounts", () => {
  it("takes 25% off €49.95 as €12.49, so the member pays €37.46", () => {
    const discount = discountCentsFor(4995, 25);
    expect(discount).toBe(1249);
    expect(discountedAmount(4995, discount)).toEqual({ discountCents: 1249, amountCents: 3746 });
  });

  it("never takes a price below one cent", () => {
    expect(discountedAmount(1495, discountCentsFor(1495, 100))).toEqual({ discountCents: 1494, amountCents: 1 });
  });

  it("reads a code however it was typed", () => {
    expect(normalizeDiscountCode("  timeBonus25 ")).toBe("TIMEBONUS25");
  });
});
