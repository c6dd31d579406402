/**
 * Likes and matches (product.md §10): a like that is returned is a match; the member who completes
 * it sees the match at once. Liking is idempotent; unliking removes the like and any match it made.
 * Free members get `dailySwipeLikes` swipe-game likes per day, counted in the site's time zone.
 */
import { and, count, eq, gte, or, sql, type SQL } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { visibleTo } from "~/profiles/visibility.server";
import { startOfDay, startOfNextDay } from "~/utils/day";

export { startOfDay, startOfNextDay };

const { likes, matches, profiles } = schema;

export type LikeSource = "profile" | "swipe" | "match_finder" | "auto";

/**
 * `matchedNow`: this like completed the match (the member who completes it sees the match modal);
 * `created`: the like is new (not a repeat), so the liked member hears of it.
 */
export type LikeOutcome =
  | { status: "liked"; matched: boolean; matchedNow: boolean; matchId: number | null; created: boolean }
  | { status: "not_found" }
  | { status: "limit_reached"; resetsAt: Date };

function orderedPair(a: number, b: number) {
  return a < b ? { profileAId: a, profileBId: b } : { profileAId: b, profileBId: a };
}

/** Swipe-game likes a member gave today (site time zone). */
export async function swipeLikesToday(db: Database, likerProfileId: number, now: Date, timeZone: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(likes)
    .where(and(eq(likes.likerId, likerProfileId), eq(likes.source, "swipe"), gte(likes.createdAt, startOfDay(now, timeZone))));
  return row?.n ?? 0;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * True while the liker has fewer than `perDay` swipe likes today. It is part of the INSERT itself,
 * so twenty likes sent side by side cannot all read "3 used" and all be stored.
 */
function underDailySwipeLimit(likerProfileId: number, limit: { perDay: number; timeZone: string }, now: Date): SQL {
  return sql`(SELECT count(*) FROM ${likes}
    WHERE liker_id = ${likerProfileId} AND source = 'swipe' AND created_at >= ${seconds(startOfDay(now, limit.timeZone))}) < ${limit.perDay}`;
}

export async function likeProfile(
  db: Database,
  input: {
    likerProfileId: number;
    likedProfileId: number;
    siteId: number;
    source: LikeSource;
    now: Date;
    /** Set for free members playing the swipe game: their daily allowance and the site's time zone. */
    swipeLimit?: { perDay: number; timeZone: string };
  },
): Promise<LikeOutcome> {
  const target = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, input.likedProfileId), visibleTo(input.likerProfileId, input.siteId)))
    .limit(1);
  if (target.length === 0) return { status: "not_found" };

  const { likerProfileId: liker, likedProfileId: liked, swipeLimit, now } = input;
  const pair = orderedPair(liker, liked);
  const [inserted, liking, madeMatch, matchRows] = await db.batch([
    // Idempotent: liking twice keeps the first like (and counts once against the daily limit).
    db.run(sql`
      INSERT INTO ${likes} (liker_id, liked_id, source, created_at)
      SELECT ${liker}, ${liked}, ${input.source}, ${seconds(now)}
      WHERE ${swipeLimit ? underDailySwipeLimit(liker, swipeLimit, now) : sql`1`}
      ON CONFLICT (liker_id, liked_id) DO NOTHING`),
    db
      .select({ likerId: likes.likerId })
      .from(likes)
      .where(and(eq(likes.likerId, liker), eq(likes.likedId, liked))),
    // A returned like makes a match (once per pair).
    db.run(sql`
      INSERT INTO matches (profile_a_id, profile_b_id, created_at)
      SELECT ${pair.profileAId}, ${pair.profileBId}, ${seconds(now)}
      WHERE EXISTS (SELECT 1 FROM likes WHERE liker_id = ${liked} AND liked_id = ${liker})
        AND EXISTS (SELECT 1 FROM likes WHERE liker_id = ${liker} AND liked_id = ${liked})
      ON CONFLICT (profile_a_id, profile_b_id) DO NOTHING`),
    db
      .select({ id: matches.id })
      .from(matches)
      .where(and(eq(matches.profileAId, pair.profileAId), eq(matches.profileBId, pair.profileBId))),
  ]);
  // No like after the insert: the daily limit refused it.
  if (liking.length === 0 && swipeLimit) return { status: "limit_reached", resetsAt: startOfNextDay(now, swipeLimit.timeZone) };
  const matchId = matchRows[0]?.id ?? null;
  return {
    status: "liked",
    matched: matchId !== null,
    matchedNow: madeMatch.rowsAffected > 0,
    matchId,
    created: inserted.rowsAffected > 0,
  };
}

export async function unlikeProfile(db: Database, input: { likerProfileId: number; likedProfileId: number }) {
  const pair = orderedPair(input.likerProfileId, input.likedProfileId);
  await db.batch([
    db.delete(likes).where(and(eq(likes.likerId, input.likerProfileId), eq(likes.likedId, input.likedProfileId))),
    db.delete(matches).where(and(eq(matches.profileAId, pair.profileAId), eq(matches.profileBId, pair.profileBId))),
  ]);
}

/** The like relation between the viewer and another member, for buttons and badges. */
export async function likeRelation(db: Database, viewerProfileId: number, otherProfileId: number) {
  const rows = await db
    .select({ likerId: likes.likerId })
    .from(likes)
    .where(
      or(
        and(eq(likes.likerId, viewerProfileId), eq(likes.likedId, otherProfileId)),
        and(eq(likes.likerId, otherProfileId), eq(likes.likedId, viewerProfileId)),
      ),
    );
  const liked = rows.some((row) => row.likerId === viewerProfileId);
  const likedBy = rows.some((row) => row.likerId === otherProfileId);
  return { liked, likedBy, matched: liked && likedBy };
}
