/**
 * Browsing limits against scraping: search pages and profile views per client IP and per signed-in
 * member, per minute (ADR 019). In production Cloudflare's rate-limiting bindings count
 * (`BROWSE_LIMIT_IP`, `BROWSE_LIMIT_MEMBER` in wrangler.toml: no database write per page view);
 * elsewhere the rate-limit table does, with the same numbers.
 */
import type { Database } from "~/db/client.server";
import { BROWSE_LIMITS } from "./browse-limits";
import { hit } from "./rate-limit.server";

export type BrowseLimiters = { ip?: RateLimit; member?: RateLimit };

type BrowseRequest = {
  /** Cloudflare's CF-Connecting-IP: absent only outside Cloudflare (tests, local tools). */
  ip: string | null;
  userId: number | null;
};

/** Counts one page view; false when the client or the member went over a limit (answer 429). */
export async function withinBrowseLimits(
  deps: { db: Database; limiters: BrowseLimiters; now: Date },
  { ip, userId }: BrowseRequest,
): Promise<boolean> {
  const checks: Promise<boolean>[] = [];
  if (ip) checks.push(count(deps, deps.limiters.ip, `browse:ip:${ip}`, BROWSE_LIMITS.perIp));
  if (userId !== null) checks.push(count(deps, deps.limiters.member, `browse:user:${userId}`, BROWSE_LIMITS.perMember));
  return (await Promise.all(checks)).every(Boolean);
}

async function count(deps: { db: Database; now: Date }, binding: RateLimit | undefined, key: string, limit: number) {
  if (binding) return (await binding.limit({ key })).success;
  return hit(deps.db, { key, limit, windowSeconds: BROWSE_LIMITS.windowSeconds }, deps.now);
}
