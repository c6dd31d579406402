/**
 * When a daily allowance comes back, for the member: the weekday and time in the site's time zone
 * (the zone the limit is counted in), with the zone's short name, in the member's language —
 * e.g. "vrijdag 00:00 CET".
 *
 * The text follows a preposition in the sentence ("od {{time}}", "{{time}} alkaen"), so languages
 * with cases get the weekday in the case that preposition takes: Polish "od" the genitive
 * ("od piątku", never "od piątek"), Finnish the essive before "alkaen" ("perjantaina klo 00.00 alkaen").
 * Danish and Finnish put a word before the time of day in running text ("fra fredag kl. 00.00"),
 * which Intl leaves out or not depending on its version: those two are composed here.
 */
import { formatClockTime, localeTag } from "~/i18n/format";
import { dateTimeFormat } from "~/i18n/intl";

/** Weekdays Sunday..Saturday in the case the limit message needs (see above); Intl gives the nominative. */
const weekdayCase: Record<string, readonly string[]> = {
  pl: ["niedzieli", "poniedziałku", "wtorku", "środy", "czwartku", "piątku", "soboty"],
  fi: ["sunnuntaina", "maanantaina", "tiistaina", "keskiviikkona", "torstaina", "perjantaina", "lauantaina"],
};

/** The weekday (0 = Sunday) of `date` in `timeZone`. */
function weekdayIn(date: Date, timeZone: string): number {
  const short = dateTimeFormat("en-US", { weekday: "short", timeZone }).format(date);
  return ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(short);
}

/** The word before a time of day in running text ("lørdag kl. 17.30", "lauantaina klo 17.30"). */
const clockWord: Record<string, string> = { da: "kl.", fi: "klo" };

export function formatResetTime(resetsAt: Date, language: string, timeZone: string): string {
  const parts = dateTimeFormat(localeTag(language), {
    weekday: "long",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).formatToParts(resetsAt);
  const inflected = weekdayCase[language.slice(0, 2)]?.[weekdayIn(resetsAt, timeZone)];
  const word = clockWord[language.slice(0, 2)];
  if (word) {
    const weekday = inflected ?? parts.find((part) => part.type === "weekday")?.value;
    const zone = parts.find((part) => part.type === "timeZoneName")?.value;
    return [weekday, word, formatClockTime(resetsAt, language, timeZone), zone].filter(Boolean).join(" ");
  }
  return parts.map((part) => (part.type === "weekday" && inflected ? inflected : part.value)).join("");
}
