/**
 * The site texts a visitor reads (title, description, the fictional-profile words and warning,
 * the mail sender name) exist per language (product.md §10 "Sites"): a site setting holds either
 * one string (older settings, read as the site's own language for every visitor) or a map
 * `{ nl: "…", en: "…", … }`. Each request resolves them once for the visitor's language
 * (`LocalizedSite.texts`, set by the root middleware); mails resolve them for the recipient's.
 */
import { z } from "zod";
import { domainLanguageOf, isLanguage, supportedLanguages, type Language } from "../i18n/languages";

/** One string for every language, or one per language (at least one, none empty). */
export const localizedTextSchema = z.union([
  z.string(),
  z
    .partialRecord(z.enum(supportedLanguages), z.string().trim().min(1))
    .refine((map) => Object.keys(map).length > 0, { message: "give the text in at least one language" }),
]);
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** The settings that are per-language texts. */
export const siteTextKeys = ["indexTitle", "description", "fictionalSingular", "fictionalPlural", "fictionalWarning", "mailName"] as const;
export type SiteTextKey = (typeof siteTextKeys)[number];
export type SiteTexts = Record<SiteTextKey, string>;

/**
 * The text for `language`: its own entry, else the site's language's, else English, else the
 * first one given. A plain string is the same in every language.
 */
export function localizeText(text: LocalizedText, language: string, siteLanguage: string | null): string {
  if (typeof text === "string") return text;
  const wanted = [language, siteLanguage, "en"].filter((code): code is Language => isLanguage(code));
  for (const code of wanted) {
    const value = text[code];
    if (value) return value;
  }
  return Object.values(text).find((value) => Boolean(value)) ?? "";
}

/** Every site text for one language; `domainLanguage` is the site's (`nl_NL`). */
export function siteTextsFor(settings: Record<SiteTextKey, LocalizedText>, language: string, domainLanguage: string): SiteTexts {
  const siteLanguage = domainLanguageOf(domainLanguage);
  return Object.fromEntries(siteTextKeys.map((key) => [key, localizeText(settings[key], language, siteLanguage)])) as SiteTexts;
}
