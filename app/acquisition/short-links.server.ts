/**
 * The `{token}` route of product.md §2: a short link (a mailing's or a campaign's) at `/{token}`
 * that leads to a page of the site and counts the click. The operator adds links as rows of
 * `short_links` (token, target, label, optional expiry); an unknown or expired token is a 404.
 *
 * A click counts once per visitor, link and day (ADR 040): the visitor is the client address and
 * user agent, hashed with the link and the day (the raw address is never stored), and the day is
 * the site's calendar day. Whether this visitor was seen today is checked and recorded in one
 * statement, so parallel requests of one visitor count one click.
 */
import { sql } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { shortLinkVisitKey, type ShortLinkVisitor } from "./short-link-visitor";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { isShortLinkToken } from "./short-link-token";

/**
 * Follows a short link: its target, or null when there is none. The click is recorded once per
 * visitor and day in the site's time zone; the visitor is led on either way.
 */
export async function followShortLink(
  db: Database,
  input: { siteId: number; token: string; now: Date; timeZone: string; visitor: ShortLinkVisitor },
): Promise<string | null> {
  if (!isShortLinkToken(input.token)) return null;
  const { shortLinks, rateLimitEvents, shortLinkClicks } = schema;
  const key = shortLinkVisitKey(`${input.siteId}/${input.token}`, input.visitor, input.now, input.timeZone);
  const at = Math.floor(input.now.getTime() / 1000);
  // The link that leads on: this site's, not expired (read and counted in one round trip, ADR 056).
  const live = sql`SELECT id FROM ${shortLinks} WHERE site_id = ${input.siteId} AND token = ${input.token}
    AND (expires_at IS NULL OR expires_at > ${at})`;
  const [[link]] = await db.batch([
    db.select({ target: shortLinks.target }).from(shortLinks).where(sql`${shortLinks.id} IN (${live})`),
    // The check and the record in one statement: of parallel requests, one inserts the visit.
    db.run(sql`
      INSERT INTO ${rateLimitEvents} (key, created_at)
      SELECT ${key}, ${at}
      WHERE NOT EXISTS (SELECT 1 FROM ${rateLimitEvents} WHERE key = ${key}) AND EXISTS (${live})`),
    // The click counts only when the statement before recorded a new visit.
    db.run(sql`INSERT INTO ${shortLinkClicks} (link_id, created_at) SELECT id, ${at} FROM (${live}) WHERE changes() = 1`),
  ]);
  // A target is a path of the same site (with its query), never another origin.
  if (!link || safeRedirectPath(link.target, "") !== link.target) return null;
  return link.target;
}
