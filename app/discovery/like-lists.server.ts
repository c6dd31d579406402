/**
 * The likes pages and the likes call: who liked me, whom I liked, my matches — only members I may
 * see (blocked, hidden and deleted members drop out), newest first, paged by keyset.
 */
import { and, count, desc, eq, lt, or, sql, type SQL } from "drizzle-orm";
import { alias, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { schema, type Database } from "~/db/client.server";
import { cardColumns, cardJoins, toProfileCard, type ProfileCard } from "~/profiles/profile-card.server";
import { visibleTo } from "~/profiles/visibility.server";
import { LIKES_API_LIMIT, type LikeTab, type LikesPayload } from "./like-api";

const { likes, matches, profiles, photos, regions } = schema;

export type LikeListItem = {
  profile: ProfileCard;
  /** They liked me and I have not viewed their profile since. */
  isNew: boolean;
  /** I like them. */
  liked: boolean;
  /** They like me. */
  likedMe: boolean;
};

/** Position after the last item of a page: its like (or match) time and the member's (or match's) id. */
export type LikeCursor = { at: number; id: number };

export function parseCursor(value: string | null): LikeCursor | null {
  const match = value ? /^(\d{1,12})\.(\d{1,15})$/.exec(value) : null;
  if (!match) return null;
  const cursor = { at: Number(match[1]), id: Number(match[2]) };
  return Number.isSafeInteger(cursor.at) && Number.isSafeInteger(cursor.id) ? cursor : null;
}

export function cursorParam(cursor: LikeCursor): string {
  return `${cursor.at}.${cursor.id}`;
}

type Scope = { viewerProfileId: number; siteId: number; now: Date };

/**
 * Rows of the likes in one direction: `received` (they like me) or `given` (I like them), newest
 * first, each with whether the like is returned and, for received likes, whether it is new.
 */
function likesQuery(db: Database, scope: Scope, direction: "received" | "given", where?: SQL) {
  const back = alias(likes, "back");
  const me = scope.viewerProfileId;
  const received = direction === "received";
  const other = received ? likes.likerId : likes.likedId;
  return db
    .select({
      card: cardColumns,
      at: likes.createdAt,
      key: other,
      isNew: likes.isNew,
      returned: sql<number>`${back.likerId} IS NOT NULL`.mapWith(Boolean),
    })
    .from(likes)
    .innerJoin(profiles, eq(profiles.id, other))
    .leftJoin(photos, cardJoins.photo)
    .leftJoin(regions, cardJoins.region)
    .leftJoin(back, received ? and(eq(back.likerId, me), eq(back.likedId, other)) : and(eq(back.likerId, other), eq(back.likedId, me)))
    .where(and(eq(received ? likes.likedId : likes.likerId, me), visibleTo(me, scope.siteId), where))
    .orderBy(desc(likes.createdAt), desc(other));
}

/** The other member of each of my matches. */
function matchOther(viewerProfileId: number) {
  return or(
    and(eq(matches.profileAId, viewerProfileId), eq(profiles.id, matches.profileBId)),
    and(eq(matches.profileBId, viewerProfileId), eq(profiles.id, matches.profileAId)),
  )!;
}

function matchesQuery(db: Database, scope: Scope, where?: SQL) {
  return db
    .select({ card: cardColumns, at: matches.createdAt, key: matches.id })
    .from(matches)
    .innerJoin(profiles, matchOther(scope.viewerProfileId))
    .leftJoin(photos, cardJoins.photo)
    .leftJoin(regions, cardJoins.region)
    .where(
      and(
        or(eq(matches.profileAId, scope.viewerProfileId), eq(matches.profileBId, scope.viewerProfileId)),
        visibleTo(scope.viewerProfileId, scope.siteId),
        where,
      ),
    )
    .orderBy(desc(matches.createdAt), desc(matches.id));
}

/** Keyset condition: strictly after the cursor in (time desc, key desc) order. */
function after(cursor: LikeCursor | null, at: AnySQLiteColumn, key: AnySQLiteColumn) {
  if (!cursor) return undefined;
  const time = new Date(cursor.at * 1000);
  return or(lt(at, time), and(eq(at, time), lt(key, cursor.id)));
}

/** One page of a likes tab; `next` continues it. */
export async function likeListPage(
  db: Database,
  input: Scope & { tab: LikeTab; cursor: LikeCursor | null; limit: number },
): Promise<{ items: LikeListItem[]; next: LikeCursor | null }> {
  const take = input.limit + 1;
  type Row = { card: Parameters<typeof toProfileCard>[0]; at: Date; key: number; isNew?: boolean; returned?: boolean };
  let rows: Row[];
  if (input.tab === "received" || input.tab === "given") {
    const other = input.tab === "received" ? likes.likerId : likes.likedId;
    rows = await likesQuery(db, input, input.tab, after(input.cursor, likes.createdAt, other)).limit(take);
  } else {
    rows = await matchesQuery(db, input, after(input.cursor, matches.createdAt, matches.id)).limit(take);
  }
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      profile: toProfileCard(row.card, input.now),
      isNew: input.tab === "received" ? Boolean(row.isNew) : false,
      liked: input.tab === "received" ? Boolean(row.returned) : true,
      likedMe: input.tab === "given" ? Boolean(row.returned) : true,
    })),
    next: rows.length > input.limit && last ? { at: Math.floor(last.at.getTime() / 1000), id: last.key } : null,
  };
}

export type LikeCounts = { received: number; given: number; matches: number; newReceived: number };

/** How many entries each tab holds, and how many received likes are new. */
export async function likeCounts(db: Database, scope: Omit<Scope, "now">): Promise<LikeCounts> {
  const visible = visibleTo(scope.viewerProfileId, scope.siteId);
  const [received, given, matched] = await db.batch([
    db
      .select({ n: count(), fresh: sql<number>`coalesce(sum(${likes.isNew}), 0)` })
      .from(likes)
      .innerJoin(profiles, eq(profiles.id, likes.likerId))
      .where(and(eq(likes.likedId, scope.viewerProfileId), visible)),
    db
      .select({ n: count() })
      .from(likes)
      .innerJoin(profiles, eq(profiles.id, likes.likedId))
      .where(and(eq(likes.likerId, scope.viewerProfileId), visible)),
    db
      .select({ n: count() })
      .from(matches)
      .innerJoin(profiles, matchOther(scope.viewerProfileId))
      .where(and(or(eq(matches.profileAId, scope.viewerProfileId), eq(matches.profileBId, scope.viewerProfileId)), visible)),
  ]);
  return {
    received: received[0]?.n ?? 0,
    given: given[0]?.n ?? 0,
    matches: matched[0]?.n ?? 0,
    newReceived: Number(received[0]?.fresh ?? 0),
  };
}

/** GET /api/likes.php (see `LikesPayload`). */
export async function likesPayload(db: Database, scope: Scope): Promise<LikesPayload> {
  const [received, given] = await Promise.all([
    likesQuery(db, scope, "received").limit(LIKES_API_LIMIT),
    likesQuery(db, scope, "given").limit(LIKES_API_LIMIT),
  ]);
  const cards = new Map<number, ProfileCard>();
  for (const row of [...received, ...given]) if (!cards.has(row.card.id)) cards.set(row.card.id, toProfileCard(row.card, scope.now));
  return {
    profiles: [...cards.values()],
    liked_by: received.map((row) => ({ id: row.card.id, like_new: row.isNew })),
    liked: given.map((row) => row.card.id),
  };
}
