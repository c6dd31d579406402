/**
 * Every cookie the app sets or reads, in one place (ADR 020): its name, lifetime and flags, one
 * rule for `Secure`, and one parser. Services never see a cookie: the edge hands them the value.
 *
 * - `auth` (product.md §9: 30 days): the session token, HttpOnly;
 * - `member` (30 days): the account and profile the session was last seen with ("{user}.{profile}"),
 *   HttpOnly: only a hint, which a chat send checks against the session in its own batch (ADR 059);
 * - `locale` (product.md §9: 365 days): the chosen language, readable by the page;
 * - `tracking` (30 days): the landing's traffic-source record (network, ref, sub1–3), HttpOnly;
 * - `landing` (30 days): the acquisition page visit the visitor arrived through (a random id), tied
 *   to the account at signup for the conversion report, HttpOnly;
 * - `consent` (a year): the visitor's answer in the cookie banner (`accepted` or `refused`) about
 *   the site's third-party scripts, HttpOnly (ADR 031);
 * - `entry-warning-dismissed` (a year): the adult-content warning was dismissed; the browser also
 *   writes it itself (EntryWarning), with the same attributes;
 * - `hide-disabled-notifications-alert`, `hide-enrich-alert` and `hide-push-notification-alert`:
 *   the browser's mirrors of those alerts' dismissals (product.md §3), and `push-state`: this
 *   browser's last known push state; the server renders the alerts from them (ADR 046).
 */
import {
  DISABLED_NOTIFICATIONS_DISMISS_KEY,
  ENTRY_WARNING_COOKIE,
  ENTRY_WARNING_MAX_AGE,
  PROFILE_PHOTO_DISMISS_KEY,
  PUSH_DISMISS_KEY,
  PUSH_STATE_COOKIE,
} from "~/browser/cookie-names";
import { SESSION_SECONDS } from "~/accounts/session.server";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from "~/i18n/detect-language";
import { readTracking, TRACKING_MAX_AGE, type TrackingRecord } from "~/acquisition/tracking.server";
import { consentOf, type Consent } from "~/acquisition/consent";

/**
 * The one rule for `Secure`: every cookie is Secure, except on a localhost origin (development and
 * tests over plain HTTP, where a browser would drop it).
 */
export function secureCookies(request: Request): boolean {
  const { hostname } = new URL(request.url);
  return !(hostname === "localhost" || hostname === "127.0.0.1" || hostname.endsWith(".localhost"));
}

/** The value of one cookie of a `Cookie` request header, decoded; null when absent or malformed. */
export function readCookie(cookieHeader: string | null, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

export type AppCookie = {
  readonly name: string;
  /** This cookie's value in the request, or null. */
  read(request: Request): string | null;
  /** The `Set-Cookie` header that stores `value` for the cookie's lifetime. */
  set(request: Request, value: string): string;
  /** The `Set-Cookie` header that removes the cookie. */
  clear(request: Request): string;
};

function defineCookie(name: string, options: { maxAge: number; httpOnly: boolean }): AppCookie {
  const header = (request: Request, value: string, maxAge: number) =>
    [
      `${name}=${encodeURIComponent(value)}`,
      "Path=/",
      `Max-Age=${maxAge}`,
      ...(options.httpOnly ? ["HttpOnly"] : []),
      "SameSite=Lax",
      ...(secureCookies(request) ? ["Secure"] : []),
    ].join("; ");
  return {
    name,
    read: (request) => readCookie(request.headers.get("Cookie"), name),
    set: (request, value) => header(request, value, options.maxAge),
    clear: (request) => header(request, "", 0),
  };
}

export const authCookie = defineCookie("auth", { maxAge: SESSION_SECONDS, httpOnly: true });
export const memberHintCookie = defineCookie("member", { maxAge: SESSION_SECONDS, httpOnly: true });
export const localeCookie = defineCookie(LOCALE_COOKIE, { maxAge: LOCALE_COOKIE_MAX_AGE, httpOnly: false });
export const trackingCookie = defineCookie("tracking", { maxAge: TRACKING_MAX_AGE, httpOnly: true });
export const landingCookie = defineCookie("landing", { maxAge: TRACKING_MAX_AGE, httpOnly: true });
export const consentCookie = defineCookie("consent", { maxAge: 365 * 24 * 60 * 60, httpOnly: true });
export const entryWarningDismissedCookie = defineCookie(ENTRY_WARNING_COOKIE, { maxAge: ENTRY_WARNING_MAX_AGE, httpOnly: false });
/** Written by the browser when the member dismisses the disabled-notifications alert (its value: the time). */
export const disabledNotificationsDismissedCookie = defineCookie(DISABLED_NOTIFICATIONS_DISMISS_KEY, {
  maxAge: 365 * 24 * 60 * 60,
  httpOnly: false,
});

/** Written by the browser when the member dismisses the profile-photo alert (its value: the time). */
export const profilePhotoAlertDismissedCookie = defineCookie(PROFILE_PHOTO_DISMISS_KEY, { maxAge: 365 * 24 * 60 * 60, httpOnly: false });
/** Written by the browser when the member dismisses the push alert (its value: the time). */
export const pushAlertDismissedCookie = defineCookie(PUSH_DISMISS_KEY, { maxAge: 365 * 24 * 60 * 60, httpOnly: false });
/** Written by the browser's push alert: this browser's last known push state. */
export const pushStateCookie = defineCookie(PUSH_STATE_COOKIE, { maxAge: 365 * 24 * 60 * 60, httpOnly: false });

/** The visitor's traffic source: the landing URL's, else the one the `tracking` cookie remembers. */
export function trackingOf(request: Request): TrackingRecord | null {
  return readTracking(new URL(request.url), trackingCookie.read(request));
}

/** The visitor's answer in the cookie banner, or null when not asked yet. */
export function consentFrom(request: Request): Consent {
  return consentOf(consentCookie.read(request));
}
