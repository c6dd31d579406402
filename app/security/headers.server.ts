/**
 * Security headers. The CSP is per document, with a fresh nonce for inline scripts.
 */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * `host`: the page's own, whose live-chat socket (wss://host/api/chat-socket, ADR 027) it may open.
 * `imageOrigins`: where the chat's GIF provider serves its images (none for the stickers).
 */
export function contentSecurityPolicy(nonce: string, development: boolean, host?: string, imageOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...imageOrigins].join(" "),
    "font-src 'self'",
    // Not every browser lets 'self' cover wss: of the same host; the socket's origin is named.
    `connect-src 'self'${development ? " ws: wss:" : host ? ` wss://${host}` : ""}`,
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
