/**
 * The safety check of a chat message (ADR 053): what in a text suggests a member is being lured off
 * the site, asked for money, or insulted. Pure and synchronous, in the Worker, with every pattern
 * compiled once: no third party ever sees a member's message, and nothing about the text is kept
 * beyond the reasons it was flagged for.
 *
 * False positives are cheap (the sender can always send after the prompt), so the patterns lean
 * towards catching; the tests beside this file pin what must stay unflagged (dates, ages, prices,
 * times, postcodes) in several languages.
 */

/** Why a message was flagged; each has its own explanation in the prompt and the recipient's warning. */
export const SAFETY_REASONS = ["contact", "link", "money", "insult"] as const;
export type SafetyReason = (typeof SAFETY_REASONS)[number];

/** Lower case, accents removed (ä → a, ł → l), so one list covers the ways people type a word. */
export function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/ł/g, "l")
    .replace(/ø/g, "o")
    .replace(/æ/g, "ae")
    .replace(/ß/g, "ss");
}

const folded = (words: string[]) => words.map(foldText);

// ───────────────────────────── phone numbers ─────────────────────────────

/** Digits written out, in the eleven languages (after `foldText`). */
const DIGIT_WORDS: Record<string, number> = Object.fromEntries(
  (
    [
      // en
      ["zero", 0],
      ["oh", 0],
      ["one", 1],
      ["two", 2],
      ["three", 3],
      ["four", 4],
      ["five", 5],
      ["six", 6],
      ["seven", 7],
      ["eight", 8],
      ["nine", 9],
      // nl
      ["nul", 0],
      ["een", 1],
      ["één", 1],
      ["twee", 2],
      ["drie", 3],
      ["vier", 4],
      ["vijf", 5],
      ["zes", 6],
      ["zeven", 7],
      ["acht", 8],
      ["negen", 9],
      // de
      ["null", 0],
      ["eins", 1],
      ["zwei", 2],
      ["zwo", 2],
      ["drei", 3],
      ["fünf", 5],
      ["sechs", 6],
      ["sieben", 7],
      ["neun", 9],
      // pl
      ["jeden", 1],
      ["jedna", 1],
      ["dwa", 2],
      ["dwie", 2],
      ["trzy", 3],
      ["cztery", 4],
      ["pięć", 5],
      ["sześć", 6],
      ["siedem", 7],
      ["osiem", 8],
      ["dziewięć", 9],
      // fr
      ["zéro", 0],
      ["un", 1],
      ["deux", 2],
      ["trois", 3],
      ["quatre", 4],
      ["cinq", 5],
      ["sept", 7],
      ["huit", 8],
      ["neuf", 9],
      // es
      ["cero", 0],
      ["uno", 1],
      ["dos", 2],
      ["tres", 3],
      ["cuatro", 4],
      ["cinco", 5],
      ["seis", 6],
      ["siete", 7],
      ["ocho", 8],
      ["nueve", 9],
      // it
      ["due", 2],
      ["tre", 3],
      ["quattro", 4],
      ["cinque", 5],
      ["sei", 6],
      ["sette", 7],
      ["otto", 8],
      ["nove", 9],
      // da, nb
      ["en", 1],
      ["et", 1],
      ["to", 2],
      ["fire", 4],
      ["fem", 5],
      ["seks", 6],
      ["syv", 7],
      ["sju", 7],
      ["otte", 8],
      ["åtte", 8],
      ["ni", 9],
      // sv
      ["noll", 0],
      ["ett", 1],
      ["två", 2],
      ["fyra", 4],
      ["sex", 6],
      ["åtta", 8],
      ["nio", 9],
      // fi
      ["nolla", 0],
      ["yksi", 1],
      ["kaksi", 2],
      ["kolme", 3],
      ["neljä", 4],
      ["viisi", 5],
      ["kuusi", 6],
      ["seitsemän", 7],
      ["kahdeksan", 8],
      ["yhdeksän", 9],
    ] as const
  ).map(([word, digit]) => [foldText(word), digit]),
);

/** Fewer digits than this in a row is a date, an age, a price or a postcode, not a phone number. */
const PHONE_MIN_DIGITS = 9;

/**
 * Dates with a four-digit year, times and amounts of money: taken out first, so "12.05.2024 18.30"
 * or "€ 1.250.000,00" is not read as a phone number.
 */
const DATE_TIME_OR_PRICE = new RegExp(
  [
    "\\b\\d{1,2}[./-]\\d{1,2}[./-]\\d{4}\\b",
    "\\b\\d{4}[./-]\\d{1,2}[./-]\\d{1,2}\\b",
    "\\b\\d{1,2}[:h.]\\d{2}\\s*(?:uur|uhr|h|godz|am|pm|klo)\\b",
    "\\b\\d{1,2}:\\d{2}\\b",
    "(?:€|\\$|£|\\b(?:eur|euro|pln|zl|kr|chf)\\b)\\s?\\d[\\d.,' ]*\\d",
    "\\d[\\d.,' ]*\\d\\s?(?:€|\\$|£|,-|(?:eur|euro|euros|pln|zl|zlotych|kr|kroner|kronor|chf|dollars?)\\b)",
  ].join("|"),
  "gu",
);

/** Letters, digits, or anything else; a phone number's separators are short runs of these characters. */
const TOKEN = /\p{L}+|\d+|[^\p{L}\d]+/gu;
const SEPARATOR = /^[\s\-./()+,]{1,4}$/u;

/**
 * A phone number in any common spelling: digits with spaces, dashes, dots or brackets between them,
 * an international prefix, or the digits written out as words (also mixed), in any of the eleven
 * languages. Nine digits in a row is the shortest national number of the sites' countries.
 */
export function hasPhoneNumber(foldedText: string): boolean {
  let digits = 0;
  for (const [token] of foldedText.replace(DATE_TIME_OR_PRICE, " · ").matchAll(TOKEN)) {
    if (/^\d+$/.test(token)) digits += token.length;
    else if (token in DIGIT_WORDS) digits += 1;
    else if (SEPARATOR.test(token)) continue;
    else digits = 0;
    if (digits >= PHONE_MIN_DIGITS) return true;
  }
  return false;
}

// ───────────────────────────── e-mail, links, messengers ─────────────────────────────

const EMAIL =
  /[\p{L}\d._%+-]+\s*(?:@|\(\s*at\s*\)|\[\s*at\s*\]|\{\s*at\s*\}|\s(?:at|apenstaartje|klammeraffe|malpa|arobase|arroba|chiocciola|snabel-?a)\s)\s*[\p{L}\d-]+(?:\.|\s?\(\s*dot\s*\)\s?|\s?\[\s*dot\s*\]\s?|\s(?:dot|punt|punkt|kropka|piste|prikk)\s)[a-z]{2,}\b/u;

/** Country and common top-level domains a bare address ("mijnsite.nl/ik") is likely to end in. */
const TLDS =
  "com|net|org|info|biz|io|me|ly|gg|app|link|site|online|xyz|club|live|page|tv|cc|co|eu|uk|nl|be|de|at|ch|pl|dk|no|se|fi|fr|it|es|pt|ru|ua|cz";
const LINK = new RegExp(`(?:https?:\\/\\/|\\bwww\\.)\\S+|\\b[a-z0-9][a-z0-9-]{0,62}\\.(?:${TLDS})\\b(?![.-]?\\w)`, "u");

/** Messenger apps and social networks where a chat moves to, with their usual spellings and misspellings. */
const MESSENGERS = new RegExp(
  `\\b(?:${[
    "whats\\s?app",
    "whatsap",
    "watsapp?",
    "wattsapp?",
    "wapp(?![a-z])",
    "wa\\.me",
    "telegram",
    "telegramm",
    "t\\.me",
    "snap\\s?chat",
    "snap\\s*[:@]",
    "insta\\s?gram",
    "insta\\s*[:@]",
    "insta(?![a-z])",
    "ig\\s*[:@]",
    "kik(?![a-z])",
    "skype",
    "viber",
    "wechat",
    "threema",
    "discord",
    "only\\s?fans",
    "facebook",
    "fb\\s*[:@]",
    "messenger",
    "hangouts",
    "signal\\s*(?:app|nr|nummer|number|numer|[:@])",
    "tiktok",
    "line\\s*id",
  ].join("|")})`,
  "u",
);

/** What every e-mail address has, spelled out or not: the cheap test before `EMAIL`. */
const AT_SIGN = /@|\bat\b|apenstaartje|klammeraffe|malpa|arobase|arroba|chiocciola|snabel/;

/** "@handle": a user name elsewhere (an e-mail address has a letter before the @). */
const HANDLE = /(?:^|[\s(:,])@[a-z0-9_.]{3,30}\b/u;

// ───────────────────────────── money ─────────────────────────────

/** Words that mean paying outside the site on their own: gift cards, crypto, bank details, money transfer services. */
const MONEY_WORDS = new RegExp(
  `(?:${folded([
    "gift\\s?cards?",
    "cadeau\\s?(?:kaart|bon)(?:en)?",
    "geschenk\\s?karten?",
    "gutscheink(?:arte|arten|ode)",
    "karty?\\s+podarunkow[aey]",
    "kart[eę]\\s+podarunkow[aą]",
    "cartes?\\s+cadeaux?",
    "tarjetas?\\s+regalo",
    "carta\\s+regalo",
    "carte\\s+regalo",
    "gavekort",
    "presentkort",
    "lahjakort(?:ti|in|it)",
    "itunes",
    "google\\s?play\\s?(?:kaart|karte|card|code|kort)",
    "steam\\s?(?:kaart|karte|card|code|kort|wallet)",
    "paysafe\\s?(?:card|kaart|karte)?",
    "amazon\\s?(?:gift|kaart|karte|card|code|bon)",
    "bitcoins?",
    "btc",
    "crypto(?:s|valuta|munt|currency)?",
    "krypto(?:wal[uo]t[aey]?|währung|wahrung|valuta)?",
    "cryptomonnaies?",
    "criptomonedas?",
    "criptovalut[ae]",
    "ethereum",
    "usdt",
    "tether",
    "binance",
    "coinbase",
    "iban",
    "swift\\s?code",
    "bic\\s?code",
    "bank\\s?account",
    "account\\s?number",
    "bankrekening(?:nummer)?",
    "rekeningnummer",
    "bankverbindung",
    "kontonummer",
    "bankkonto",
    "numer\\s+konta",
    "konto\\s+bankowe",
    "numeru\\s+konta",
    "compte\\s+bancaire",
    "coordonnees\\s+bancaires",
    "cuenta\\s+bancaria",
    "numero\\s+de\\s+cuenta",
    "conto\\s+bancario",
    "conto\\s+corrente",
    "tilinumero",
    "pankkitili",
    "western\\s?union",
    "moneygram",
    "ria\\s+money",
    "paypal",
    "tikkie",
    "revolut",
    "swish",
    "mobilepay",
    "vipps",
    "bizum",
  ]).join("|")})`,
  "u",
);

/** Verbs that ask for money to be sent, lent or paid, in the eleven languages (stems). */
const MONEY_VERBS = folded([
  "send",
  "lend",
  "wire",
  "transfer",
  "stuur",
  "stuurt",
  "sturen",
  "overmaken",
  "overmaakt",
  "leen",
  "lenen",
  "schick",
  "schicken",
  "überweis",
  "leih",
  "borg",
  "przelej",
  "przelać",
  "pożycz",
  "wyślij",
  "wysłać",
  "prześlij",
  "envoie",
  "envoyer",
  "prête",
  "prêter",
  "vire",
  "virer",
  "manda",
  "mándame",
  "enviar",
  "envía",
  "presta",
  "préstame",
  "transfiere",
  "invia",
  "inviami",
  "prestami",
  "mandami",
  "bonifico",
  "ricarica",
  "overfør",
  "lån",
  "låne",
  "skicka",
  "swisha",
  "låna",
  "föra över",
  "lähetä",
  "lainaa",
  "siirrä",
]).join("|");

/** Money itself, as a noun or an amount with a currency. */
const MONEY_NOUNS = folded([
  "money",
  "cash",
  "geld",
  "pieniądze",
  "pieniędzy",
  "kasę",
  "kasy",
  "argent",
  "fric",
  "dinero",
  "soldi",
  "denaro",
  "penge",
  "penger",
  "pengar",
  "rahaa",
  "rahat",
  "euro",
  "euros",
  "eur",
  "€",
  "dollars?",
  "\\$",
  "zł",
  "złotych",
  "pln",
  "kronor",
  "kroner",
]).join("|");

/** Money mentioned at all: the cheap test before `MONEY_REQUEST`. */
const MONEY_MENTIONED = new RegExp(`(?:^|[^\\p{L}])(?:${MONEY_NOUNS})(?![\\p{L}])`, "u");

/** A request to send money: a verb and money within a few words, in either order ("stuur me geld", "mir Geld schicken"). */
const MONEY_REQUEST = new RegExp(
  `(?:^|[^\\p{L}])(?:${MONEY_VERBS})\\p{L}*(?:[^\\p{L}\\d€$]+[\\p{L}\\d]+){0,4}?[^\\p{L}\\d€$]*(?:\\d+[\\s.,]*)?(?:${MONEY_NOUNS})(?![\\p{L}])` +
    `|(?:^|[^\\p{L}])(?:${MONEY_NOUNS})(?![\\p{L}])(?:[^\\p{L}\\d]+[\\p{L}\\d]+){0,4}?[^\\p{L}\\d]+(?:${MONEY_VERBS})\\p{L}*`,
  "u",
);

// ───────────────────────────── insults ─────────────────────────────

/**
 * Insults, per language: words that are meant to hurt a person (not every swear word: "kut" or
 * "kurwa" as an exclamation is left alone, "kurwo" aimed at someone is not). Matched as whole words.
 */
export const INSULTS: Record<string, string[]> = {
  en: ["bitch", "whore", "cunt", "retard", "moron", "asshole", "dickhead", "motherfucker", "fuck you", "fuck off", "skank", "stupid cow"],
  nl: [
    "hoer",
    "slet",
    "kutwijf",
    "teringlijer",
    "kankerlijer",
    "tyfuslijer",
    "klootzak",
    "mongool",
    "debiel",
    "idioot",
    "trut",
    "hufter",
    "rotwijf",
    "sloerie",
    "kankerhoer",
    "vieze hoer",
    "flikker op",
  ],
  de: [
    "schlampe",
    "hure",
    "fotze",
    "arschloch",
    "wichser",
    "hurensohn",
    "missgeburt",
    "spast",
    "vollidiot",
    "idiot",
    "dumme kuh",
    "drecksau",
    "miststück",
    "fick dich",
    "nutte",
    "bitch",
  ],
  pl: [
    "dziwka",
    "dziwko",
    "szmata",
    "szmato",
    "suka",
    "suko",
    "kurwo",
    "chuju",
    "debil",
    "debilu",
    "idiota",
    "idioto",
    "kretyn",
    "kretynie",
    "spierdalaj",
    "pierdol się",
    "cwel",
    "cwelu",
    "ciota",
    "zdzira",
  ],
  fr: [
    "salope",
    "pute",
    "connard",
    "connasse",
    "enculé",
    "pétasse",
    "abruti",
    "débile",
    "ta gueule",
    "nique ta mère",
    "fils de pute",
    "grognasse",
    "pouffiasse",
  ],
  es: [
    "puta",
    "zorra",
    "cabrón",
    "gilipollas",
    "imbécil",
    "pendejo",
    "pendeja",
    "hijo de puta",
    "subnormal",
    "perra",
    "estúpida",
    "estúpido",
    "mamón",
    "guarra",
  ],
  it: [
    "puttana",
    "troia",
    "stronzo",
    "stronza",
    "vaffanculo",
    "coglione",
    "cogliona",
    "cretino",
    "cretina",
    "figlio di puttana",
    "zoccola",
    "bastardo",
    "bastarda",
    "idiota",
  ],
  da: ["luder", "kælling", "fisse", "idiot", "røvhul", "møgkælling", "spasser", "kusse", "pikfjæs", "fuck dig", "mongol"],
  nb: ["hore", "fitte", "idiot", "rasshøl", "faen ta deg", "fittetryne", "hestkuk", "mongo", "kuksuger", "drittsekk", "jævla taper"],
  sv: [
    "horan",
    "jävla hora",
    "fitta",
    "idiot",
    "kuksugare",
    "subba",
    "slyna",
    "fittansikte",
    "dra åt helvete",
    "mongo",
    "jävla idiot",
    "hororna",
  ],
  fi: [
    "huora",
    "idiootti",
    "kusipää",
    "mulkku",
    "lutka",
    "haista vittu",
    "runkkari",
    "ääliö",
    "vitun idiootti",
    "paskiainen",
    "huoranpenikka",
  ],
};

const INSULT_WORDS = new RegExp(
  `(?:^|[^\\p{L}])(?:${[...new Set(Object.values(INSULTS).flat().map(foldText))].map((w) => w.replace(/ /g, "\\s+")).join("|")})(?![\\p{L}])`,
  "u",
);

// ───────────────────────────── the check ─────────────────────────────

/** The reasons to prompt about a text, in the order of `SAFETY_REASONS`; empty when nothing was found. */
export function checkMessage(text: string): SafetyReason[] {
  const plain = foldText(text);
  const reasons: SafetyReason[] = [];
  // The cheap tests first; the costly patterns run only on a text that could match them (tools/bench/safety-check.ts).
  if (MESSENGERS.test(plain) || HANDLE.test(plain) || (AT_SIGN.test(plain) && EMAIL.test(plain)) || hasPhoneNumber(plain))
    reasons.push("contact");
  if (LINK.test(plain)) reasons.push("link");
  if (MONEY_WORDS.test(plain) || (MONEY_MENTIONED.test(plain) && MONEY_REQUEST.test(plain))) reasons.push("money");
  if (INSULT_WORDS.test(plain)) reasons.push("insult");
  return reasons;
}

/** The reasons as stored with a message ("contact,money"), or null for a message that was not flagged. */
export function storedReasons(reasons: SafetyReason[]): string | null {
  return reasons.length ? reasons.join(",") : null;
}

/** The stored reasons read back; anything unknown is dropped. */
export function parseReasons(stored: string | null): SafetyReason[] {
  if (!stored) return [];
  return stored.split(",").filter((reason): reason is SafetyReason => (SAFETY_REASONS as readonly string[]).includes(reason));
}
