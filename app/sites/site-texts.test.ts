import { describe, expect, it } from "vitest";
import { siteSettingsSchema } from "./site-settings";
import { requiredSettings as required } from "./test-site";
import { localizeText, siteTextsFor } from "./site-texts";

describe("site texts per language (product.md §10 Sites)", () => {
  it("takes the visitor's language, then the site's, then English, then any", () => {
    const text = { nl: "Hallo", pl: "Cześć", en: "Hello" };
    expect(localizeText(text, "pl", "nl")).toBe("Cześć");
    expect(localizeText(text, "fi", "nl")).toBe("Hallo");
    expect(localizeText({ en: "Hello", de: "Hallo" }, "fi", "nl")).toBe("Hello");
    expect(localizeText({ de: "Hallo" }, "fi", "nl")).toBe("Hallo");
    expect(localizeText({ de: "Hallo" }, "fi", null)).toBe("Hallo");
  });

  it("keeps an old single string valid: the same text for every language", () => {
    const settings = siteSettingsSchema.parse(required);
    expect(settings.fictionalSingular).toBe("entertainmentprofiel");
    const texts = siteTextsFor(settings, "pl", "nl_NL");
    expect(texts).toMatchObject({ indexTitle: "Flirtparadijs", fictionalPlural: "entertainmentprofielen", mailName: "Flirtparadijs" });
  });

  it("resolves a mix of maps and strings for one language", () => {
    const settings = siteSettingsSchema.parse({
      ...required,
      indexTitle: { nl: "Flirtparadijs – daten", pl: "Flirtparadijs – randki" },
      fictionalSingular: { nl: "entertainmentprofiel", en: "entertainment profile" },
    });
    expect(siteTextsFor(settings, "pl", "nl_NL")).toMatchObject({
      indexTitle: "Flirtparadijs – randki",
      fictionalSingular: "entertainmentprofiel",
      description: "Ontmoet singles",
    });
    expect(siteTextsFor(settings, "de", "en_GB").fictionalSingular).toBe("entertainment profile");
  });

  it("rejects an empty map, an unknown language and an empty text", () => {
    expect(siteSettingsSchema.safeParse({ ...required, indexTitle: {} }).success).toBe(false);
    expect(siteSettingsSchema.safeParse({ ...required, indexTitle: { xx: "?" } }).success).toBe(false);
    expect(siteSettingsSchema.safeParse({ ...required, indexTitle: { nl: " " } }).success).toBe(false);
  });
});
