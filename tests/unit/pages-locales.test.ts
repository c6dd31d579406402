import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Structural checks for the static content pages (terms, privacy, cookies, ban,
 * return policy, FAQ, customer service) in `locales/<lng>/pages.json`.
 *
 * Dutch (nl) is the reference: every other locale must have exactly the same
 * flattened key paths (array indices included), no empty strings, and the same
 * set of i18next `{{placeholders}}` in every entry.
 */

const LOCALES_DIR = fileURLToPath(new URL("../../locales/", import.meta.url));
const LANGUAGES = ["da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"] as const;
const REFERENCE = "nl";

/** Placeholders the static pages fill in at render time. */
const ALLOWED_PLACEHOLDERS = new Set([
  "siteName",
  "domain",
  "companyName",
  "companyAddress",
  "companyCity",
  "companyCountry",
  "kvk",
  "vatNumber",
  "tradenames",
  "supportEmail",
  "supportPhone",
  "termsDate",
  "refundDays",
  "messageCredits",
  "photoCredits",
  "giftCredits",
  "signupCredits",
  "minAge",
  "freePhotos",
  "premiumPhotos",
  "deletionDays",
  "welcomeDiscount",
  "fictionalPlural",
]);
/** `{{date}}` is only meaningful in the "Last updated" label. */
const UPDATED_KEY = "updated";
const UPDATED_PLACEHOLDER = "date";

const SECTION_PAGES = ["terms", "privacy", "cookies", "ban", "returnPolicy", "service"] as const;
const MIN_SECTIONS: Record<(typeof SECTION_PAGES)[number], number> = {
  terms: 12,
  privacy: 10,
  cookies: 5,
  ban: 5,
  returnPolicy: 5,
  service: 4,
};
const MIN_FAQ_QUESTIONS = 12;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function load(lng: string): Record<string, Json> {
  const file = join(LOCALES_DIR, lng, "pages.json");
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, Json>;
}

/** Flattens nested objects and arrays into `a.b.0.c` → value. */
function flatten(value: Json, prefix = "", out = new Map<string, Json>()): Map<string, Json> {
  if (Array.isArray(value)) {
    if (value.length === 0) out.set(prefix, value);
    for (const [index, item] of value.entries()) flatten(item, prefix ? `${prefix}.${index}` : String(index), out);
  } else if (value !== null && typeof value === "object") {
    const keys = Object.keys(value);
    if (keys.length === 0) out.set(prefix, value);
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((m) => m[1] ?? ""))].sort();
}

const reference = flatten(load(REFERENCE));

describe("locales/*/pages.json", () => {
  it("exists for every interface language", () => {
    for (const lng of LANGUAGES) {
      expect(existsSync(join(LOCALES_DIR, lng, "pages.json")), `${lng}/pages.json`).toBe(true);
    }
    const dirs = readdirSync(LOCALES_DIR, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(LOCALES_DIR, d.name, "pages.json")))
      .map((d) => d.name)
      .sort();
    expect(dirs).toEqual([...LANGUAGES].sort());
  });

  describe.each(LANGUAGES)("%s", (lng) => {
    const data = load(lng);
    const flat = flatten(data);

    it("has exactly the same key paths as the reference (nl)", () => {
      expect([...flat.keys()].sort()).toEqual([...reference.keys()].sort());
    });

    it("has only non-empty strings as values", () => {
      for (const [path, value] of flat) {
        expect(typeof value, `${lng}: ${path}`).toBe("string");
        expect((value as string).trim().length, `${lng}: ${path} is empty`).toBeGreaterThan(0);
      }
    });

    it("contains plain text without HTML or unbalanced interpolation braces", () => {
      for (const [path, value] of flat) {
        const text = String(value);
        expect(/<\/?[a-z][^>]*>/i.test(text), `${lng}: ${path} contains HTML`).toBe(false);
        const stripped = text.replace(/\{\{\s*[A-Za-z]+\s*\}\}/g, "");
        expect(/[{}]/.test(stripped), `${lng}: ${path} has stray braces`).toBe(false);
      }
    });

    it("uses the same placeholders as the reference in every entry", () => {
      for (const [path, value] of reference) {
        expect(placeholders(String(flat.get(path) ?? "")), `${lng}: ${path}`).toEqual(placeholders(String(value)));
      }
    });

    it("uses only the allowed placeholders", () => {
      for (const [path, value] of flat) {
        for (const name of placeholders(String(value))) {
          const allowed = path === UPDATED_KEY ? name === UPDATED_PLACEHOLDER : ALLOWED_PLACEHOLDERS.has(name);
          expect(allowed, `${lng}: ${path} uses {{${name}}}`).toBe(true);
        }
      }
      expect(placeholders(String(data[UPDATED_KEY]))).toEqual([UPDATED_PLACEHOLDER]);
    });

    it("has the expected pages with enough sections and questions", () => {
      for (const page of SECTION_PAGES) {
        const content = data[page] as { title: string; intro: string; sections: unknown[] };
        expect(typeof content.title, `${lng}: ${page}.title`).toBe("string");
        expect(typeof content.intro, `${lng}: ${page}.intro`).toBe("string");
        expect(content.sections.length, `${lng}: ${page}.sections`).toBeGreaterThanOrEqual(MIN_SECTIONS[page]);
      }
      const faq = data.faq as { title: string; intro: string; questions: unknown[] };
      expect(faq.questions.length, `${lng}: faq.questions`).toBeGreaterThanOrEqual(MIN_FAQ_QUESTIONS);
    });
  });
});
