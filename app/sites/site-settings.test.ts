import { describe, expect, it } from "vitest";
import { siteSettingsSchema } from "./site-settings";
import { requiredSettings as required } from "./test-site";

/** The first problem the console would show for these settings, or null when they can be saved. */
function problem(settings: Record<string, unknown>): string | null {
  const parsed = siteSettingsSchema.safeParse({ ...required, ...settings });
  const issue = parsed.success ? null : parsed.error.issues[0];
  return issue ? `${issue.path.join(".")}: ${issue.message}` : null;
}

describe("site settings an operator cannot save (they would break the site for its members)", () => {
  it("refuses a time zone the runtime does not know: every date of the site would fail to format", () => {
    expect(problem({ timeZone: "Europe/Amsterdm" })).toBe("timeZone: an IANA time zone, such as Europe/Amsterdam");
    expect(problem({ timeZone: "" })).toMatch(/^timeZone: /);
    expect(problem({ timeZone: "Europe/Berlin" })).toBeNull();
    expect(siteSettingsSchema.parse(required).timeZone).toBe("Europe/Amsterdam");
  });

  it("refuses payment methods that leave members of some country nothing to pay with", () => {
    expect(problem({ paymentMethods: { NL: ["ideal"], "*": [] } })).toMatch(/^paymentMethods\.\*: /);
    expect(problem({ paymentMethods: { NL: [], "*": ["creditcard"] } })).toMatch(/^paymentMethods\.NL: /);
    expect(problem({ paymentMethods: { NL: ["ideal"] } })).toBe('paymentMethods: needs "*": the methods for every other country');
    expect(problem({ paymentMethods: { nl: ["ideal"], "*": ["creditcard"] } })).toMatch(/^paymentMethods\.nl: /);
    expect(problem({ paymentMethods: { NL: ["ideal"], "*": ["creditcard", "paypal"] } })).toBeNull();
  });
});
