/**
 * The member's own profile on /profile: what the editor shows and how it is saved. The rules are
 * the signup's (profile-schema.ts); the server adds what only it can check (the region belongs to
 * the chosen country).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { profileFieldColumn, visibleProfileFields, type ProfileField } from "~/profiles/profile-fields";
import { latestBirthDate, seekingOf, sexualityOf, type InterestKey, type ProfileEdit } from "~/profiles/profile-schema";
import { listRegions } from "~/sites/public-settings.server";
import type { RegionData } from "~/sites/regions";
import type { SiteSettings } from "~/sites/site-settings";
import { countryNames } from "~/i18n/format";

const { profiles, profileInterests, interests } = schema;

/** What the editor needs from the server (the /profile loader). */
export type ProfileEditorConfig = {
  minAge: number;
  /** The server's date (YYYY-MM-DD), so browser and server judge an age on the same day. */
  today: string;
  maxBirthDate: string;
  /** The site's countries with their names in the member's language (named here: ICU's first use would cost the phone a long task). */
  countries: { code: string; name: string }[];
  regions: RegionData;
  /** The personal fields this site shows (`visible_profile_fields`). */
  fields: ProfileField[];
  /** The member's own address: the profile name must differ from it (product.md §5). */
  email: string;
};

/** The form's current values, as strings the way the form holds them. */
export type ProfileEditorValues = {
  name: string;
  gender: "male" | "female";
  seeking: "male" | "female" | "both";
  date_of_birth: string;
  country: string;
  region: string;
  about_me: string;
  interests: InterestKey[];
} & Partial<Record<ProfileField, string>>;

export async function ownProfileEditor(
  db: Database,
  input: { profileId: number; email: string; settings: SiteSettings; now: Date; language: string },
): Promise<{ config: ProfileEditorConfig; values: ProfileEditorValues } | null> {
  const { settings, now } = input;
  const [profile, interestRows, regions] = await Promise.all([
    db.query.profiles.findFirst({ where: eq(profiles.id, input.profileId) }),
    db
      .select({ key: interests.key })
      .from(profileInterests)
      .innerJoin(interests, eq(interests.id, profileInterests.interestId))
      .where(eq(profileInterests.profileId, input.profileId))
      .orderBy(asc(interests.position)),
    listRegions(db, settings.countries),
  ]);
  if (!profile) return null;
  const fields = visibleProfileFields(settings.visibleProfileFields);
  const personal: Partial<Record<ProfileField, string>> = {};
  for (const field of fields) {
    const value = profile[profileFieldColumn[field]];
    if (value) personal[field] = value;
  }
  return {
    config: {
      minAge: settings.minAge,
      today: now.toISOString().slice(0, 10),
      maxBirthDate: latestBirthDate(settings.minAge, now),
      countries: countryNames(settings.countries, input.language),
      regions,
      fields,
      email: input.email,
    },
    values: {
      name: profile.name,
      gender: profile.gender,
      seeking: seekingOf(profile.gender, profile.sexuality),
      date_of_birth: profile.birthDate,
      country: profile.country,
      region: profile.regionId ? String(profile.regionId) : "",
      about_me: profile.aboutMe ?? "",
      interests: interestRows.map((row) => row.key as InterestKey),
      ...personal,
    },
  };
}

/** Saves the editor's values (`profileEditSchema`): every field at once, interests replaced as a set. */
export async function saveOwnProfile(
  db: Database,
  input: { profileId: number; settings: SiteSettings; value: ProfileEdit },
): Promise<"saved" | "unknown_region"> {
  const { settings, value } = input;

  if (value.region !== undefined) {
    const region = await db.query.regions.findFirst({
      columns: { id: true },
      where: and(eq(schema.regions.id, value.region), eq(schema.regions.country, value.country)),
    });
    if (!region) return "unknown_region";
  }

  const interestIds = value.interests?.length
    ? await db.select({ id: interests.id }).from(interests).where(inArray(interests.key, value.interests))
    : [];
  await db.batch([
    db.update(profiles).set(profileChanges(value, settings)).where(eq(profiles.id, input.profileId)),
    db.delete(profileInterests).where(eq(profileInterests.profileId, input.profileId)),
    ...(interestIds.length
      ? [db.insert(profileInterests).values(interestIds.map(({ id }) => ({ profileId: input.profileId, interestId: id })))]
      : []),
  ]);
  return "saved";
}

function profileChanges(value: ProfileEdit, settings: SiteSettings) {
  const personal: Partial<Record<(typeof profileFieldColumn)[ProfileField], string | null>> = {};
  // Only the fields the site shows are in the form; the others keep what they hold.
  for (const field of visibleProfileFields(settings.visibleProfileFields)) personal[profileFieldColumn[field]] = value[field] ?? null;
  return {
    name: value.name,
    gender: value.gender,
    sexuality: sexualityOf(value.gender, value.seeking),
    birthDate: value.date_of_birth,
    country: value.country,
    regionId: value.region ?? null,
    aboutMe: value.about_me || null,
    ...personal,
  };
}
