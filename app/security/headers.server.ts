/**
 * Security headers. The CSP is per document, with a fresh nonce for inline scripts.
 */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** Sources a page's accepted third-party scripts need (ADR 031), by directive: https origins. */
export type ThirdPartySources = { script: readonly string[]; connect: readonly string[]; img: readonly string[] };

const noThirdParty: ThirdPartySources = { script: [], connect: [], img: [] };

/**
 * `host`: the page's own, whose live-chat socket (wss://host/api/chat-socket, ADR 027) it may open.
 * `thirdParty`: the hosts of the site's tracking and analytics scripts, only once the visitor
 * accepted them (with 'strict-dynamic' browsers load scripts by nonce; the hosts serve older ones),
 * and where the chat's GIF provider serves its images (ADR 029; none for the stickers).
 */
export function contentSecurityPolicy(nonce: string, development: boolean, host?: string, thirdParty = noThirdParty): string {
  const extra = (sources: readonly string[]) => sources.map((source) => ` ${source}`).join("");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${extra(thirdParty.script)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra(thirdParty.img)}`,
    "font-src 'self'",
    // Not every browser lets 'self' cover wss: of the same host; the socket's origin is named.
    `connect-src 'self'${development ? " ws: wss:" : host ? ` wss://${host}` : ""}${extra(thirdParty.connect)}`,
    "media-src 'self' blob:",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(development ? [] : ["upgrade-insecure-requests"]),
  ].join("; ");
}

/** Headers every response carries, whatever produced it. */
export function applySecurityHeaders(response: Response, production: boolean): Response {
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(self), payment=(self)");
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", "frame-ancestors 'none'");
  if (production) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
  return secured;
}
