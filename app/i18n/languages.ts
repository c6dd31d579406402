/**
 * The eleven interface languages and which of them a visitor from a country sees.
 * Shared by the server (detection) and the client (language dropdown).
 */
export const supportedLanguages = ["da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"] as const;
export type Language = (typeof supportedLanguages)[number];
export const defaultLanguage: Language = "nl";

/** Each language's own name, as its speakers write it. */
export const languageNames: Record<Language, string> = {
  da: "Dansk",
  de: "Deutsch",
  en: "English",
  es: "Español",
  fi: "Suomi",
  fr: "Français",
  it: "Italiano",
  nb: "Norsk bokmål",
  nl: "Nederlands",
  pl: "Polski",
  sv: "Svenska",
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

/** product.md §10: visible locales by country. */
const visibleByCountry: Record<string, Language[]> = {
  NL: ["nl"],
  BE: ["nl", "fr", "de"],
  DE: ["de"],
  AT: ["de"],
  CH: ["de", "it", "fr", "en"],
  FR: ["fr"],
  GB: ["en"],
  IE: ["en"],
  US: ["en"],
  ES: ["es"],
  IT: ["it"],
  PL: ["pl"],
  SE: ["sv"],
  NO: ["nb"],
  DK: ["da"],
  FI: ["fi", "sv"],
};

/** The language of a site's `domain_language` ("nl_NL" → "nl"), if we have it. */
export function domainLanguageOf(domainLanguage: string): Language | null {
  const code = domainLanguage.slice(0, 2).toLowerCase();
  return isLanguage(code) ? code : null;
}

/** Languages offered to a visitor from `country`; anything unknown: the domain language plus en. */
export function visibleLanguages(country: string | null, domainLanguage: string): Language[] {
  const known = country ? visibleByCountry[country.toUpperCase()] : undefined;
  if (known) return known;
  const own = domainLanguageOf(domainLanguage) ?? defaultLanguage;
  return own === "en" ? ["en"] : [own, "en"];
}

/**
 * The languages the language menu offers (spec §2 "a language dropdown shows when more than one
 * locale is visible"): the site's own language, the visitor's country's languages, and the page's
 * current one, each once. A Polish visitor of the Dutch site gets Dutch and Polish; a Dutch one
 * only Dutch (no menu; the footer's link to /lang-config still offers every language).
 */
export function menuLanguages(country: string | null, domainLanguage: string, current: Language): Language[] {
  const own = domainLanguageOf(domainLanguage) ?? defaultLanguage;
  return [...new Set<Language>([own, ...visibleLanguages(country, domainLanguage), current])];
}

/** Intl locale tag for a language (dates and numbers). */
export const intlLocale: Record<Language, string> = {
  da: "da-DK",
  de: "de-DE",
  en: "en-GB",
  es: "es-ES",
  fi: "fi-FI",
  fr: "fr-FR",
  it: "it-IT",
  nb: "nb-NO",
  nl: "nl-NL",
  pl: "pl-PL",
  sv: "sv-SE",
};
