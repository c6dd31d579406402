import { describe, expect, it } from "vitest";
import { maskPhone, normalizePhone } from "./phone";

describe("normalizePhone", () => {
  it("gives national numbers the member's calling code, dropping the trunk 0", () => {
    expect(normalizePhone("06 12345678", "NL")).toBe("+31612345678");
    expect(normalizePhone("06-1234 5678", "nl")).toBe("+31612345678");
    expect(normalizePhone("020 123 4567", "NL")).toBe("+31201234567");
    expect(normalizePhone("0470 12 34 56", "BE")).toBe("+32470123456");
    expect(normalizePhone("02 123 45 67", "BE")).toBe("+3221234567");
    expect(normalizePhone("0151 23456789", "DE")).toBe("+4915123456789");
    expect(normalizePhone("(030) 1234567", "DE")).toBe("+49301234567");
    expect(normalizePhone("0171/1234567", "DE")).toBe("+491711234567");
  });

  it("keeps the country of an international number, whatever the member's country", () => {
    expect(normalizePhone("+31 6 12345678", "DE")).toBe("+31612345678");
    expect(normalizePhone("0031612345678", "BE")).toBe("+31612345678");
    expect(normalizePhone("+32 470 12 34 56", "NL")).toBe("+32470123456");
    expect(normalizePhone("0049 151 23456789", "NL")).toBe("+4915123456789");
    expect(normalizePhone("+31 (0)6 12345678", "NL")).toBe("+31612345678");
    // A trunk 0 typed after the calling code is a common slip.
    expect(normalizePhone("+31 06 12345678", "NL")).toBe("+31612345678");
    expect(normalizePhone("+44 7911 123456", "NL")).toBe("+447911123456");
    expect(normalizePhone("+1 415 555 2671", null)).toBe("+14155552671");
    // Countries without a plan here: E.164's limits.
    expect(normalizePhone("+90 532 123 45 67", "NL")).toBe("+905321234567");
  });

  it("refuses what is not a phone number", () => {
    expect(normalizePhone("", "NL")).toBeNull();
    expect(normalizePhone("06 1234567", "NL")).toBeNull(); // one digit short
    expect(normalizePhone("06 123456789", "NL")).toBeNull(); // one too many
    expect(normalizePhone("6 12345678 x", "NL")).toBeNull();
    expect(normalizePhone("bel me", "NL")).toBeNull();
    expect(normalizePhone("+0612345678", "NL")).toBeNull();
    expect(normalizePhone("+12", "NL")).toBeNull();
    expect(normalizePhone("+1234567890123456", "NL")).toBeNull();
    expect(normalizePhone("++31612345678", "NL")).toBeNull();
    expect(normalizePhone("0612345678", null)).toBeNull(); // national, but whose?
    expect(normalizePhone("0612345678", "XX")).toBeNull();
    expect(normalizePhone(`+31 6 ${"1".repeat(30)}`, "NL")).toBeNull();
  });
});

describe("maskPhone", () => {
  it("shows the calling code and the last two digits", () => {
    expect(maskPhone("+31612345678")).toBe("+31 ••••••• 78");
    expect(maskPhone("+32470123456")).toBe("+32 ••••••• 56");
    expect(maskPhone("+4915123456789")).toBe("+49 ••••••••• 89");
    expect(maskPhone("+3521234567")).toBe("+352 ••••• 67");
  });
});
