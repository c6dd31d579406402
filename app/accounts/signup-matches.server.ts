/**
 * /signup-matches: right after signup, members who fit the new member — same site and country,
 * the gender they look for (and who look for theirs), visible, with an approved public main photo,
 * born within 8 years of them, most recently active first.
 */
import { and, desc, eq, gte, inArray, lte, ne, or } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { ageOn, shiftYears } from "~/profiles/age";
import { soughtGenders, type Gender, type Sexuality } from "~/profiles/profile-schema";

export const MATCH_AGE_BAND_YEARS = 8;
export const SIGNUP_MATCHES = 12;

/** The sexualities of someone of `gender` who would look for a member of `seekerGender`. */
function sexualitiesLookingFor(seekerGender: Gender, gender: Gender): Sexuality[] {
  return seekerGender === gender ? [gender === "male" ? "gay" : "lesbian", "bi"] : ["hetero", "bi"];
}

export async function signupMatches(db: Database, input: { siteId: number; userId: number; now: Date }) {
  const { profiles, photos, regions } = schema;
  const me = await db.query.profiles.findFirst({ where: eq(profiles.userId, input.userId) });
  if (!me) return [];
  const groups = soughtGenders(me.gender, me.sexuality).map((gender) =>
    and(eq(profiles.gender, gender), inArray(profiles.sexuality, sexualitiesLookingFor(me.gender, gender))),
  );
  const rows = await db
    .select({
      id: profiles.id,
      name: profiles.name,
      birthDate: profiles.birthDate,
      fictional: profiles.fictional,
      region: regions.name,
      thumbKey: photos.thumbKey,
    })
    .from(profiles)
    .innerJoin(photos, and(eq(photos.id, profiles.mainPhotoId), eq(photos.status, "active"), eq(photos.private, false)))
    .leftJoin(regions, eq(regions.id, profiles.regionId))
    .where(
      and(
        eq(profiles.siteId, input.siteId),
        eq(profiles.status, "active"),
        // Confirmed and not invisible (ADR 037); a member who just signed up has blocked no one.
        eq(profiles.listed, true),
        eq(profiles.country, me.country),
        ne(profiles.id, me.id),
        // ISO dates compare as text: born at most 8 years before or after the member.
        gte(profiles.birthDate, shiftYears(me.birthDate, -MATCH_AGE_BAND_YEARS)),
        lte(profiles.birthDate, shiftYears(me.birthDate, MATCH_AGE_BAND_YEARS)),
        or(...groups),
      ),
    )
    .orderBy(desc(profiles.lastActiveAt))
    .limit(SIGNUP_MATCHES);
  return rows.map(({ birthDate, thumbKey, ...row }) => ({ ...row, age: ageOn(birthDate, input.now), photoUrl: `/${thumbKey}` }));
}
