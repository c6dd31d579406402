/**
 * The swipe game (product.md §10 "Discovery and contact"): one member at a time from those who fit
 * the player both ways and whom the player has not liked yet; passes live in the page (`seen`), not
 * in the database. Free members get `dailySwipeLikes` likes a day (reset at local midnight in the
 * site's time zone); premium members are unlimited.
 */
import { notInArray, sql } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { toProfileCard, type ProfileCard } from "~/profiles/profile-card.server";
import { startOfNextDay, swipeLikesToday } from "./likes.server";
import { fittingInDiscoveryOrder, notLikedBy, type DiscoveryMember } from "./member.server";
import { formatResetTime } from "./reset-time";
import { CARD_INTERESTS, SWIPE_BATCH } from "./swipe-rules";

const { profiles } = schema;

export type SwipeCard = ProfileCard & { interests: string[] };

/**
 * A candidate's first interest keys in the catalogue's order, as a JSON array, read with the
 * candidate itself: the game waits for one round trip, not a second one for the interests (ADR 047).
 * Spelled out with aliases, as the match finder's shared interests (ADR 036).
 */
const cardInterestKeys = sql<string>`(
  SELECT json_group_array(key ORDER BY position) FROM (
    SELECT interest.key AS key, interest.position AS position
    FROM profile_interests AS theirs JOIN interests AS interest ON interest.id = theirs.interest_id
    WHERE theirs.profile_id = "profiles"."id"
    ORDER BY interest.position
    LIMIT ${CARD_INTERESTS}
  )
)`;

export async function swipeCandidates(
  db: Database,
  input: { member: DiscoveryMember; seen: number[]; now: Date; limit?: number },
): Promise<SwipeCard[]> {
  const { member } = input;
  // Members with a photo first (a silhouette never leads the game), then the most recently active.
  const rows = await fittingInDiscoveryOrder(
    db,
    member,
    [input.seen.length > 0 ? notInArray(profiles.id, input.seen) : undefined, notLikedBy(member.id)],
    { interestKeys: cardInterestKeys },
    input.limit ?? SWIPE_BATCH,
  );
  return rows.map(({ interestKeys, ...row }) => ({ ...toProfileCard(row, input.now), interests: JSON.parse(interestKeys) as string[] }));
}

export type SwipeAllowance =
  | { unlimited: true }
  | { unlimited: false; perDay: number; remaining: number; resetsAt: string; resetsAtText: string };

/** How many swipe likes the player has left today. */
export async function swipeAllowance(
  db: Database,
  input: { profileId: number; paidUser: boolean; perDay: number; timeZone: string; language: string; now: Date },
): Promise<SwipeAllowance> {
  if (input.paidUser) return { unlimited: true };
  const used = await swipeLikesToday(db, input.profileId, input.now, input.timeZone);
  const resetsAt = startOfNextDay(input.now, input.timeZone);
  return {
    unlimited: false,
    perDay: input.perDay,
    remaining: Math.max(0, input.perDay - used),
    resetsAt: resetsAt.toISOString(),
    resetsAtText: formatResetTime(resetsAt, input.language, input.timeZone),
  };
}
