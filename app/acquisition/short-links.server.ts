/**
 * The `{token}` route of product.md §2: a short link (a mailing's or a campaign's) at `/{token}`
 * that leads to a page of the site and counts the click. The operator adds links as rows of
 * `short_links` (token, target, label, optional expiry); an unknown or expired token is a 404.
 */
import { and, eq } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { safeRedirectPath } from "~/utils/safe-redirect";

/** What a token may look like: 3–64 letters, digits, `-` and `_` (anything else is not looked up). */
export const isShortLinkToken = (token: string) => /^[\w-]{3,64}$/.test(token);

/** Follows a short link: its target (the click is recorded), or null when there is none. */
export async function followShortLink(db: Database, input: { siteId: number; token: string; now: Date }): Promise<string | null> {
  if (!isShortLinkToken(input.token)) return null;
  const link = await db.query.shortLinks.findFirst({
    columns: { id: true, target: true, expiresAt: true },
    where: and(eq(schema.shortLinks.siteId, input.siteId), eq(schema.shortLinks.token, input.token)),
  });
  if (!link || safeRedirectPath(link.target, "") !== link.target || (link.expiresAt && link.expiresAt <= input.now)) return null;
  await db.insert(schema.shortLinkClicks).values({ linkId: link.id, createdAt: input.now });
  // A target is a path of the same site (with its query), never another origin.
  return link.target;
}
