/**
 * The like modal's auto-like (spec §2, §7 `GET /api/auto-like.php`): a profile that fits the member
 * likes them, and the modal shows it. Only the site's fictional profiles (PRODUCT.md: operated by
 * the site and marked everywhere) are used — never a real member, who did not choose to like
 * anyone — and only those the member may see, with an approved photo, who have not liked the
 * member yet and whom the member has not liked (an auto-like never makes a match).
 * At most `AUTO_LIKES_PER_DAY` a day per member (site time zone), so reloading the page with `?t=`
 * does not pile up likes.
 */
import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { cardColumns, cardJoins, toProfileCard, type ProfileCard } from "~/profiles/profile-card.server";
import { visibleTo } from "~/profiles/visibility.server";
import { startOfDay } from "./day";
import { fitCondition, type DiscoveryMember } from "./member.server";

const { profiles, photos, regions, likes } = schema;

export const AUTO_LIKES_PER_DAY = 3;
/** The auto-liker is picked at random among this many recently active candidates. */
const CANDIDATES = 20;

export async function autoLike(
  db: Database,
  input: { member: DiscoveryMember; now: Date; timeZone: string; random?: () => number },
): Promise<ProfileCard | null> {
  const { member, now } = input;
  const [today] = await db
    .select({ n: count() })
    .from(likes)
    .where(and(eq(likes.likedId, member.id), eq(likes.source, "auto"), gte(likes.createdAt, startOfDay(now, input.timeZone))));
  if ((today?.n ?? 0) >= AUTO_LIKES_PER_DAY) return null;

  const rows = await db
    .select(cardColumns)
    .from(profiles)
    .innerJoin(photos, cardJoins.photo)
    .leftJoin(regions, cardJoins.region)
    .where(
      and(
        visibleTo(member.id, member.siteId),
        eq(profiles.fictional, true),
        fitCondition(member),
        sql`NOT EXISTS (SELECT 1 FROM ${likes} WHERE (${likes.likerId} = ${profiles.id} AND ${likes.likedId} = ${member.id}) OR (${likes.likerId} = ${member.id} AND ${likes.likedId} = ${profiles.id}))`,
      ),
    )
    .orderBy(desc(profiles.lastActiveAt))
    .limit(CANDIDATES);
  const picked = rows[Math.floor((input.random ?? Math.random)() * rows.length)];
  if (!picked) return null;
  await db.insert(likes).values({ likerId: picked.id, likedId: member.id, source: "auto", createdAt: now }).onConflictDoNothing();
  return toProfileCard(picked, now);
}
