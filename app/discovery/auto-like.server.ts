/**
 * The like modal's auto-like (product.md §2, §7 `GET /api/auto-like.php`): a profile that fits the
 * member likes them, and the modal shows it. Only the site's fictional profiles (product.md §10:
 * operated by the site and marked everywhere) are used — never a real member, who did not choose to
 * like anyone — and only those the member may see, with an approved photo, who have not liked the
 * member yet and whom the member has not liked (an auto-like never makes a match).
 * At most `AUTO_LIKES_PER_DAY` a day per member (site time zone), so reloading the page with `?t=`
 * does not pile up likes.
 */
import { desc, eq, isNotNull, sql } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { toProfileCard, visibleCards, type ProfileCard } from "~/profiles/profile-card.server";
import { startOfDay } from "~/utils/day";
import { fitCondition, type DiscoveryMember } from "./member.server";

const { profiles, photos, likes } = schema;

export const AUTO_LIKES_PER_DAY = 3;
/** The auto-liker is picked at random among this many recently active candidates. */
const CANDIDATES = 20;

export async function autoLike(
  db: Database,
  input: { member: DiscoveryMember; now: Date; timeZone: string; random?: () => number },
): Promise<ProfileCard | null> {
  const { member, now } = input;
  const dayStart = Math.floor(startOfDay(now, input.timeZone).getTime() / 1000);
  const autoLikesToday = sql`(SELECT count(*) FROM ${likes} WHERE liked_id = ${member.id} AND source = 'auto' AND created_at >= ${dayStart})`;
  const [today] = await db.all<{ n: number }>(sql`SELECT ${autoLikesToday} AS n`);
  if (Number(today?.n ?? 0) >= AUTO_LIKES_PER_DAY) return null;

  const rows = await visibleCards(db, { profileId: member.id, siteId: member.siteId }, [
    isNotNull(photos.id),
    eq(profiles.fictional, true),
    fitCondition(member),
    sql`NOT EXISTS (SELECT 1 FROM ${likes} WHERE (${likes.likerId} = ${profiles.id} AND ${likes.likedId} = ${member.id}) OR (${likes.likerId} = ${member.id} AND ${likes.likedId} = ${profiles.id}))`,
  ])
    .orderBy(desc(profiles.lastActiveAt))
    .limit(CANDIDATES);
  const picked = rows[Math.floor((input.random ?? Math.random)() * rows.length)];
  if (!picked) return null;
  // The count, and that the member has not liked this profile meanwhile (an auto-like never makes a
  // match), are checked again in the INSERT itself: parallel requests cannot pass them together.
  const stored = await db.run(sql`
    INSERT INTO ${likes} (liker_id, liked_id, source, created_at)
    SELECT ${picked.id}, ${member.id}, 'auto', ${Math.floor(now.getTime() / 1000)}
    WHERE ${autoLikesToday} < ${AUTO_LIKES_PER_DAY}
      AND NOT EXISTS (SELECT 1 FROM ${likes} WHERE liker_id = ${member.id} AND liked_id = ${picked.id})
    ON CONFLICT (liker_id, liked_id) DO NOTHING`);
  return stored.rowsAffected > 0 ? toProfileCard(picked, now) : null;
}
