/**
 * Dates, numbers and money in the active language, always through Intl.
 */
import { useTranslation } from "react-i18next";
import { intlLocale, isLanguage, defaultLanguage } from "~/i18n/languages";

export function localeTag(language: string): string {
  return intlLocale[isLanguage(language) ? language : defaultLanguage];
}

export function formatMoney(cents: number, currency: string, language: string): string {
  return new Intl.NumberFormat(localeTag(language), { style: "currency", currency }).format(cents / 100);
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(localeTag(language)).format(value);
}

/** A calendar date (`YYYY-MM-DD` or Date) in long form, e.g. "1 december 2023". */
export function formatDate(value: string | Date, language: string): string {
  const date = typeof value === "string" ? new Date(`${value}T12:00:00Z`) : value;
  return new Intl.DateTimeFormat(localeTag(language), { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(date);
}

export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return {
    money: (cents: number, currency: string) => formatMoney(cents, currency, language),
    number: (value: number) => formatNumber(value, language),
    date: (value: string | Date) => formatDate(value, language),
  };
}
