/**
 * The members a lander shows (product.md §10 "Landers"): real, visible members of the site with an
 * approved public photo, picked by the lander's niche, most recently active first. When a niche has
 * too few of them, the niche's gender fills up, then anyone visible: a lander is never empty while
 * the site has members. Regions for the map are counts per region, never anyone's position.
 */
import { and, count, desc, eq, gte, inArray, isNotNull, lte, sql, type SQL } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { shiftYears } from "~/profiles/age";
import { cardColumns, cardJoins, toProfileCard, type ProfileCard } from "~/profiles/profile-card.server";
import { visibleTo } from "~/profiles/visibility.server";
import type { Niche } from "./lander-slug";

const { profiles, photos, regions, profileInterests, interests } = schema;

export const LANDER_MEMBERS = 12;

/** Born on or before this date: at least `years` old on `now`. */
const atLeast = (years: number, now: Date) => lte(profiles.birthDate, shiftYears(now.toISOString().slice(0, 10), -years));
/** Born after this date: younger than `years` on `now`. */
const under = (years: number, now: Date) => gte(profiles.birthDate, shiftYears(now.toISOString().slice(0, 10), -years));

const withInterest = (keys: string[]) =>
  sql`EXISTS (SELECT 1 FROM ${profileInterests} INNER JOIN ${interests} ON ${interests.id} = ${profileInterests.interestId}
       WHERE ${profileInterests.profileId} = ${profiles.id} AND ${inArray(interests.key, keys)})`;

/** The gender a niche shows: men on the gay niche, women on the others. */
export function nicheGender(niche: Niche): "male" | "female" {
  return niche === "gay" ? "male" : "female";
}

/** Who fits a niche, beyond its gender. */
function nicheConditions(niche: Niche, now: Date): SQL[] {
  switch (niche) {
    case "gay":
      return [inArray(profiles.sexuality, ["gay", "bi"])];
    case "bdsm":
      return [withInterest(["bondage", "sadomasochism"])];
    case "bbw":
      return [inArray(profiles.bodyType, ["curvy", "full_figured"])];
    case "gilf":
      return [atLeast(60, now)];
    case "milf":
      return [atLeast(35, now), under(60, now)];
    case "she":
    case "plain":
      return [];
  }
}

type Scope = { siteId: number; viewerProfileId: number | null; now: Date };

async function cards(db: Database, scope: Scope, conditions: (SQL | undefined)[], limit: number) {
  const rows = await db
    .select(cardColumns)
    .from(profiles)
    .innerJoin(photos, cardJoins.photo)
    .leftJoin(regions, cardJoins.region)
    .where(and(visibleTo(scope.viewerProfileId, scope.siteId), isNotNull(profiles.mainPhotoId), ...conditions))
    .orderBy(desc(profiles.lastActiveAt))
    .limit(limit);
  return rows.map((row) => toProfileCard(row, scope.now));
}

/**
 * Up to `limit` members for a niche: the niche first, then its gender, then anyone visible. The
 * three are read together, each up to `limit` (one round trip, ADR 056): a wider one always holds
 * enough members the narrower ones did not show.
 */
export async function landerMembers(db: Database, scope: Scope & { niche: Niche }, limit = LANDER_MEMBERS): Promise<ProfileCard[]> {
  const gender = eq(profiles.gender, nicheGender(scope.niche));
  const niche = nicheConditions(scope.niche, scope.now);
  const tiers = await Promise.all(
    [...(niche.length > 0 ? [[gender, ...niche]] : []), [gender], []].map((conditions) => cards(db, scope, conditions, limit)),
  );
  const found = new Map<number, ProfileCard>();
  for (const card of tiers.flat()) if (found.size < limit && !found.has(card.id)) found.set(card.id, card);
  return [...found.values()];
}

export type RegionCount = { name: string; country: string; latitude: number; longitude: number; members: number };

/**
 * Active members of the niche's gender per region of the site's countries, largest first, for the
 * map lander. A region's centre comes from the region table (shipped data), never from a member.
 */
export async function membersPerRegion(db: Database, input: { siteId: number; niche: Niche; countries: string[] }): Promise<RegionCount[]> {
  const rows = await db
    .select({
      name: regions.name,
      country: regions.country,
      latitude: regions.latitude,
      longitude: regions.longitude,
      members: count(profiles.id),
    })
    .from(profiles)
    .innerJoin(regions, eq(regions.id, profiles.regionId))
    .where(
      and(
        eq(profiles.siteId, input.siteId),
        eq(profiles.status, "active"),
        eq(profiles.gender, nicheGender(input.niche)),
        inArray(regions.country, input.countries),
      ),
    )
    .groupBy(regions.id)
    .orderBy(desc(count(profiles.id)));
  return rows;
}
