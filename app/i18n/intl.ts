/**
 * Intl's formatters, built once per kind, locale and options and then reused for the isolate's
 * (or the browser tab's) life. Building one loads the locale's data and costs far more than
 * formatting with it: a page that built a DisplayNames for its filters, a PluralRules for its
 * translator and a DateTimeFormat per chat message spent a measurable part of its CPU there (ADR 035).
 * Options are plain values (a site's time zone, a currency), so the set of keys stays small; the
 * cache empties itself past a bound all the same.
 */
type Options = object | undefined;

const MAX_FORMATTERS = 500;
const formatters = new Map<string, object>();

function reuse<T extends object>(kind: string, locale: string, options: Options, build: () => T): T {
  const key = `${kind} ${locale} ${options === undefined ? "" : JSON.stringify(options)}`;
  const found = formatters.get(key);
  if (found) return found as T;
  if (formatters.size >= MAX_FORMATTERS) formatters.clear();
  const formatter = build();
  formatters.set(key, formatter);
  return formatter;
}

export const dateTimeFormat = (locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  reuse("DateTimeFormat", locale, options, () => new Intl.DateTimeFormat(locale, options));

export const numberFormat = (locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat =>
  reuse("NumberFormat", locale, options, () => new Intl.NumberFormat(locale, options));

export const displayNames = (locale: string, options: Intl.DisplayNamesOptions): Intl.DisplayNames =>
  reuse("DisplayNames", locale, options, () => new Intl.DisplayNames(locale, options));

export const listFormat = (locale: string, options?: Intl.ListFormatOptions): Intl.ListFormat =>
  reuse("ListFormat", locale, options, () => new Intl.ListFormat(locale, options));

export const pluralRules = (locale: string): Intl.PluralRules =>
  reuse("PluralRules", locale, undefined, () => new Intl.PluralRules(locale));
