/**
 * The tracking record of product.md §3 (network, ref, sub1, sub2, sub3). product.md §10
 * "Acquisition": landers record these landing query parameters in a cookie, and signup stores them
 * with the account. The root middleware stores `trackingFromUrl` in the `tracking` cookie; signup
 * reads the record back with `readTracking` (the landing URL itself counts too, so signing up on
 * the very page that carried `?network=` works before the cookie came back).
 */
import { z } from "zod";

export const TRACKING_MAX_AGE = 30 * 24 * 60 * 60;
const MAX_VALUE = 100;
const MAX_PATH = 200;

/** Affiliate identifiers: letters, digits and a few separators, never markup or spaces. */
const identifier = z
  .string()
  .trim()
  .min(1)
  .max(MAX_VALUE)
  .regex(/^[\w.:@|~+-]+$/);

export const trackingSchema = z.object({
  network: identifier,
  ref: identifier.optional(),
  sub1: identifier.optional(),
  sub2: identifier.optional(),
  sub3: identifier.optional(),
  landingPath: z.string().max(MAX_PATH).startsWith("/").optional(),
});

export type TrackingRecord = z.infer<typeof trackingSchema>;

const optionalKeys = ["ref", "sub1", "sub2", "sub3"] as const;

/**
 * The page a request is for: a client-side navigation asks for its data at `/pricing.data` (the
 * home page's at `/_root.data`), which is the page `/pricing` (`/`).
 */
export function documentPath(url: URL): string {
  const path = url.pathname.replace(/\.data$/, "");
  return path === "/_root" ? "/" : path;
}

/** The record carried by a landing URL, or null when it has no (valid) `network`. */
export function trackingFromUrl(url: URL): TrackingRecord | null {
  const network = url.searchParams.get("network");
  if (!network) return null;
  const candidate: Record<string, string> = { network, landingPath: documentPath(url).slice(0, MAX_PATH) };
  for (const key of optionalKeys) {
    const value = url.searchParams.get(key);
    // An unusable optional value is dropped rather than losing the whole record.
    if (value && identifier.safeParse(value).success) candidate[key] = value.trim();
  }
  const parsed = trackingSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/**
 * Whether the visitor came through a traffic source (signup gating `with_trafficsource`, logged-out
 * search): any tracking `network` does (spec §4), unless the site names the networks it works with
 * (`trafficNetworks`, empty by default); then only those do, since the address is the visitor's to
 * write and a made-up `?network=` must not open what the operator narrowed.
 */
export function fromKnownTrafficSource(tracking: TrackingRecord | null, knownNetworks: readonly string[]): boolean {
  if (!tracking) return false;
  if (knownNetworks.length === 0) return true;
  const network = tracking.network.toLowerCase();
  return knownNetworks.some((known) => known.toLowerCase() === network);
}

/** The visitor's tracking record: from the current URL, else the stored one; null when none or invalid. */
export function readTracking(url: URL, stored: string | null): TrackingRecord | null {
  const fromUrl = trackingFromUrl(url);
  if (fromUrl) return fromUrl;
  const raw = stored;
  if (!raw || raw.length > 1000) return null;
  try {
    const parsed = trackingSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
