import { describe, expect, it } from "vitest";
import { chooseLander, landerSlug, nicheOf } from "./lander-slug";

const visitor = { language: "nl" as const, siteNiche: 6 };

describe('lander slugs (product.md §10 "Landers")', () => {
  it("are the locale and the niche's name", () => {
    expect(landerSlug("de", "milf")).toBe("de-milf");
    expect(chooseLander("en-gay", visitor)).toEqual({ language: "en", niche: "gay", slug: "en-gay", fallback: false });
    expect(chooseLander("pl-bbw", visitor)).toMatchObject({ language: "pl", niche: "bbw" });
  });

  it("name the seven niches of the niche setting", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(nicheOf)).toEqual(["plain", "she", "bdsm", "bbw", "gilf", "milf", "gay"]);
    expect(nicheOf(42)).toBe("plain");
  });

  it("fall back to the visitor's language and the site's niche when missing or unknown", () => {
    const fallback = { language: "nl", niche: "milf", slug: "nl-milf", fallback: true };
    for (const slug of [undefined, "", "xx-milf", "nl-kinky", "NL-MILF", "nl_milf", "nl-milf-extra", "milf", "../nl-milf"]) {
      expect(chooseLander(slug, visitor), String(slug)).toEqual(fallback);
    }
  });
});
