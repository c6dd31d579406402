/**
 * The signup steps after the account (photo, location, personal info, about me, push opt-in,
 * completion): what each shows and how each is saved. Used by /signup and /complete-signup.
 */
import { and, eq } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/current-user.server";
import type { z } from "zod";
import { profileSteps, type ProfileStep, type StepView } from "~/accounts/signup-steps";
import { schema, type Database } from "~/db/client.server";
import { countryNames } from "~/i18n/format";
import { listOwnPhotos } from "~/photos/photos.server";
import { profileFieldColumn, visibleProfileFields, type ProfileField } from "~/profiles/profile-fields";
import { MAX_ABOUT_ME, type aboutSchema, type locationSchema, type personalSchema } from "~/profiles/profile-schema";
import { listRegions } from "~/sites/public-settings.server";
import type { RegionData } from "~/sites/regions";
import type { OwnPhoto } from "~/photos/photo-api";
import type { Site } from "~/sites/site.server";

export type StepDeps = { db: Database; site: Site };
/** What a step's view also needs: the member's language, for the names written on the server. */
export type StepViewDeps = StepDeps & { language: string };

async function profileOf(db: Database, userId: number) {
  const profile = await db.query.profiles.findFirst({ where: eq(schema.profiles.userId, userId) });
  if (!profile) throw new Error(`user ${userId} has no profile`);
  return profile;
}

/** The profile fields this site shows (setting `visible_profile_fields`), in their fixed order. */
function visibleFields(site: Site): ProfileField[] {
  return visibleProfileFields(site.settings.visibleProfileFields);
}

type ProfileRow = Awaited<ReturnType<typeof profileOf>>;

/**
 * What the steps show, read in one round trip (ADR 056): the profile, the push subscription, and
 * for the steps in `shown` the member's photos and their country's regions, keyed by the profile
 * the session read.
 */
export type StepData = { profile: ProfileRow; subscribed: boolean; photos: OwnPhoto[] | null; regions: RegionData | null };

export async function readStepData({ db }: StepDeps, user: CurrentUser, shown: readonly ProfileStep[]): Promise<StepData> {
  const [profile, subscription, photos, regions] = await Promise.all([
    profileOf(db, user.id),
    db.query.pushSubscriptions.findFirst({ columns: { id: true }, where: eq(schema.pushSubscriptions.userId, user.id) }),
    shown.includes("photo") && user.profile ? listOwnPhotos(db, user.profile.id) : null,
    shown.includes("location") && user.profile ? listRegions(db, [user.profile.country]) : null,
  ]);
  return { profile, subscribed: Boolean(subscription), photos, regions };
}

/** The step `step` shows; `data` is what `readStepData` read already (else it is read now). */
export async function stepView(deps: StepViewDeps, user: CurrentUser, step: ProfileStep, data?: StepData): Promise<StepView> {
  const { db, site } = deps;
  const read = data ?? (await readStepData(deps, user, [step]));
  const { profile } = read;
  switch (step) {
    case "photo":
      // The same uploader as /profile (PhotoManager over /api/photos.php), so it needs the member's photos.
      return {
        step,
        photoLimit: user.paidUser ? site.settings.premiumPhotoLimit : site.settings.freePhotoLimit,
        photos: read.photos ?? (await listOwnPhotos(db, profile.id)),
        isPremium: user.paidUser,
      };
    case "location": {
      const regions = read.regions?.[profile.country] ? read.regions : await listRegions(db, [profile.country]);
      const [country] = countryNames([profile.country], deps.language);
      return {
        step,
        country: country!,
        regions: (regions[profile.country] ?? []).map(({ id, name }) => ({ id, name })),
        regionId: profile.regionId,
      };
    }
    case "personal": {
      const values: Partial<Record<ProfileField, string>> = {};
      for (const field of visibleFields(site)) {
        const value = profile[profileFieldColumn[field]];
        if (value) values[field] = value;
      }
      return { step, fields: visibleFields(site), values };
    }
    case "about":
      return { step, aboutMe: profile.aboutMe ?? "", maxLength: MAX_ABOUT_ME };
    case "push":
      return { step, vapidPublicKey: site.settings.vapidPublicKey };
    case "done": {
      // "Your profile is all set" only when it is: the push opt-in is not part of the profile.
      const open = openSteps(site, read);
      return {
        step,
        email: user.email,
        confirmed: user.status === "confirmed",
        complete: open.every((left) => left === "done" || left === "push"),
      };
    }
  }
}

/**
 * The steps a member has not done yet, for /complete-signup: no main photo, no region, none of
 * the personal fields, no about-me text, no push subscription (when the site has a push key);
 * always ending with the completion step.
 */
export async function unfinishedSteps(deps: StepDeps, user: CurrentUser): Promise<ProfileStep[]> {
  return openSteps(deps.site, await readStepData(deps, user, []));
}

/** `unfinishedSteps` of what `readStepData` read. */
export function openSteps(site: Site, { profile, subscribed }: Pick<StepData, "profile" | "subscribed">): ProfileStep[] {
  const fields = visibleFields(site);
  const open: Record<ProfileStep, boolean> = {
    photo: profile.mainPhotoId === null,
    location: profile.regionId === null,
    personal: fields.length > 0 && fields.every((field) => !profile[profileFieldColumn[field]]),
    about: !profile.aboutMe?.trim(),
    push: Boolean(site.settings.vapidPublicKey) && !subscribed,
    done: true,
  };
  return profileSteps.filter((step) => open[step]);
}

/** What each step with a form saves, as its schema parsed it. */
export type StepValues = {
  location: z.output<typeof locationSchema>;
  personal: z.output<typeof personalSchema>;
  about: z.output<typeof aboutSchema>;
};

export type SavedStep = "saved" | "unknown_region";

/** Saves a step's values to the member's profile; a region must lie in the profile's country. */
export async function saveStep<S extends keyof StepValues>(
  { db, site }: StepDeps,
  user: CurrentUser,
  step: S,
  value: StepValues[S],
): Promise<SavedStep> {
  switch (step) {
    case "location": {
      const { region: regionId } = value as StepValues["location"];
      const profile = await profileOf(db, user.id);
      const region = await db.query.regions.findFirst({
        columns: { id: true },
        where: and(eq(schema.regions.id, regionId), eq(schema.regions.country, profile.country)),
      });
      if (!region) return "unknown_region";
      await db.update(schema.profiles).set({ regionId: region.id }).where(eq(schema.profiles.id, profile.id));
      return "saved";
    }
    case "personal": {
      const personal = value as StepValues["personal"];
      const changes: Partial<Record<(typeof profileFieldColumn)[ProfileField], string | null>> = {};
      for (const field of visibleFields(site)) changes[profileFieldColumn[field]] = personal[field] ?? null;
      if (Object.keys(changes).length > 0) {
        await db.update(schema.profiles).set(changes).where(eq(schema.profiles.userId, user.id));
      }
      return "saved";
    }
    default: {
      const { about_me } = value as StepValues["about"];
      await db
        .update(schema.profiles)
        .set({ aboutMe: about_me || null })
        .where(eq(schema.profiles.userId, user.id));
      return "saved";
    }
  }
}
