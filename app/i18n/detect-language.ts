/**
 * Which language a request is served in (issue #2, spec §9):
 * `locale` cookie → the country's visible languages (the browser's preference among them, else the
 * first) → the first two letters of the site's domain_language → nl.
 */
import {
  defaultLanguage,
  domainLanguageOf,
  isLanguage,
  visibleLanguages,
  type Language,
} from "~/i18n/languages";

export const LOCALE_COOKIE = "locale";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export type DetectionInput = {
  cookieHeader: string | null;
  acceptLanguage: string | null;
  country: string | null;
  domainLanguage: string;
};

export function readCookie(cookieHeader: string | null, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** Languages from an Accept-Language header, most preferred first (two-letter codes). */
export function preferredLanguages(acceptLanguage: string | null): string[] {
  if (!acceptLanguage) return [];
  return acceptLanguage
    .split(",")
    .slice(0, 20)
    .map((entry, index) => {
      const [tag = "", ...params] = entry.trim().split(";");
      const q = Number(params.find((p) => p.trim().startsWith("q="))?.trim().slice(2) ?? 1);
      return { code: tag.slice(0, 2).toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.code.length === 2 && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => (entry.code === "no" ? "nb" : entry.code));
}

export function detectLanguage(input: DetectionInput): Language {
  const fromCookie = readCookie(input.cookieHeader, LOCALE_COOKIE);
  if (isLanguage(fromCookie)) return fromCookie;

  if (input.country) {
    const visible = visibleLanguages(input.country, input.domainLanguage);
    const preferred = preferredLanguages(input.acceptLanguage).find((code) => visible.includes(code as Language));
    return (preferred as Language | undefined) ?? visible[0] ?? defaultLanguage;
  }

  return domainLanguageOf(input.domainLanguage) ?? defaultLanguage;
}

export function localeCookieHeader(language: Language, secure: boolean): string {
  return `${LOCALE_COOKIE}=${language}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
