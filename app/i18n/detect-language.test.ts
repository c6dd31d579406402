import { describe, expect, it } from "vitest";
import { detectLanguage, preferredLanguages } from "./detect-language";
import { visibleLanguages } from "./languages";

const base = { cookieLocale: null, acceptLanguage: null, country: null, domainLanguage: "nl_NL" };

describe("detectLanguage", () => {
  it("serves the language an address asks for (?lang=, the hreflang alternates) before anything else", () => {
    expect(detectLanguage({ ...base, urlLocale: "fr", cookieLocale: "pl", country: "NL" })).toBe("fr");
    expect(detectLanguage({ ...base, urlLocale: "xx", cookieLocale: "pl" })).toBe("pl");
  });

  it("uses the locale cookie first", () => {
    expect(detectLanguage({ ...base, cookieLocale: "pl", country: "NL" })).toBe("pl");
  });

  it("ignores an unknown or malicious cookie value", () => {
    for (const value of ["xx", "en-US", "<script>", "../../etc/passwd", "%E0%A4%A", ""]) {
      expect(detectLanguage({ ...base, cookieLocale: value, country: "DE" })).toBe("de");
    }
  });

  it("uses the visitor's country's visible languages, preferring the browser's choice among them", () => {
    expect(detectLanguage({ ...base, country: "BE" })).toBe("nl");
    expect(detectLanguage({ ...base, country: "BE", acceptLanguage: "fr-BE,fr;q=0.9,en;q=0.5" })).toBe("fr");
    expect(detectLanguage({ ...base, country: "CH", acceptLanguage: "it-CH" })).toBe("it");
    expect(detectLanguage({ ...base, country: "NL", acceptLanguage: "de" })).toBe("nl");
    expect(detectLanguage({ ...base, country: "NO", acceptLanguage: "no" })).toBe("nb");
  });

  it("falls back to the site's domain language, then Dutch", () => {
    expect(detectLanguage({ ...base, domainLanguage: "de_DE" })).toBe("de");
    expect(detectLanguage({ ...base, domainLanguage: "xx_XX" })).toBe("nl");
  });

  it("offers the domain language plus English to other countries", () => {
    expect(visibleLanguages("BR", "de_DE")).toEqual(["de", "en"]);
    expect(visibleLanguages(null, "en_GB")).toEqual(["en"]);
    expect(detectLanguage({ ...base, country: "BR", domainLanguage: "de_DE" })).toBe("de");
  });
});

describe("preferredLanguages", () => {
  it("orders by quality and ignores junk", () => {
    expect(preferredLanguages("en;q=0.2, sv, de;q=0.9, *;q=0.1, ;;;")).toEqual(["sv", "de", "en"]);
  });
});
