/**
 * Which language a request is served in (spec §9, product.md §10 "Sites"): the address's `?lang=`
 * (the hreflang alternates of app/seo/seo.ts link with it) → the `locale` cookie → the first two
 * letters of the site's domain_language → nl. The visitor's country decides which languages the
 * language menu offers (languages.ts `menuLanguages`), never which one a first page speaks: a Polish
 * visitor of the Dutch site reads Dutch, with Polish one tap away in the menu.
 */
import { defaultLanguage, domainLanguageOf, isLanguage, type Language } from "~/i18n/languages";

export const LOCALE_COOKIE = "locale";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export type DetectionInput = {
  /** The language the address asks for (`?lang=`), if any. */
  urlLocale?: string | null;
  /** The `locale` cookie's value, if any. */
  cookieLocale: string | null;
  domainLanguage: string;
};

export function detectLanguage(input: DetectionInput): Language {
  if (isLanguage(input.urlLocale)) return input.urlLocale;
  if (isLanguage(input.cookieLocale)) return input.cookieLocale;
  return domainLanguageOf(input.domainLanguage) ?? defaultLanguage;
}
