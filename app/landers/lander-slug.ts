/**
 * Lander slugs (product.md §2 "Lander slug", §10 "Acquisition"): `{locale}-{niche}`, e.g.
 * `nl-plain`, `de-milf`, `en-gay`. The locale picks the language of the lander's copy, the niche
 * the copy's angle and the members shown. No slug, or one that is not exactly that form, gives the
 * visitor's language and the site's own niche.
 */
// Relative, not `~/`: the Playwright journeys and the Lighthouse benchmark read the designs too.
import { isLanguage, type Language } from "../i18n/languages";

/** The nine landers of product.md §2, by the name in their path. */
export const LANDER_DESIGNS = [
  "tinderswipe",
  "alonetonight",
  "collagelanding",
  "gallery",
  "iconslanding",
  "maplanding",
  "socialnetwork",
  "transitionsvideolanding",
  "video",
] as const;
export type LanderDesign = (typeof LANDER_DESIGNS)[number];

/** The designs whose path takes a slug (all but the swipe demo). */
export const SLUG_LANDER_DESIGNS = LANDER_DESIGNS.filter((design) => design !== "tinderswipe");

/** The niche setting's values, by number (product.md §2: 1 plain … 7 gay). */
export const NICHES = { 1: "plain", 2: "she", 3: "bdsm", 4: "bbw", 5: "gilf", 6: "milf", 7: "gay" } as const;
export type NicheNumber = keyof typeof NICHES;
export type Niche = (typeof NICHES)[NicheNumber];
export const nicheNames = Object.values(NICHES) as Niche[];

export function nicheOf(setting: number): Niche {
  return NICHES[setting as NicheNumber] ?? "plain";
}

export function landerSlug(language: Language, niche: Niche): string {
  return `${language}-${niche}`;
}

export type LanderChoice = {
  language: Language;
  niche: Niche;
  /** The slug the page shows (the canonical one of what was chosen). */
  slug: string;
  /** The slug was missing or unknown: the visitor's language and the site's niche. */
  fallback: boolean;
};

/** What a lander shows for `slug` (undefined: none in the URL). */
export function chooseLander(slug: string | undefined, visitor: { language: Language; siteNiche: number }): LanderChoice {
  const match = slug === undefined ? null : /^([a-z]{2})-([a-z]+)$/.exec(slug);
  const [, language, niche] = match ?? [];
  if (isLanguage(language) && (nicheNames as string[]).includes(niche ?? "")) {
    return { language, niche: niche as Niche, slug: slug!, fallback: false };
  }
  const siteNiche = nicheOf(visitor.siteNiche);
  return { language: visitor.language, niche: siteNiche, slug: landerSlug(visitor.language, siteNiche), fallback: true };
}
