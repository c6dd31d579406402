import { describe, expect, it } from "vitest";
import { mandateCodeSchema, mandateDetailsSchema, maskIban, parseIban } from "./direct-debit-schema";

const details = {
  intent: "send",
  accountHolder: "J. de Vries",
  iban: "nl91 abna 0417 1643 00",
  street: "Keizersgracht",
  houseNumber: "12a",
  zip: "1015 CS",
  city: "Amsterdam",
  phone: "06 12345678",
};

describe("parseIban", () => {
  it("accepts an IBAN as typed and gives both formats", () => {
    expect(parseIban("NL91ABNA0417164300")).toEqual({ ok: true, electronic: "NL91ABNA0417164300", friendly: "NL91 ABNA 0417 1643 00" });
    expect(parseIban("nl91 abna-0417 1643 00")).toMatchObject({ ok: true, electronic: "NL91ABNA0417164300" });
    expect(parseIban("BE68 5390 0754 7034")).toMatchObject({ ok: true, electronic: "BE68539007547034" });
    expect(parseIban("DE89 3704 0044 0532 0130 00")).toMatchObject({ ok: true, friendly: "DE89 3704 0044 0532 0130 00" });
  });

  it("refuses a wrong checksum, a wrong length, garbage and accounts outside SEPA", () => {
    expect(parseIban("NL92ABNA0417164300")).toEqual({ ok: false, reason: "invalid" });
    expect(parseIban("NL91ABNA041716430")).toEqual({ ok: false, reason: "invalid" });
    expect(parseIban("hello")).toEqual({ ok: false, reason: "invalid" });
    expect(parseIban("")).toEqual({ ok: false, reason: "invalid" });
    expect(parseIban("X".repeat(500))).toEqual({ ok: false, reason: "invalid" });
    // Valid IBANs of countries outside SEPA (Turkey, Brazil).
    expect(parseIban("TR33 0006 1005 1978 6457 8413 26")).toEqual({ ok: false, reason: "not_sepa" });
    expect(parseIban("BR1800360305000010009795493C1")).toEqual({ ok: false, reason: "not_sepa" });
  });
});

describe("maskIban", () => {
  it("shows the country and the last four characters", () => {
    expect(maskIban("NL91ABNA0417164300")).toBe("NL•• •••• •••• ••43 00");
    expect(maskIban("NL02ABNA0123456712")).toBe("NL•• •••• •••• ••67 12");
    expect(maskIban("BE68539007547034")).toBe("BE•• •••• •••• 7034");
  });
});

/** A site that collects from Dutch, Belgian and German accounts. */
const SEPA_SITE = ["NL", "BE", "DE"];

describe("the direct-debit forms", () => {
  it("normalises the IBAN and the phone number (with the member's country)", () => {
    const parsed = mandateDetailsSchema("NL", SEPA_SITE).parse(details);
    expect(parsed).toMatchObject({ iban: "NL91ABNA0417164300", phone: "+31612345678", zip: "1015 CS", houseNumber: "12a" });
    expect(mandateDetailsSchema("BE", SEPA_SITE).parse({ ...details, phone: "0470 12 34 56" }).phone).toBe("+32470123456");
    expect(mandateDetailsSchema("DE", SEPA_SITE).parse({ ...details, phone: "+31 6 12345678" }).phone).toBe("+31612345678");
  });

  it("names the field that is wrong, with one message each", () => {
    const result = mandateDetailsSchema("NL", SEPA_SITE).safeParse({
      ...details,
      iban: "NL00 TEST",
      phone: "12",
      houseNumber: "a",
      accountHolder: "x".repeat(71),
    });
    expect(result.success).toBe(false);
    const issues = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
    expect(issues).toEqual({
      iban: "directdebit:errors.iban",
      phone: "directdebit:errors.phone",
      houseNumber: "directdebit:errors.houseNumber",
      accountHolder: "directdebit:errors.accountHolder",
    });
    const notSepa = mandateDetailsSchema("NL", SEPA_SITE).safeParse({ ...details, iban: "TR330006100519786457841326" });
    expect(notSepa.error?.issues.map((issue) => issue.message)).toEqual(["directdebit:errors.ibanNotSepa"]);
  });

  it("takes only an IBAN of the site's direct-debit countries", () => {
    const dutchSite = mandateDetailsSchema("NL", ["NL", "BE"]);
    const german = dutchSite.safeParse({ ...details, iban: "DE89 3704 0044 0532 0130 00" });
    expect(german.error?.issues.map((issue) => issue.message)).toEqual(["directdebit:errors.ibanCountry"]);
    expect(dutchSite.safeParse({ ...details, iban: "BE68 5390 0754 7034" }).success).toBe(true);
  });

  it("takes a six-digit code with or without spaces", () => {
    expect(mandateCodeSchema.parse({ intent: "verify", code: " 123 456 " }).code).toBe("123456");
    expect(mandateCodeSchema.safeParse({ intent: "verify", code: "12345" }).success).toBe(false);
    expect(mandateCodeSchema.safeParse({ intent: "verify", code: "abcdef" }).success).toBe(false);
    expect(mandateCodeSchema.safeParse({ intent: "verify", code: "1".repeat(100) }).success).toBe(false);
  });
});
