/**
 * Which language a request is served in (product.md §9, §10 "Sites"):
 * the address's `?lang=` (the hreflang alternates of app/seo/seo.ts link with it) → `locale` cookie → the country's visible languages (the browser's preference among them, else the
 * first) → the first two letters of the site's domain_language → nl.
 */
import { defaultLanguage, domainLanguageOf, isLanguage, visibleLanguages, type Language } from "~/i18n/languages";

export const LOCALE_COOKIE = "locale";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export type DetectionInput = {
  /** The language the address asks for (`?lang=`), if any. */
  urlLocale?: string | null;
  /** The `locale` cookie's value, if any. */
  cookieLocale: string | null;
  acceptLanguage: string | null;
  country: string | null;
  domainLanguage: string;
};

/** Languages from an Accept-Language header, most preferred first (two-letter codes). */
export function preferredLanguages(acceptLanguage: string | null): string[] {
  if (!acceptLanguage) return [];
  return acceptLanguage
    .split(",")
    .slice(0, 20)
    .map((entry, index) => {
      const [tag = "", ...params] = entry.trim().split(";");
      const q = Number(
        params
          .find((p) => p.trim().startsWith("q="))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { code: tag.slice(0, 2).toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.code.length === 2 && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => (entry.code === "no" ? "nb" : entry.code));
}

export function detectLanguage(input: DetectionInput): Language {
  if (isLanguage(input.urlLocale)) return input.urlLocale;
  if (isLanguage(input.cookieLocale)) return input.cookieLocale;

  if (input.country) {
    const visible = visibleLanguages(input.country, input.domainLanguage);
    const preferred = preferredLanguages(input.acceptLanguage).find((code) => visible.includes(code as Language));
    return (preferred as Language | undefined) ?? visible[0] ?? defaultLanguage;
  }

  return domainLanguageOf(input.domainLanguage) ?? defaultLanguage;
}
