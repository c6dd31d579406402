import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * A native speaker's minimum (issue 33, ADR 052): no English left in a non-English locale, and the
 * words each language's glossary (docs/glossary/<lng>.md) rules out. Key parity with nl is
 * tests/unit/locales.test.ts's; this test also checks every key against en, so a key added in en
 * and nowhere else fails too.
 */

const LOCALES_DIR = fileURLToPath(new URL("../../locales/", import.meta.url));
const LANGUAGES = ["da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"] as const;
const NAMESPACES = readdirSync(join(LOCALES_DIR, "en"))
  .filter((name) => name.endsWith(".json"))
  .map((name) => name.replace(/\.json$/, ""));
const PLURAL = /_(zero|one|two|few|many|other)$/;

function leaves(value: unknown, prefix = "", out = new Map<string, string>()): Map<string, string> {
  if (typeof value === "string") out.set(prefix, value);
  else if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) leaves(child, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

const strings = (lng: string, ns: string) => leaves(JSON.parse(readFileSync(join(LOCALES_DIR, lng, `${ns}.json`), "utf8")));

/**
 * Values that are rightly the same as English: brands and payment methods, and words each language
 * has borrowed (its glossary, docs/glossary/<lng>.md, says which). Anything else identical to
 * English is a string nobody translated.
 */
const SAME_IN_EVERY_LANGUAGE = new Set([
  "iDEAL",
  "giropay",
  "Visa",
  "SOFORT",
  "Postepay",
  "PayPal",
  "Mastercard",
  "Maestro",
  "EPS",
  "Bancontact",
  "BLIK",
  "Apple Pay",
  "IBAN",
  "GIF",
  "Premium",
  "Slug",
  "Status",
  "Bondage",
  "Bi",
  "Gay",
  "Sex",
  "Single",
  "Sushi",
  "Cocktail",
  "Champagne",
  "Cupcake",
]);
const SAME_AS_ENGLISH: Record<string, string[]> = {
  da: [
    "Likes",
    "Like",
    "Like {{name}}",
    "Matches",
    "Push",
    "Region",
    "Cookies",
    "E-mail",
    "Send",
    "Uploads",
    "Stop video",
    "Information",
    "Shopping",
    "Rose",
    "Ring",
    "Swipe, like, match",
    "Post: {{companyName}}, {{companyAddress}}, {{companyCity}}, {{companyCountry}}.",
    "Moderator",
    "Browser",
    "link",
    "(GIF)",
  ],
  de: [
    "Likes",
    "Like",
    "Matches",
    "Push",
    "Region",
    "Cookies",
    "E-Mail",
    "Credits",
    "Passkeys",
    "Uploads",
    "Moderation",
    "Tattoos",
    "Rose",
    "Ring",
    "Name (optional)",
    "Passkey {{number}}",
    "Post: {{companyName}}, {{companyAddress}}, {{companyCity}}, {{companyCountry}}.",
    "Moderator",
    "Browser",
    "Code",
    "Name",
    "Domain",
    "(GIF)",
  ],
  es: ["No", "Error", "Total", "Cookies", "Matches", "Push", "(GIF)"],
  fi: ["Push", "(GIF)"],
  fr: [
    "Likes",
    "Like",
    "Notifications",
    "Conversions",
    "Page",
    "Activations",
    "Message",
    "Messages",
    "Date",
    "Photo",
    "📷 Photo",
    "Photos ({{number}})",
    "Art",
    "Barbecue",
    "Lingerie",
    "Massages",
    "Shopping",
    "Rose",
    "Bouquet",
    "Total",
    "Page {{page}}",
    "9. Questions",
    "{{count}} minute",
    "{{count}} minutes",
    "Cookies",
    "Push",
    "Site",
    "Sites",
    "Actions",
    "Photos",
    "Sessions",
    "Code",
    "Conditions",
    "Conversations",
    "Conversation {{id}}",
    "(photo)",
    "(GIF)",
  ],
  it: [
    "Password",
    "No",
    "Account",
    "Privacy",
    "Barbecue",
    "Lingerie",
    "Sex toys",
    "Shopping",
    "Passkey {{number}}",
    "Passkeys",
    "12. Privacy",
    "Cookies",
    "Push",
    "Matches",
    "Total",
    "Browser",
    "link",
    "(GIF)",
  ],
  nb: [
    "Likes",
    "Matches",
    "Push",
    "Region",
    "Send",
    "Shopping",
    "Rose",
    "Ring",
    "Post: {{companyName}}, {{companyAddress}}, {{companyCity}}, {{companyCountry}}.",
    "Moderator",
    "(GIF)",
  ],
  nl: [
    "Likes",
    "Like",
    "Matches",
    "Credits",
    "Passkeys",
    "Push",
    "Cookies",
    "Total",
    "Bounces",
    "Uploads",
    "Open",
    "Swipe, like, match",
    "Discreet",
    "{{price}} per credit",
    "{{count}} credit",
    "{{count}} credits",
    "{{formatted}} credit",
    "{{formatted}} credits",
    "Account",
    "Privacy",
    "Man",
    "Barbecue",
    "Lingerie",
    "Massages",
    "One-night stand",
    "Ring",
    "Postcode",
    "Later",
    "Passkey {{number}}",
    "12. Privacy",
    "Filters",
    "Region",
    "Post: {{companyName}}, {{companyAddress}}, {{companyCity}}, {{companyCountry}}.",
    "Site",
    "Sites",
    "Moderator",
    "Browser",
    "Code",
    "link",
    "(GIF)",
  ],
  pl: ["Push", "Region", "Moderator", "link", "(GIF)"],
  sv: [
    "Cookies",
    "Matches",
    "Push",
    "Region",
    "Information",
    "Man",
    "Gym",
    "Sadomasochism",
    "Shopping",
    "Ring",
    "Post: {{companyName}}, {{companyAddress}}, {{companyCity}}, {{companyCountry}}.",
    "Moderator",
    "text",
    "(GIF)",
  ],
};

/** A value that is only placeholders, numbers, symbols or a product name needs no translation. */
function needsNoTranslation(value: string, lng: string): boolean {
  if (SAME_IN_EVERY_LANGUAGE.has(value) || SAME_AS_ENGLISH[lng]?.includes(value)) return true;
  const words = value
    .replace(/\{\{[^}]*\}\}/g, "")
    .replace(/<\/?\w+>/g, "")
    .replace(/[\d\s.,:;!?()[\]/%+–—…·•|#*&'"€$£×@\-_=<>]|\p{Extended_Pictographic}|\uFE0F/gu, "");
  if (words === "") return true;
  // An e-mail address, URL, a country or currency code, or an all-caps abbreviation.
  return /^(https?:\/\/\S+|\S+@\S+|[A-Z]{2,5}|[A-Z][a-z]+ \d+)$/.test(value.trim());
}

/** A key whose value is a brand, a code or data shown as is: the same in every language by design. */
const SAME_EVERYWHERE_KEYS = [/\.us2257$/, /^languages?\.names\./, /^language\.names\./, /\.placeholder\.(email|iban)$/];

describe.each(LANGUAGES.filter((lng) => lng !== "en"))("%s", (lng) => {
  it.each(NAMESPACES)("%s has every key English has", (ns) => {
    const own = strings(lng, ns);
    const missing = [...strings("en", ns).keys()].filter((key) => !own.has(key) && !PLURAL.test(key));
    expect(missing, `${lng}/${ns}.json misses keys English has`).toEqual([]);
  });

  it.each(NAMESPACES)("%s has no English left (outside the words both languages share)", (ns) => {
    const english = strings("en", ns);
    const untranslated = [...strings(lng, ns)]
      .filter(([key, value]) => english.get(key) === value && !needsNoTranslation(value, lng))
      .filter(([key]) => !SAME_EVERYWHERE_KEYS.some((pattern) => pattern.test(key)))
      .map(([key, value]) => `${key}: ${value}`);
    expect(untranslated, `${lng}/${ns}.json has values identical to English`).toEqual([]);
  });
});

describe("each language's glossary", () => {
  const all = (lng: string) => NAMESPACES.flatMap((ns) => [...strings(lng, ns)].map(([key, value]) => ({ where: `${ns}:${key}`, value })));
  const offending = (lng: string, pattern: RegExp) =>
    all(lng)
      .filter(({ value }) => pattern.test(value))
      .map(({ where, value }) => `${where}: ${value}`);

  it("Polish never calls a member członek (it reads as 'penis' on an adult site): użytkownik or osoba", () => {
    expect(offending("pl", /człon(ek|k)/i)).toEqual([]);
  });

  it("Polish never puts a name after 'od' or 'z' where it would need declining", () => {
    expect(offending("pl", /\b(od|z|dla|do|o|ze):? \{\{(name|sender|senderName)\}\}/)).toEqual([]);
  });

  it("French says tu, never vous, to the reader (vous stays for two people: « vous vous plaisez »)", () => {
    const plural = /\b(vous vous|vous ne vous|vous deux|vous êtes en contact|je vous notifie)\b/gi;
    const reader = all("fr")
      .filter(({ value }) => /(?<!-)\b(vous|votre|vos)\b/i.test(value.replace(plural, "")))
      .map(({ where, value }) => `${where}: ${value}`);
    expect(reader).toEqual([]);
  });

  it("French says liker and un like, never aimer or « J’aime », for liking a person", () => {
    expect(offending("fr", /J[’']aime|\baim(er|é|ée|és|ez)\b|\b(t|m|l)[’']aim|\b(te|me|vous) aim/i)).toEqual([]);
  });

  it("French puts a non-breaking space before ? ! : ; and inside « », never an ordinary one that can wrap", () => {
    expect(offending("fr", / [?!:;»]|« /)).toEqual([]);
  });

  it("French addresses nobody in the masculine only, nor with a point médian (·e)", () => {
    expect(
      offending(
        "fr",
        /\w·e\b|\b(Ravi|Content|Curieux|Nouveau sur le site|Seul ce soir|[Tt]u es (connecté|inscrit|prêt|sûr)|t’es inscrit)\b/,
      ),
    ).toEqual([]);
  });

  it("German tells signing up (registrieren) from logging in (einloggen): never anmelden", () => {
    expect(offending("de", /\b(an(ge)?meld\w*|Anmeld\w*)/)).toEqual([]);
  });

  it("German quotes with „…“, not straight quotes", () => {
    expect(offending("de", /"/)).toEqual([]);
  });

  it("Swedish never calls SEPA direct debit Autogiro (Bankgirot's own service)", () => {
    expect(offending("sv", /autogiro/i)).toEqual([]);
  });

  it.each(["sv", "da", "nb", "de"])("%s never glues a genitive -s onto a name ({{name}}s breaks for names ending in s)", (lng) => {
    expect(offending(lng, /\{\{\w+\}\}s\b/)).toEqual([]);
  });

  it("match finder is translated in French, Finnish and Italian", () => {
    for (const lng of ["fr", "fi", "it"]) expect(offending(lng, /match ?finder/i), lng).toEqual([]);
  });

  it("Spanish, Italian and Dutch do not ask 'only tonight?'", () => {
    expect(offending("es", /solo esta noche/i)).toEqual([]);
    expect(offending("it", /solo stasera/i)).toEqual([]);
    expect(offending("nl", /^Alleen vanavond/)).toEqual([]);
  });

  it("Spanish and French do not greet the reader in the masculine only", () => {
    expect(offending("es", /¡Bienvenido!/)).toEqual([]);
    expect(offending("fr", /\b(Bienvenu\s*!|connecté|déconnecté)\b/)).toEqual([]);
  });

  it.each(LANGUAGES)("%s uses one apostrophe style", (lng) => {
    const straight = all(lng).filter(({ value }) => /\w'\w/.test(value)).length;
    const curly = all(lng).filter(({ value }) => /\w’\w/.test(value)).length;
    expect(Math.min(straight, curly), `${lng}: ${straight} straight and ${curly} curly apostrophes`).toBe(0);
  });

  it.each(LANGUAGES)("%s never puts the number 1 in an _other plural form", (lng) => {
    expect(
      all(lng)
        .filter(({ where, value }) => /_other$/.test(where) && /(^|\s)1\s/.test(value))
        .map(({ where }) => where),
    ).toEqual([]);
  });
});
