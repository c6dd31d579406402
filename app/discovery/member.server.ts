/**
 * What discovery needs to know about the member looking (their orientation, age, place and
 * interests) and small queries shared by the likes pages, the swipe game and the match finder.
 */
import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/sqlite-core";
import { schema, type Database } from "~/db/client.server";
import { cardColumns, cardJoins, toProfileCard, visibleCards, type ProfileCard } from "~/profiles/profile-card.server";
import { visibleTo } from "~/profiles/visibility.server";
import { fittingGroups, type Orientation } from "./fit";

const { profiles, photos, regions } = schema;

export type DiscoveryMember = Orientation & {
  id: number;
  siteId: number;
  birthDate: string;
  country: string;
  regionId: number | null;
};

export async function discoveryMember(db: Database, profileId: number): Promise<DiscoveryMember | null> {
  const [row] = await db
    .select({
      id: profiles.id,
      siteId: profiles.siteId,
      gender: profiles.gender,
      sexuality: profiles.sexuality,
      birthDate: profiles.birthDate,
      country: profiles.country,
      regionId: profiles.regionId,
    })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .limit(1);
  return row ?? null;
}

/** SQL: this `profiles` row fits the member both ways (see fit.ts). */
export function fitCondition(member: Orientation): SQL {
  const groups = fittingGroups(member).map(
    (group) => and(eq(profiles.gender, group.gender), inArray(profiles.sexuality, group.sexualities))!,
  );
  return or(...groups)!;
}

type DiscoveryOrdered = { hasPhoto: boolean; lastActiveAt: Date; id: number };

/** Members with a photo first (a silhouette never leads), then the most recently active, then the newest. */
const discoveryOrder = (a: DiscoveryOrdered, b: DiscoveryOrdered) =>
  Number(b.hasPhoto) - Number(a.hasPhoto) || b.lastActiveAt.getTime() - a.lastActiveAt.getTime() || b.id - a.id;

/**
 * Up to `limit` members the member may see who fit them both ways and meet `conditions`, in the
 * swipe game's and match finder's order (`discoveryOrder`). Each fitting group (a gender and its
 * sexualities) is one query along the `profiles_discovery` index, which holds that order: ordered
 * through the photo join, or over both genders of a bisexual member at once, SQLite would sort
 * every member of the gender on the site (seconds at a million profiles). The groups travel in one
 * batch and their rows are merged here.
 */
export async function fittingInDiscoveryOrder<Extra extends SelectedFields>(
  db: Database,
  member: DiscoveryMember,
  conditions: (SQL | undefined)[],
  extra: Extra,
  limit: number,
) {
  const [first, ...rest] = fittingGroups(member).map((group) =>
    visibleCards(
      db,
      { profileId: member.id, siteId: member.siteId },
      [eq(profiles.gender, group.gender), inArray(profiles.sexuality, group.sexualities), ...conditions],
      { ...extra, hasPhoto: profiles.hasPhoto },
    )
      .orderBy(desc(profiles.hasPhoto), desc(profiles.lastActiveAt), desc(profiles.id))
      .limit(limit),
  );
  if (!first) return [];
  const pages = await db.batch([first, ...rest]);
  // Every row has the order's columns (card columns and `hasPhoto`); the generic row type hides them.
  const inOrder = (a: unknown, b: unknown) => discoveryOrder(a as DiscoveryOrdered, b as DiscoveryOrdered);
  return pages.flat().sort(inOrder).slice(0, limit);
}

/** The card of a member the viewer may see, or null. */
export async function visibleCard(
  db: Database,
  input: { profileId: number; viewerProfileId: number; siteId: number; now: Date },
): Promise<ProfileCard | null> {
  const [row] = await db
    .select(cardColumns)
    .from(profiles)
    .leftJoin(photos, cardJoins.photo)
    .leftJoin(regions, cardJoins.region)
    .where(and(eq(profiles.id, input.profileId), visibleTo(input.viewerProfileId, input.siteId)))
    .limit(1);
  return row ? toProfileCard(row, input.now) : null;
}

/** Profiles the member has not liked yet (the swipe game and the match finder offer no others). */
export function notLikedBy(memberProfileId: number): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${schema.likes} WHERE ${schema.likes.likerId} = ${memberProfileId} AND ${schema.likes.likedId} = ${schema.profiles.id})`;
}
