import { useTranslation } from "~/i18n/translation";
import { data, Link, redirect, href } from "react-router";
import type { Route } from "./+types/complete-signup";
import { isProfileStep, profileSteps } from "~/accounts/signup-steps";
import { openSteps, readStepData, stepView, unfinishedSteps } from "~/accounts/signup-steps.server";
import { submitStep } from "~/routes/signup-step.server";
import { SignupProgress } from "~/components/signup/SignupProgress";
import { SignupStepForm } from "~/components/signup/SignupStepForm";
import { getServices, getSite } from "~/http/context.server";
import { getI18n, getLocale } from "~/http/i18n.server";
import { readInput } from "~/http/forms.server";
import { requireUser } from "~/http/guards.server";

/** product.md §2: the entry warning is hidden on complete-signup. */
export const handle = { hideEntryWarning: true };

/**
 * The signup steps a member left open (no photo, region, personal info, about me, push), one
 * after the other; a step may also be asked for by name (`?step=location`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const site = getSite(context);
  const deps = { db: getServices(context).db, site, language: getLocale(context) };
  const requested = new URL(request.url).searchParams.get("step");
  // The steps that may be shown, as the session knows the profile: their reads go with the rest (ADR 056).
  const maybeShown = isProfileStep(requested)
    ? [requested]
    : profileSteps.filter((step) => (step === "photo" ? !user.profile?.mainPhotoThumb : step !== "location" || !user.profile?.regionId));
  const data = await readStepData(deps, user, maybeShown);
  const open = openSteps(site, data);
  // Nothing left to do: a confirmed member with a complete profile has no business here (a stale
  // link, a bookmark), so they go to the search instead of a page asking them to confirm their
  // e-mail or telling them what they already know. A step asked for by name still opens.
  const nothingLeft = open.every((left) => left === "done");
  if (nothingLeft && user.status === "confirmed" && (requested === null || requested === "done")) throw redirect(href("/members"));
  const step = isProfileStep(requested) ? requested : open[0]!;
  return {
    view: await stepView(deps, user, step, data),
    remaining: open.filter((candidate) => candidate !== "done").length,
    siteName: site.name,
    title: `${getI18n(context).t("signup:complete.title")} · ${site.name}`,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const formData = await readInput(request);
  const step = formData.get("step");
  if (!isProfileStep(step)) throw redirect(href("/complete-signup"));
  const deps = { db: getServices(context).db, site: getSite(context) };
  const outcome = await submitStep(deps, user, step, formData, await unfinishedSteps(deps, user));
  if (outcome.status === "invalid") return data({ result: outcome.result }, { status: 400 });
  return redirect(`${href("/complete-signup")}?step=${outcome.next}`);
}

export default function CompleteSignup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { view } = loaderData;
  return (
    <div className="container narrow section signup-page signup-page--complete">
      <p className="signup-page__brand">
        <Link to={href("/")}>{loaderData.siteName}</Link>
      </p>
      {view.step !== "done" && <p className="signup-page__remaining">{t("signup:complete.remaining", { count: loaderData.remaining })}</p>}
      <SignupProgress step={view.step} />
      <SignupStepForm key={view.step} view={view} actionData={actionData} finishTo={href("/")} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];
