import { describe, expect, it } from "vitest";
import { detectLanguage } from "./detect-language";
import { menuLanguages, visibleLanguages } from "./languages";

const base = { cookieLocale: null, domainLanguage: "nl_NL" };

describe("detectLanguage", () => {
  it("serves the language an address asks for (?lang=, the hreflang alternates) before anything else", () => {
    expect(detectLanguage({ ...base, urlLocale: "fr", cookieLocale: "pl" })).toBe("fr");
    expect(detectLanguage({ ...base, urlLocale: "xx", cookieLocale: "pl" })).toBe("pl");
  });

  it("uses the locale cookie first", () => {
    expect(detectLanguage({ ...base, cookieLocale: "pl" })).toBe("pl");
  });

  it("ignores an unknown or malicious cookie value", () => {
    for (const value of ["xx", "en-US", "<script>", "../../etc/passwd", "%E0%A4%A", ""]) {
      expect(detectLanguage({ ...base, cookieLocale: value, domainLanguage: "de_DE" })).toBe("de");
    }
  });

  it("speaks the site's language without a cookie, whatever the visitor's country (spec §9)", () => {
    expect(detectLanguage(base)).toBe("nl");
    expect(detectLanguage({ ...base, domainLanguage: "de_DE" })).toBe("de");
  });

  it("offers the site's language, the country's languages and the current one in the menu", () => {
    expect(menuLanguages("PL", "nl_NL", "nl")).toEqual(["nl", "pl"]);
    expect(menuLanguages("NL", "nl_NL", "nl")).toEqual(["nl"]);
    expect(menuLanguages("BE", "nl_NL", "nl")).toEqual(["nl", "fr", "de"]);
    expect(menuLanguages("NL", "nl_NL", "sv")).toEqual(["nl", "sv"]);
    expect(menuLanguages("CH", "de_DE", "de")).toEqual(["de", "it", "fr", "en"]);
  });

  it("falls back to the site's domain language, then Dutch", () => {
    expect(detectLanguage({ ...base, domainLanguage: "de_DE" })).toBe("de");
    expect(detectLanguage({ ...base, domainLanguage: "xx_XX" })).toBe("nl");
  });

  it("offers the domain language plus English to other countries", () => {
    expect(visibleLanguages("BR", "de_DE")).toEqual(["de", "en"]);
    expect(visibleLanguages(null, "en_GB")).toEqual(["en"]);
  });
});
