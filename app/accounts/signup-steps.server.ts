/**
 * The signup steps after the account (photo, location, personal info, about me, push opt-in,
 * completion): what each shows and how each is saved. Used by /signup and /complete-signup.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { and, eq } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/current-user.server";
import { nextStep, profileSteps, type ProfileStep, type StepView } from "~/accounts/signup-steps";
import { schema, type Database } from "~/db/client.server";
import { profileFieldColumn, visibleProfileFields, type ProfileField } from "~/profiles/profile-fields";
import { aboutSchema, locationSchema, MAX_ABOUT_ME, personalSchema } from "~/profiles/profile-schema";
import { listRegions } from "~/sites/public-settings.server";
import type { Site } from "~/sites/site.server";

type StepDeps = { db: Database; site: Site };

async function profileOf(db: Database, userId: number) {
  const profile = await db.query.profiles.findFirst({ where: eq(schema.profiles.userId, userId) });
  if (!profile) throw new Error(`user ${userId} has no profile`);
  return profile;
}

/** The profile fields this site shows (setting `visible_profile_fields`), in their fixed order. */
function visibleFields(site: Site): ProfileField[] {
  return visibleProfileFields(site.settings.visibleProfileFields);
}

export async function stepView({ db, site }: StepDeps, user: CurrentUser, step: ProfileStep): Promise<StepView> {
  switch (step) {
    case "photo":
      return { step, photoLimit: user.paidUser ? site.settings.premiumPhotoLimit : site.settings.freePhotoLimit };
    case "location": {
      const profile = await profileOf(db, user.id);
      const regions = await listRegions(db, [profile.country]);
      return {
        step,
        country: profile.country,
        regions: (regions[profile.country] ?? []).map(({ id, name }) => ({ id, name })),
        regionId: profile.regionId,
      };
    }
    case "personal": {
      const profile = await profileOf(db, user.id);
      const values: Partial<Record<ProfileField, string>> = {};
      for (const field of visibleFields(site)) {
        const value = profile[profileFieldColumn[field]];
        if (value) values[field] = value;
      }
      return { step, fields: visibleFields(site), values };
    }
    case "about":
      return { step, aboutMe: (await profileOf(db, user.id)).aboutMe ?? "", maxLength: MAX_ABOUT_ME };
    case "push":
      return { step, vapidPublicKey: site.settings.vapidPublicKey };
    case "done":
      return { step, email: user.email, confirmed: user.status === "confirmed" };
  }
}

/**
 * The steps a member has not done yet, for /complete-signup: no main photo, no region, none of
 * the personal fields, no about-me text, no push subscription (when the site has a push key);
 * always ending with the completion step.
 */
export async function unfinishedSteps({ db, site }: StepDeps, user: CurrentUser): Promise<ProfileStep[]> {
  const [profile, subscription] = await Promise.all([
    profileOf(db, user.id),
    db.query.pushSubscriptions.findFirst({ columns: { id: true }, where: eq(schema.pushSubscriptions.userId, user.id) }),
  ]);
  const fields = visibleFields(site);
  const open: Record<ProfileStep, boolean> = {
    photo: profile.mainPhotoId === null,
    location: profile.regionId === null,
    personal: fields.length > 0 && fields.every((field) => !profile[profileFieldColumn[field]]),
    about: !profile.aboutMe?.trim(),
    push: Boolean(site.settings.vapidPublicKey) && !subscription,
    done: true,
  };
  return profileSteps.filter((step) => open[step]);
}

export type StepSubmission = { status: "saved"; next: ProfileStep } | { status: "invalid"; result: SubmissionResult<string[]> };

/**
 * Saves a step's form (intent "save") or passes over it (intent "skip"); every step may be
 * skipped. `steps` is the sequence being walked, whose next step follows.
 */
export async function submitStep(
  { db, site }: StepDeps,
  user: CurrentUser,
  step: ProfileStep,
  formData: FormData,
  steps: readonly ProfileStep[] = profileSteps,
): Promise<StepSubmission> {
  const saved = { status: "saved", next: nextStep(step, steps) } as const;
  if (formData.get("intent") === "skip") return saved;

  switch (step) {
    case "location": {
      const submission = parseWithZod(formData, { schema: locationSchema });
      if (submission.status !== "success") return { status: "invalid", result: submission.reply() };
      const profile = await profileOf(db, user.id);
      const region = await db.query.regions.findFirst({
        columns: { id: true },
        where: and(eq(schema.regions.id, submission.value.region), eq(schema.regions.country, profile.country)),
      });
      if (!region) return { status: "invalid", result: submission.reply({ fieldErrors: { region: ["signup:errors.regionRequired"] } }) };
      await db.update(schema.profiles).set({ regionId: region.id }).where(eq(schema.profiles.id, profile.id));
      return saved;
    }
    case "personal": {
      const submission = parseWithZod(formData, { schema: personalSchema });
      if (submission.status !== "success") return { status: "invalid", result: submission.reply() };
      const changes: Partial<Record<(typeof profileFieldColumn)[ProfileField], string | null>> = {};
      for (const field of visibleFields(site)) changes[profileFieldColumn[field]] = submission.value[field] ?? null;
      if (Object.keys(changes).length > 0) {
        await db.update(schema.profiles).set(changes).where(eq(schema.profiles.userId, user.id));
      }
      return saved;
    }
    case "about": {
      const submission = parseWithZod(formData, { schema: aboutSchema });
      if (submission.status !== "success") return { status: "invalid", result: submission.reply() };
      await db
        .update(schema.profiles)
        .set({ aboutMe: submission.value.about_me || null })
        .where(eq(schema.profiles.userId, user.id));
      return saved;
    }
    // Photos arrive with the profile editor, the push subscription is stored by the browser
    // (POST /api/user.php?push=1) and the completion step has nothing to save.
    case "photo":
    case "push":
    case "done":
      return saved;
  }
}
