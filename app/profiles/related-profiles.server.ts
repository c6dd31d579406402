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
 * Both scopes' queries travel in one batch.
 */
import { and, desc, eq, gte, lte, ne, sql, type SQL } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { toProfileCard, visibleCards, type ProfileCard } from "~/profiles/profile-card.server";
import type { Gender } from "~/profiles/profile-schema";

export const RELATED_PROFILES = 6;
export const RELATED_AGE_BAND_YEARS = 8;

const { profiles } = schema;

/**
 * The related members of a profile, by the viewed profile's id alone, so they travel in the same
 * round trip as the profile's row (ADR 047): the viewed member's country, region, birth date and (for a visitor,
 * `genders` null) gender are scalar subqueries, which SQLite evaluates once and uses in the search
 * indexes like the constants they stand for. The region's queries and the country's go in one batch
 * (the country's are read even when the region has enough: a few more index steps instead of a
 * second round trip). Nothing read is shown unless the viewed profile is visible.
 */
export async function relatedProfilesOf(
  db: Database,
  input: { profileId: number; viewerProfileId: number | null; genders: Gender[] | null; siteId: number; now: Date },
): Promise<ProfileCard[]> {
  const of = (column: "country" | "region_id" | "birth_date" | "gender") =>
    sql`(SELECT related_to.${sql.raw(column)} FROM ${profiles} related_to WHERE related_to.id = ${input.profileId})`;
  const shifted = (years: number) => sql`printf('%04d', substr(${of("birth_date")}, 1, 4) + ${years}) || substr(${of("birth_date")}, 5)`;
  const genderConditions = input.genders
    ? input.genders.map((gender) => eq(profiles.gender, gender))
    : [sql`${profiles.gender} = ${of("gender")}`];
  const query = (gender: SQL, scope: SQL) =>
    visibleCards(db, { profileId: input.viewerProfileId, siteId: input.siteId }, [
      ne(profiles.id, input.profileId),
      gender,
      scope,
      gte(profiles.birthDate, shifted(-RELATED_AGE_BAND_YEARS)),
      lte(profiles.birthDate, shifted(RELATED_AGE_BAND_YEARS)),
    ])
      .orderBy(desc(profiles.hasPhoto), desc(profiles.id))
      .limit(RELATED_PROFILES);
  const scopes = [and(eq(profiles.country, of("country")), eq(profiles.regionId, of("region_id")))!, eq(profiles.country, of("country"))];
  const queries = scopes.flatMap((scope) => genderConditions.map((gender) => query(gender, scope)));
  const [first, ...rest] = queries;
  if (!first) return [];
  const results = await db.batch([first, ...rest]);
  const picked: ProfileCard[] = [];
  const seen = new Set<number>();
  for (let scope = 0; scope < scopes.length && picked.length < RELATED_PROFILES; scope++) {
    const cards = results
      .slice(scope * genderConditions.length, (scope + 1) * genderConditions.length)
      .flat()
      .map((row) => toProfileCard(row, input.now))
      .sort((a, b) => Number(b.photoUrl !== null) - Number(a.photoUrl !== null) || b.id - a.id);
    for (const card of cards) {
      if (picked.length === RELATED_PROFILES) break;
      if (seen.has(card.id)) continue;
      seen.add(card.id);
      picked.push(card);
    }
  }
  return picked;
}
