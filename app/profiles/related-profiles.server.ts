/**
 * Related profiles on a profile page (product.md §2): members like the one being viewed — same
 * region first, then the same country — born within 8 years of them, of the gender the viewer looks
 * for (a visitor: the viewed member's gender), visible to the viewer; members with a photo first,
 * then the newest.
 *
 * Each (scope, gender) pair is one query in (has_photo, id) order — the order of the search
 * indexes (`profiles_search_region`, `profiles_search`), which serve it directly and stop after six
 * rows (ordered by id alone, SQLite would read the whole country at a million profiles); a single
 * query over several genders or ranked by "same region" would sort the whole region or country.
 * A scope's queries travel in one batch; the country's only when the region has too few.
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
      .orderBy(desc(profiles.hasPhoto), desc(profiles.id))
      .limit(RELATED_PROFILES);

  // The region's members first (photo first, then newest, across genders); the country's only when
  // the region has too few: most profile pages then build and read half the queries.
  const scopes = [eq(profiles.country, profile.country)];
  if (profile.regionId !== null) scopes.unshift(and(eq(profiles.country, profile.country), eq(profiles.regionId, profile.regionId))!);
  const picked: ProfileCard[] = [];
  const seen = new Set<number>();
  for (const scope of scopes) {
    const [first, ...rest] = input.genders.map((gender) => query(gender, scope));
    if (!first) return [];
    const cards = (await db.batch([first, ...rest]))
      .flat()
      .map((row) => toProfileCard(row, input.now))
      .sort((a, b) => Number(b.photoUrl !== null) - Number(a.photoUrl !== null) || b.id - a.id);
    for (const card of cards) {
      if (picked.length === RELATED_PROFILES) break;
      if (seen.has(card.id)) continue;
      seen.add(card.id);
      picked.push(card);
    }
    if (picked.length === RELATED_PROFILES) break;
  }
  return picked;
}
