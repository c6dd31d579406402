/**
 * Dates, numbers and money in the active language, always through Intl.
 */
import { useTranslation } from "~/i18n/translation";
import { intlLocale, isLanguage, defaultLanguage } from "~/i18n/languages";
import { dateTimeFormat, displayNames, numberFormat } from "~/i18n/intl";

export function localeTag(language: string): string {
  return intlLocale[isLanguage(language) ? language : defaultLanguage];
}

/** An amount in minor units; `fractionDigits` for prices below a cent (a credit costs €0.099). */
export function formatMoney(cents: number, currency: string, language: string, fractionDigits?: number): string {
  const digits = fractionDigits === undefined ? {} : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits };
  return numberFormat(localeTag(language), { style: "currency", currency, ...digits }).format(cents / 100);
}

export function formatNumber(value: number, language: string): string {
  return numberFormat(localeTag(language)).format(value);
}

/** Countries by their code, named in `language` (e.g. "België"); a code Intl does not know stays as it is. */
export function countryNames(codes: readonly string[], language: string): { code: string; name: string }[] {
  const names = displayNames(localeTag(language), { type: "region" });
  return codes.map((code) => ({ code, name: names.of(code) ?? code }));
}

/** A calendar month (`YYYY-MM`) in long form, e.g. "december 2023". */
export function formatMonth(yearMonth: string, language: string): string {
  return dateTimeFormat(localeTag(language), { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${yearMonth}-15T12:00:00Z`),
  );
}

/**
 * A date in long form, e.g. "1 december 2023": a calendar date (`YYYY-MM-DD`) as it is, an instant
 * (Date or ISO string) on its day in `timeZone` (default UTC).
 */
export function formatDate(value: string | Date, language: string, timeZone = "UTC"): string {
  const calendarDate = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = calendarDate ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return dateTimeFormat(localeTag(language), {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: calendarDate ? "UTC" : timeZone,
  }).format(date);
}

export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return {
    money: (cents: number, currency: string, fractionDigits?: number) => formatMoney(cents, currency, language, fractionDigits),
    number: (value: number) => formatNumber(value, language),
    date: (value: string | Date, timeZone?: string) => formatDate(value, language, timeZone),
  };
}

/** The time of a chat message, e.g. "14:05", in the site's time zone (the same on server and browser). */
export function formatClockTime(value: string | Date, language: string, timeZone: string): string {
  return dateTimeFormat(localeTag(language), { hour: "2-digit", minute: "2-digit", timeZone }).format(new Date(value));
}

/** The day a chat message was sent, e.g. "zaterdag 21 november", in the site's time zone. */
export function formatDay(value: string | Date, language: string, timeZone: string): string {
  return dateTimeFormat(localeTag(language), { weekday: "long", day: "numeric", month: "long", timeZone }).format(new Date(value));
}

/** The calendar day of an instant in a time zone, as `YYYY-MM-DD` (to group messages by day). */
export function dayKey(value: string | Date, timeZone: string): string {
  return dateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone }).format(new Date(value));
}
