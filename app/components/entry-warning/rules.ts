/**
 * When the adult-content entry warning shows (product.md §2 "Entry warning", §9):
 * logged-out visitors only, once (a dismissal is remembered), never when the site disables it
 * (enable_site_entry_popup), only for the site's configured countries on the default layout and
 * for NL and DE on the bare layouts (chat, lander, empty), never on pages that opt out
 * (complete-signup, reset-password, reset-password/do). Installed-app mode hides it in CSS.
 */
import { ENTRY_WARNING_COOKIE, ENTRY_WARNING_MAX_AGE } from "~/browser/cookie-names";

export type LayoutKind = "default" | "chat" | "lander" | "empty";

export const BARE_LAYOUT_COUNTRIES = ["NL", "DE"] as const;

export type EntryWarningInput = {
  layout: LayoutKind;
  loggedIn: boolean;
  dismissed: boolean;
  enabled: boolean;
  country: string | null;
  configuredCountries: readonly string[];
  pageOptsOut: boolean;
};

export function shouldShowEntryWarning(input: EntryWarningInput): boolean {
  if (input.loggedIn || input.dismissed || !input.enabled || input.pageOptsOut || !input.country) return false;
  const countries = input.layout === "default" ? input.configuredCountries : BARE_LAYOUT_COUNTRIES;
  return countries.includes(input.country);
}

/**
 * The cookie that remembers a dismissal for a year, as the browser writes it; the no-JS form post
 * sets the same cookie through app/http/cookies.server.ts.
 */
export function entryWarningCookie(secure: boolean): string {
  return `${ENTRY_WARNING_COOKIE}=1; Path=/; Max-Age=${ENTRY_WARNING_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
