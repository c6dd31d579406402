/**
 * The operator, its three sites (product.md §10) and their price lists.
 * Settings are `SiteSettingsInput`: the seed parses them through `siteSettingsSchema` so every
 * default is filled before the row is written.
 */
import type { SiteSettingsInput } from "../../app/sites/site-settings";

export const company = {
  name: "Lovelink Media B.V.",
  address: "Herengracht 420",
  zip: "1017 BZ",
  city: "Amsterdam",
  country: "NL",
  kvk: "81234567",
  tradenames: ["Flirtparadijs", "Reife Liebe", "ManMatch"],
  vatNumbers: ["NL862345678B01"],
  supportPhone: "+31 (0)20-123 4567",
  supportEmail: "support@lovelinkmedia.nl",
  deleteDiscount: 50,
  added: "2024-03-15",
};

export type SiteKey = "nl-general" | "de-milf" | "en-gay";

export interface SiteSeed {
  key: SiteKey;
  name: string;
  domain: string;
  domainLanguage: string;
  isDefault: boolean;
  hosts: string[];
  /** The language of the site's seeded members and texts. */
  language: "nl" | "de" | "en";
  settings: SiteSettingsInput;
}

export const sites: SiteSeed[] = [
  {
    key: "nl-general",
    name: "Flirtparadijs",
    domain: "flirtparadijs.nl",
    domainLanguage: "nl_NL",
    isDefault: true,
    hosts: ["flirtparadijs.nl", "www.flirtparadijs.nl", "localhost", "127.0.0.1"],
    language: "nl",
    settings: {
      indexTitle: "Flirtparadijs – flirten, chatten en daten in Nederland en België",
      description:
        "Ontmoet singles en flirtende volwassenen bij jou in de buurt. Gratis aanmelden, profielen bekijken en direct chatten op Flirtparadijs.",
      countries: ["NL", "BE"],
      supportPhone: "+31 (0)20-123 4567",
      supportEmail: "support@flirtparadijs.nl",
      entryPopupCountries: ["NL", "BE", "DE", "AT", "CH"],
      niche: 1,
      fictionalWarning:
        "Dit is een entertainmentprofiel: het profiel is fictief en wordt beheerd door Flirtparadijs. Fysiek afspreken is niet mogelijk.",
      fictionalSingular: "entertainmentprofiel",
      fictionalPlural: "entertainmentprofielen",
      mailName: "Flirtparadijs",
      trafficNetworks: ["adnet", "google", "meta"],
      timeZone: "Europe/Amsterdam",
      // product.md §2 "cam-profile and resell tile list": partner tiles on the profile page, images shipped in public/resell.
      memberResell: true,
      resellTiles: [
        { title: "Lotte – nu live", imageUrl: "/resell/cam-1.svg", linkUrl: "https://cams.lovelinkpartners.example/nl/lotte" },
        { title: "Sanne – nu live", imageUrl: "/resell/cam-2.svg", linkUrl: "https://cams.lovelinkpartners.example/nl/sanne" },
        { title: "Eva – nu live", imageUrl: "/resell/cam-3.svg", linkUrl: "https://cams.lovelinkpartners.example/nl/eva" },
      ],
    },
  },
  {
    key: "de-milf",
    name: "Reife Liebe",
    domain: "reifeliebe.de",
    domainLanguage: "de_DE",
    isDefault: false,
    hosts: ["reifeliebe.de", "www.reifeliebe.de", "de.localhost"],
    language: "de",
    settings: {
      indexTitle: "Reife Liebe – Flirten und Dating mit reifen Frauen",
      description:
        "Lerne reife Frauen und erfahrene Singles in Deutschland, Österreich und der Schweiz kennen. Kostenlos registrieren und sofort chatten.",
      countries: ["DE", "AT", "CH"],
      supportPhone: "+49 (0)30-1234 5670",
      supportEmail: "support@reifeliebe.de",
      entryPopupCountries: ["DE", "AT", "CH", "NL", "BE"],
      niche: 6,
      fictionalWarning:
        "Dies ist ein Unterhaltungsprofil: Das Profil ist fiktiv und wird von Reife Liebe betreut. Ein persönliches Treffen ist nicht möglich.",
      fictionalSingular: "Unterhaltungsprofil",
      fictionalPlural: "Unterhaltungsprofile",
      mailName: "Reife Liebe",
      timeZone: "Europe/Berlin",
    },
  },
  {
    key: "en-gay",
    name: "ManMatch",
    domain: "manmatch.co.uk",
    domainLanguage: "en_GB",
    isDefault: false,
    hosts: ["manmatch.co.uk", "www.manmatch.co.uk", "gay.localhost"],
    language: "en",
    settings: {
      indexTitle: "ManMatch – gay dating and chat for men",
      description: "Meet gay and bi men near you in the UK, Ireland and the US. Join free, browse profiles and start chatting on ManMatch.",
      countries: ["GB", "US", "IE"],
      supportPhone: "+44 (0)20 7946 0123",
      supportEmail: "support@manmatch.co.uk",
      entryPopupCountries: ["GB", "IE", "US"],
      niche: 7,
      fictionalWarning: "This is an entertainment profile: it is fictional and run by ManMatch. Meeting in person is not possible.",
      fictionalSingular: "entertainment profile",
      fictionalPlural: "entertainment profiles",
      mailName: "ManMatch",
      timeZone: "Europe/London",
      usFooter: true,
    },
  },
];

/** Credits, discount and popularity of the four packages (identical in every currency). */
export const packages = [
  { key: "p0", credits: 100, discountPercent: 0, popular: false },
  { key: "p1", credits: 250, discountPercent: 20, popular: false },
  { key: "p2", credits: 500, discountPercent: 33, popular: true },
  { key: "p3", credits: 1000, discountPercent: 40, popular: false },
] as const;

/** Amounts in minor units for p0..p3, per currency (local price lists, never converted). */
export const packageAmounts: Record<string, readonly [number, number, number, number]> = {
  EUR: [1495, 2995, 4995, 8995],
  GBP: [1295, 2595, 4295, 7795],
  CHF: [1490, 2990, 4990, 8990],
  USD: [1495, 2995, 4995, 8995],
  PLN: [6495, 12995, 21495, 38995],
  SEK: [16900, 33900, 56900, 101900],
  NOK: [16900, 33900, 56900, 101900],
  DKK: [10900, 21900, 36900, 66900],
};

/** The currencies each site sells in (EUR everywhere; local lists where the site serves them). */
export const siteCurrencies: Record<SiteKey, readonly string[]> = {
  // The default site also serves visitors from anywhere.
  "nl-general": ["EUR", "PLN", "SEK", "NOK", "DKK"],
  "de-milf": ["EUR", "CHF"],
  "en-gay": ["GBP", "USD", "EUR"],
};

/** The general welcome code (TIMEBONUS25), valid on every site. */
export const welcomeDiscountCode = {
  code: "TIMEBONUS25",
  valuePercentage: 25,
  validitySeconds: 14400,
  oncePerUser: true,
} as const;
