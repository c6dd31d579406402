/**
 * Who may see whom (product.md §6, §10). One place for the rules every list and page applies:
 * a profile is visible when it is active, its member is confirmed and not invisible, and neither
 * side has blocked the other. Blocking is mutual in effect; a hidden profile answers the same 404
 * as one that does not exist.
 */
import { and, eq, ne, not, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";

const { profiles, users, blocks } = schema;

/**
 * The SQL condition for "this `profiles` row is visible to `viewerProfileId`" (null for visitors).
 * Use it in every query that lists or loads other members' profiles.
 */
export function visibleTo(viewerProfileId: number | null, siteId: number): SQL {
  const base = and(
    eq(profiles.siteId, siteId),
    eq(profiles.status, "active"),
    // The member's account is confirmed and not invisible: the database keeps this flag (ADR 037).
    eq(profiles.listed, true),
  )!;
  if (viewerProfileId === null) return base;
  return and(base, ne(profiles.id, viewerProfileId), notBlockedEitherWay(viewerProfileId))!;
}

/** The SQL condition "the viewer and the profile in `profileId` (a column) are a blocked pair". */
export function blockedPair(viewerProfileId: number, profileId: AnyColumn): SQL {
  return sql`EXISTS (SELECT 1 FROM ${blocks} WHERE (${blocks.blockerId} = ${viewerProfileId} AND ${blocks.blockedId} = ${profileId}) OR (${blocks.blockerId} = ${profileId} AND ${blocks.blockedId} = ${viewerProfileId}))`;
}

/** Neither the viewer nor this `profiles` row blocked the other. */
function notBlockedEitherWay(viewerProfileId: number): SQL {
  return not(blockedPair(viewerProfileId, profiles.id));
}

/**
 * The SQL condition for "the viewer can keep chatting with this `profiles` row": like `visibleTo`,
 * except that invisible mode does not end conversations (it hides a member from search, not from
 * the people they already talk to).
 */
export function reachableBy(viewerProfileId: number, siteId: number): SQL {
  return and(
    eq(profiles.siteId, siteId),
    eq(profiles.status, "active"),
    ne(profiles.id, viewerProfileId),
    sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${profiles.userId} AND ${users.status} = 'confirmed')`,
    notBlockedEitherWay(viewerProfileId),
  )!;
}

/** A profile the viewer may open, or null (unknown, deleted, unconfirmed, invisible or blocked). */
export async function findVisibleProfile(db: Database, input: { profileId: number; viewerProfileId: number | null; siteId: number }) {
  if (!Number.isSafeInteger(input.profileId) || input.profileId <= 0) return null;
  if (input.profileId === input.viewerProfileId) {
    return (await db.query.profiles.findFirst({ where: eq(profiles.id, input.profileId) })) ?? null;
  }
  const [row] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, input.profileId), visibleTo(input.viewerProfileId, input.siteId)))
    .limit(1);
  return row ?? null;
}
