/**
 * The signup steps of product.md §2: account, photo, location, personal info, about me, push
 * opt-in, completion with the activation mail. Shared by /signup, /complete-signup and the progress
 * bar.
 */
import type { OwnPhoto } from "~/photos/photo-api";
import type { ProfileField } from "~/profiles/profile-fields";

export const signupSteps = ["account", "photo", "location", "personal", "about", "push", "done"] as const;
export type SignupStep = (typeof signupSteps)[number];

/** The steps after the account exists, each of which a member may skip. */
export type ProfileStep = Exclude<SignupStep, "account">;
export const profileSteps = signupSteps.filter((step): step is ProfileStep => step !== "account");

export function isProfileStep(value: unknown): value is ProfileStep {
  return typeof value === "string" && (profileSteps as readonly string[]).includes(value);
}

/** The step after `step` among `steps` (in signup order); "done" when none is left. */
export function nextStep(step: ProfileStep, steps: readonly ProfileStep[] = profileSteps): ProfileStep {
  const after = signupSteps.indexOf(step);
  return steps.find((candidate) => signupSteps.indexOf(candidate) > after) ?? "done";
}

/** What a step after the account shows (from the server). */
export type StepView =
  | { step: "photo"; photoLimit: number; photos: OwnPhoto[]; isPremium: boolean }
  /** `country`: the member's, named by the server in their language (no Intl while the page hydrates). */
  | { step: "location"; country: { code: string; name: string }; regions: { id: number; name: string }[]; regionId: number | null }
  | { step: "personal"; fields: ProfileField[]; values: Partial<Record<ProfileField, string>> }
  | { step: "about"; aboutMe: string; maxLength: number }
  | { step: "push"; vapidPublicKey: string }
  /** `complete`: no other step is left open (the profile has a photo, region, personal info, about me). */
  | { step: "done"; email: string; confirmed: boolean; complete: boolean };
