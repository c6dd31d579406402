/**
 * The site setting `cdn_prefix` (spec §3): where a site's public photos and static images are
 * served from when it puts a CDN in front of them, e.g. `https://cdn.flirtparadijs.nl`. Empty
 * (the default): the site's own host. Only what anyone may see goes through it — approved public
 * photos and the files under public/; private, pending and chat photos need the member's session
 * cookie, which a CDN host never gets, and stay on the site (ADR 051). Shared by server and browser.
 */
const PREFIX = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?(\/[A-Za-z0-9._~/-]*)?$/i;

/** A setting's value as a usable prefix (no trailing slash), or "" when it is empty or not an http(s) address. */
export function normalizeCdnPrefix(value: string): string {
  const trimmed = value.trim().replace(/\/+$/, "");
  return PREFIX.test(trimmed) ? trimmed : "";
}

/** A site path ("/photos/…", "/payment-methods/ideal.svg") at the CDN; anything else unchanged. */
export function cdnUrl(prefix: string, path: string): string;
export function cdnUrl(prefix: string, path: string | null): string | null;
export function cdnUrl(prefix: string, path: string | null): string | null {
  if (!prefix || path === null || !path.startsWith("/") || path.startsWith("//")) return path;
  return prefix + path;
}

/** The CDN's origin for the Content-Security-Policy's img-src, or null without a CDN. */
export function cdnOrigin(prefix: string): string | null {
  return prefix ? new URL(prefix).origin : null;
}
