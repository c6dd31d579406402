/**
 * The form of a signup step after the account (/signup and /complete-signup): saved with its
 * schema (intent "save") or passed over (intent "skip"; every step may be skipped). `steps` is the
 * sequence being walked, whose next step follows.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { CurrentUser } from "~/accounts/current-user.server";
import { nextStep, profileSteps, type ProfileStep } from "~/accounts/signup-steps";
import { saveStep, type StepDeps, type StepValues } from "~/accounts/signup-steps.server";
import { aboutSchema, locationSchema, personalSchema } from "~/profiles/profile-schema";

export type StepSubmission = { status: "saved"; next: ProfileStep } | { status: "invalid"; result: SubmissionResult<string[]> };

const stepSchemas = { location: locationSchema, personal: personalSchema, about: aboutSchema };

const hasForm = (step: ProfileStep): step is keyof StepValues => step in stepSchemas;

export async function submitStep(
  deps: StepDeps,
  user: CurrentUser,
  step: ProfileStep,
  formData: FormData,
  steps: readonly ProfileStep[] = profileSteps,
): Promise<StepSubmission> {
  const saved = { status: "saved", next: nextStep(step, steps) } as const;
  // Photos arrive through the photo API, the push subscription from the browser (POST
  // /api/user.php?push=1), and the completion step has nothing to save.
  if (formData.get("intent") === "skip" || !hasForm(step)) return saved;
  const submission = parseWithZod(formData, { schema: stepSchemas[step] });
  if (submission.status !== "success") return { status: "invalid", result: submission.reply() };
  const outcome = await saveStep(deps, user, step, submission.value as StepValues[typeof step]);
  if (outcome === "unknown_region") {
    return { status: "invalid", result: submission.reply({ fieldErrors: { region: ["signup:errors.regionRequired"] } }) };
  }
  return saved;
}
