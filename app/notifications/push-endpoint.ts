/**
 * Which push endpoints are accepted (ADR 026). A push service's endpoint is an https URL. Only
 * outside production (APP_ENV is not "production") may it also be http://127.0.0.1:<port>/…: the
 * browser tests' own push service on this machine (tests/e2e/push-service.ts), since headless
 * Chromium cannot reach a real one. Production never stores, and so never sends to, such an endpoint.
 */
const localTestEndpoint = /^http:\/\/127\.0\.0\.1:\d+\//;

export const pushEndpointAllowed = (endpoint: string, development: boolean) =>
  endpoint.startsWith("https://") || (development && localTestEndpoint.test(endpoint));

/**
 * The URL the push is signed and encrypted for: the endpoint itself, or for the local test push
 * service (development only) its https form, because the push library signs only https push
 * resources (RFC 8030 §2); the request still goes to the endpoint as stored.
 */
export const signedPushEndpoint = (endpoint: string, development: boolean) =>
  development && localTestEndpoint.test(endpoint) ? endpoint.replace(/^http:/, "https:") : endpoint;
