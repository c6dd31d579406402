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

/**
 * The texts a visitor reads, in every interface language (product.md §10 "Sites"): a Polish
 * visitor of the Dutch site reads no Dutch. The fictional-profile words are the same on every site.
 */
const fictionalSingular = {
  da: "underholdningsprofil",
  de: "Unterhaltungsprofil",
  en: "entertainment profile",
  es: "perfil de entretenimiento",
  fi: "viihdeprofiili",
  fr: "profil de divertissement",
  it: "profilo di intrattenimento",
  nb: "underholdningsprofil",
  nl: "entertainmentprofiel",
  pl: "profil rozrywkowy",
  sv: "underhållningsprofil",
};

const fictionalPlural = {
  da: "underholdningsprofiler",
  de: "Unterhaltungsprofile",
  en: "entertainment profiles",
  es: "perfiles de entretenimiento",
  fi: "viihdeprofiilit",
  fr: "profils de divertissement",
  it: "profili di intrattenimento",
  nb: "underholdningsprofiler",
  nl: "entertainmentprofielen",
  pl: "profile rozrywkowe",
  sv: "underhållningsprofiler",
};

const fictionalWarning = (site: string) => ({
  da: `Dette er en underholdningsprofil: profilen er fiktiv og drives af ${site}. Det er ikke muligt at mødes fysisk.`,
  de: `Dies ist ein Unterhaltungsprofil: Das Profil ist fiktiv und wird von ${site} betreut. Ein persönliches Treffen ist nicht möglich.`,
  en: `This is an entertainment profile: it is fictional and run by ${site}. Meeting in person is not possible.`,
  es: `Este es un perfil de entretenimiento: es ficticio y lo gestiona ${site}. No es posible quedar en persona.`,
  fi: `Tämä on viihdeprofiili: profiili on kuvitteellinen, ja sitä ylläpitää ${site}. Tapaaminen kasvokkain ei ole mahdollista.`,
  fr: `Ceci est un profil de divertissement : il est fictif et géré par ${site}. Une rencontre en personne n’est pas possible.`,
  it: `Questo è un profilo di intrattenimento: è fittizio ed è gestito da ${site}. Non è possibile incontrarsi di persona.`,
  nb: `Dette er en underholdningsprofil: profilen er fiktiv og drives av ${site}. Det er ikke mulig å møtes fysisk.`,
  nl: `Dit is een entertainmentprofiel: het profiel is fictief en wordt beheerd door ${site}. Fysiek afspreken is niet mogelijk.`,
  pl: `To jest profil rozrywkowy: jest fikcyjny i prowadzi go ${site}. Spotkanie na żywo nie jest możliwe.`,
  sv: `Det här är en underhållningsprofil: profilen är fiktiv och drivs av ${site}. Det går inte att träffas i verkligheten.`,
});

/** The sender of the site's mail: its team, as each language says it. */
const mailName = (site: string) => ({
  da: `${site}-teamet`,
  de: `${site}-Team`,
  en: `The ${site} team`,
  es: `El equipo de ${site}`,
  fi: `${site}-tiimi`,
  fr: `L’équipe ${site}`,
  it: `Il team di ${site}`,
  nb: `${site}-teamet`,
  nl: `Team ${site}`,
  pl: `Zespół ${site}`,
  sv: `${site}-teamet`,
});

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
      indexTitle: {
        da: "Flirtparadijs – flirt, chat og dating i Holland og Belgien",
        de: "Flirtparadijs – flirten, chatten und daten in den Niederlanden und Belgien",
        en: "Flirtparadijs – flirting, chatting and dating in the Netherlands and Belgium",
        es: "Flirtparadijs – ligar, chatear y tener citas en los Países Bajos y Bélgica",
        fi: "Flirtparadijs – flirttailua, chattailua ja deittailua Alankomaissa ja Belgiassa",
        fr: "Flirtparadijs – flirter, discuter et faire des rencontres aux Pays-Bas et en Belgique",
        it: "Flirtparadijs – flirtare, chattare e incontrarsi nei Paesi Bassi e in Belgio",
        nb: "Flirtparadijs – flørt, chat og dating i Nederland og Belgia",
        nl: "Flirtparadijs – flirten, chatten en daten in Nederland en België",
        pl: "Flirtparadijs – flirt, czat i randki w Holandii i Belgii",
        sv: "Flirtparadijs – flörta, chatta och dejta i Nederländerna och Belgien",
      },
      description: {
        da: "Mød singler og flirtende voksne tæt på dig. Tilmeld dig gratis, se profiler og begynd at chatte med det samme på Flirtparadijs.",
        de: "Triff Singles und flirtfreudige Erwachsene in deiner Nähe. Kostenlos anmelden, Profile ansehen und sofort chatten auf Flirtparadijs.",
        en: "Meet singles and flirty adults near you. Join for free, browse profiles and start chatting right away on Flirtparadijs.",
        es: "Conoce a solteros y adultos con ganas de ligar cerca de ti. Regístrate gratis, mira perfiles y empieza a chatear ya en Flirtparadijs.",
        fi: "Tapaa sinkkuja ja flirttailevia aikuisia läheltäsi. Rekisteröidy ilmaiseksi, selaa profiileja ja aloita chattailu heti Flirtparadijsissa.",
        fr: "Rencontrez des célibataires et des adultes qui aiment flirter près de chez vous. Inscription gratuite : parcourez les profils et discutez tout de suite sur Flirtparadijs.",
        it: "Conosci single e adulti in cerca di flirt vicino a te. Iscriviti gratis, guarda i profili e inizia subito a chattare su Flirtparadijs.",
        nb: "Møt singler og flørtende voksne i nærheten av deg. Registrer deg gratis, se profiler og begynn å chatte med en gang på Flirtparadijs.",
        nl: "Ontmoet singles en flirtende volwassenen bij jou in de buurt. Gratis aanmelden, profielen bekijken en direct chatten op Flirtparadijs.",
        pl: "Poznaj singli i dorosłych, którzy lubią flirtować, w swojej okolicy. Zarejestruj się za darmo, przeglądaj profile i od razu zacznij czatować na Flirtparadijs.",
        sv: "Träffa singlar och flörtiga vuxna nära dig. Registrera dig gratis, titta på profiler och börja chatta direkt på Flirtparadijs.",
      },
      countries: ["NL", "BE"],
      supportPhone: "+31 (0)20-123 4567",
      supportEmail: "support@flirtparadijs.nl",
      entryPopupCountries: ["NL", "BE", "DE", "AT", "CH"],
      niche: 1,
      fictionalWarning: fictionalWarning("Flirtparadijs"),
      fictionalSingular,
      fictionalPlural,
      mailName: mailName("Flirtparadijs"),
      // Deep red (white text on it 9.5:1, on the bright red 4.7:1).
      brand: { primary: "#8b1226", secondary: "#e0203a", logo: "/brands/flirtparadijs.svg" },
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
      indexTitle: {
        da: "Reife Liebe – flirt og dating med modne kvinder",
        de: "Reife Liebe – Flirten und Dating mit reifen Frauen",
        en: "Reife Liebe – flirting and dating with mature women",
        es: "Reife Liebe – ligar y tener citas con mujeres maduras",
        fi: "Reife Liebe – flirttailua ja deittailua kypsien naisten kanssa",
        fr: "Reife Liebe – flirt et rencontres avec des femmes mûres",
        it: "Reife Liebe – flirt e incontri con donne mature",
        nb: "Reife Liebe – flørt og dating med modne kvinner",
        nl: "Reife Liebe – flirten en daten met rijpere vrouwen",
        pl: "Reife Liebe – flirt i randki z dojrzałymi kobietami",
        sv: "Reife Liebe – flört och dejting med mogna kvinnor",
      },
      description: {
        da: "Lær modne kvinder og erfarne singler i Tyskland, Østrig og Schweiz at kende. Tilmeld dig gratis, og begynd at chatte med det samme.",
        de: "Lerne reife Frauen und erfahrene Singles in Deutschland, Österreich und der Schweiz kennen. Kostenlos registrieren und sofort chatten.",
        en: "Meet mature women and experienced singles in Germany, Austria and Switzerland. Join for free and start chatting right away.",
        es: "Conoce a mujeres maduras y solteros con experiencia en Alemania, Austria y Suiza. Regístrate gratis y empieza a chatear enseguida.",
        fi: "Tutustu kypsiin naisiin ja kokeneisiin sinkkuihin Saksassa, Itävallassa ja Sveitsissä. Rekisteröidy ilmaiseksi ja aloita chattailu heti.",
        fr: "Rencontrez des femmes mûres et des célibataires expérimentés en Allemagne, en Autriche et en Suisse. Inscription gratuite, discussion immédiate.",
        it: "Conosci donne mature e single con esperienza in Germania, Austria e Svizzera. Iscriviti gratis e inizia subito a chattare.",
        nb: "Bli kjent med modne kvinner og erfarne singler i Tyskland, Østerrike og Sveits. Registrer deg gratis og begynn å chatte med en gang.",
        nl: "Leer rijpere vrouwen en ervaren singles kennen in Duitsland, Oostenrijk en Zwitserland. Gratis aanmelden en meteen chatten.",
        pl: "Poznaj dojrzałe kobiety i doświadczonych singli z Niemiec, Austrii i Szwajcarii. Zarejestruj się za darmo i od razu zacznij czatować.",
        sv: "Lär känna mogna kvinnor och erfarna singlar i Tyskland, Österrike och Schweiz. Registrera dig gratis och börja chatta direkt.",
      },
      countries: ["DE", "AT", "CH"],
      supportPhone: "+49 (0)30-1234 5670",
      supportEmail: "support@reifeliebe.de",
      entryPopupCountries: ["DE", "AT", "CH", "NL", "BE"],
      niche: 6,
      fictionalWarning: fictionalWarning("Reife Liebe"),
      fictionalSingular,
      fictionalPlural,
      mailName: mailName("Reife Liebe"),
      // Plum and wine (white text on them 12.5:1 and 7.1:1).
      brand: { primary: "#5e1742", secondary: "#a3245f", logo: "/brands/reife-liebe.svg" },
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
      indexTitle: {
        da: "ManMatch – gaydating og chat for mænd",
        de: "ManMatch – Gay-Dating und Chat für Männer",
        en: "ManMatch – gay dating and chat for men",
        es: "ManMatch – citas y chat gay para hombres",
        fi: "ManMatch – homodeittailua ja chattia miehille",
        fr: "ManMatch – rencontres et chat gay pour hommes",
        it: "ManMatch – incontri e chat gay per uomini",
        nb: "ManMatch – homodating og chat for menn",
        nl: "ManMatch – gay daten en chatten voor mannen",
        pl: "ManMatch – randki i czat dla gejów",
        sv: "ManMatch – gaydejting och chatt för män",
      },
      description: {
        da: "Mød homo- og biseksuelle mænd tæt på dig i Storbritannien, Irland og USA. Tilmeld dig gratis, se profiler og begynd at chatte på ManMatch.",
        de: "Triff schwule und bisexuelle Männer in deiner Nähe – in Großbritannien, Irland und den USA. Kostenlos anmelden, Profile ansehen und auf ManMatch chatten.",
        en: "Meet gay and bi men near you in the UK, Ireland and the US. Join free, browse profiles and start chatting on ManMatch.",
        es: "Conoce a hombres gais y bisexuales cerca de ti en el Reino Unido, Irlanda y Estados Unidos. Regístrate gratis, mira perfiles y empieza a chatear en ManMatch.",
        fi: "Tapaa homo- ja bimiehiä läheltäsi Isossa-Britanniassa, Irlannissa ja Yhdysvalloissa. Rekisteröidy ilmaiseksi, selaa profiileja ja aloita chattailu ManMatchissa.",
        fr: "Rencontrez des hommes gays et bi près de chez vous au Royaume-Uni, en Irlande et aux États-Unis. Inscription gratuite : parcourez les profils et discutez sur ManMatch.",
        it: "Conosci uomini gay e bisessuali vicino a te nel Regno Unito, in Irlanda e negli Stati Uniti. Iscriviti gratis, guarda i profili e inizia a chattare su ManMatch.",
        nb: "Møt homofile og bifile menn i nærheten av deg i Storbritannia, Irland og USA. Registrer deg gratis, se profiler og begynn å chatte på ManMatch.",
        nl: "Ontmoet homo- en biseksuele mannen bij jou in de buurt in het Verenigd Koninkrijk, Ierland en de VS. Gratis aanmelden, profielen bekijken en chatten op ManMatch.",
        pl: "Poznaj gejów i mężczyzn biseksualnych w swojej okolicy – w Wielkiej Brytanii, Irlandii i USA. Zarejestruj się za darmo, przeglądaj profile i czatuj na ManMatch.",
        sv: "Träffa gay och bisexuella män nära dig i Storbritannien, Irland och USA. Registrera dig gratis, titta på profiler och börja chatta på ManMatch.",
      },
      countries: ["GB", "US", "IE"],
      supportPhone: "+44 (0)20 7946 0123",
      supportEmail: "support@manmatch.co.uk",
      entryPopupCountries: ["GB", "IE", "US"],
      niche: 7,
      fictionalWarning: fictionalWarning("ManMatch"),
      fictionalSingular,
      fictionalPlural,
      mailName: mailName("ManMatch"),
      // Indigo and teal (white text on them 9.9:1 and 5.5:1).
      brand: { primary: "#3730a3", secondary: "#0f766e", logo: "/brands/manmatch.svg" },
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
