/**
 * Which push endpoints are accepted (ADR 026, ADR 039). The Worker POSTs to every stored endpoint,
 * so an endpoint must be a push service's own address, never one a client made up (an internal
 * address, a metadata service, someone else's server): https on the default port, without user or
 * password, on a host of a known push service:
 * - Google (Chrome, Edge on Android, most Chromium browsers): fcm.googleapis.com, android.googleapis.com;
 * - Mozilla (Firefox): updates.push.services.mozilla.com and other *.push.services.mozilla.com;
 * - Apple (Safari): *.push.apple.com, e.g. web.push.apple.com;
 * - Microsoft (Edge on Windows): *.notify.windows.com, e.g. wns2-db5p.notify.windows.com.
 *
 * Only outside production (APP_ENV is not "production") may an endpoint also be
 * http://127.0.0.1:<port>/…: the browser tests' own push service on this machine
 * (tests/e2e/push-service.ts), since headless Chromium cannot reach a real one.
 */

/** Hosts that are push services themselves. */
const PUSH_HOSTS = new Set(["fcm.googleapis.com", "android.googleapis.com", "updates.push.services.mozilla.com"]);
/** Domains whose subdomains are push services' hosts (a leading dot: the domain itself is not one). */
const PUSH_HOST_SUFFIXES = [".push.services.mozilla.com", ".push.apple.com", ".notify.windows.com"];

const localTestEndpoint = /^http:\/\/127\.0\.0\.1:\d{1,5}\//;

function parse(endpoint: string): URL | null {
  try {
    return new URL(endpoint);
  } catch {
    return null;
  }
}

/** Whether a host name is one of the push services' (the URL parser has lowercased it). */
export const isPushServiceHost = (hostname: string) =>
  PUSH_HOSTS.has(hostname) || PUSH_HOST_SUFFIXES.some((suffix) => hostname.endsWith(suffix) && hostname.length > suffix.length);

export function pushEndpointAllowed(endpoint: string, development: boolean): boolean {
  if (development && localTestEndpoint.test(endpoint)) return parse(endpoint)?.hostname === "127.0.0.1";
  const url = parse(endpoint);
  if (url?.protocol !== "https:" || url.username !== "" || url.password !== "") return false;
  // No port, not even 443 written out: a push service's endpoint never has one.
  if (url.port !== "" || /^https:\/\/[^/?#]*:/i.test(endpoint)) return false;
  return isPushServiceHost(url.hostname);
}

/**
 * The URL the push is signed and encrypted for: the endpoint itself, or for the local test push
 * service (development only) its https form, because the push library signs only https push
 * resources (RFC 8030 §2); the request still goes to the endpoint as stored.
 */
export const signedPushEndpoint = (endpoint: string, development: boolean) =>
  development && localTestEndpoint.test(endpoint) ? endpoint.replace(/^http:/, "https:") : endpoint;
