/**
 * The numbers and the client address of the browsing limits (browse-limit.server.ts, ADR 019).
 */
/** A person reads at most one page a second for long; a script walking the member base reads faster. */
export const BROWSE_LIMITS = { perIp: 120, perMember: 60, windowSeconds: 60 } as const;

/**
 * The client's address as Cloudflare saw it. No other header is trusted: X-Forwarded-For is the
 * client's to write. Loopback addresses in development (the developer's own browser) count as none.
 */
export function connectingIp(request: Request, options: { development: boolean }): string | null {
  const ip = request.headers.get("CF-Connecting-IP")?.trim() || null;
  if (ip && options.development && (ip === "::1" || ip.startsWith("127."))) return null;
  return ip;
}
