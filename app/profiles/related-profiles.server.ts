/**
 * Related profiles on a profile page (product.md §2): members like the one being viewed — same
 * region first, then the same country — born within 8 years of them, of the gender the viewer looks
 * for (a visitor: the viewed member's gender), visible to the viewer, newest active members first.
 *
 * Each (scope, gender) pair is one query in id order, which the search indexes
 * (`profiles_search_region`, `profiles_search`) serve directly and stop after six rows; a single
 * query over several genders or ranked by "same region" would sort the whole region or country.
 * All of them travel in one batch.
 */
import { and, desc, eq, gte, lte, ne, type SQL } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { shiftYears } from "~/profiles/age";
import { toProfileCard, visibleCards, type ProfileCard } from "~/profiles/profile-card.server";
import type { Gender } from "~/profiles/profile-schema";

export const RELATED_PROFILES = 6;
export const RELATED_AGE_BAND_YEARS = 8;

const { profiles } = schema;

export async function relatedProfiles(
  db: Database,
  input: {
    profile: { id: number; country: string; regionId: number | null; birthDate: string };
    viewerProfileId: number | null;
    genders: Gender[];
    siteId: number;
    now: Date;
  },
): Promise<ProfileCard[]> {
  const { profile } = input;
  const query = (gender: Gender, scope: SQL) =>
    visibleCards(db, { profileId: input.viewerProfileId, siteId: input.siteId }, [
      ne(profiles.id, profile.id),
      eq(profiles.gender, gender),
      scope,
      gte(profiles.birthDate, shiftYears(profile.birthDate, -RELATED_AGE_BAND_YEARS)),
      lte(profiles.birthDate, shiftYears(profile.birthDate, RELATED_AGE_BAND_YEARS)),
    ])
      .orderBy(desc(profiles.id))
      .limit(RELATED_PROFILES);

  const scopes = [eq(profiles.country, profile.country)];
  if (profile.regionId !== null) scopes.unshift(and(eq(profiles.country, profile.country), eq(profiles.regionId, profile.regionId))!);
  const [first, ...rest] = scopes.flatMap((scope) => input.genders.map((gender) => query(gender, scope)));
  if (!first) return [];
  const results = await db.batch([first, ...rest]);

  // Region results first (newest first across genders), then the country's to fill up.
  const perScope = input.genders.length;
  const picked: ProfileCard[] = [];
  const seen = new Set<number>();
  for (let start = 0; start < results.length && picked.length < RELATED_PROFILES; start += perScope) {
    const rows = results
      .slice(start, start + perScope)
      .flat()
      .sort((a, b) => b.id - a.id);
    for (const row of rows) {
      if (picked.length === RELATED_PROFILES) break;
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      picked.push(toProfileCard(row, input.now));
    }
  }
  return picked;
}
