import { useTranslation } from "~/i18n/translation";
import { data, redirect, useNavigation, href } from "react-router";
import type { Route } from "./+types/signup";
import { isProfileStep } from "~/accounts/signup-steps";
import { stepView } from "~/accounts/signup-steps.server";
import { submitStep } from "~/routes/signup-step.server";
import { InviteOnly } from "~/components/signup/InviteOnly";
import { SignupProgress } from "~/components/signup/SignupProgress";
import { SignupStepForm } from "~/components/signup/SignupStepForm";
import { getServices, getSite } from "~/http/context.server";
import { getI18n, getLocale } from "~/http/i18n.server";
import { accountFormView, signUpWithAccountForm } from "~/routes/signup-account.server";
import { readInput } from "~/http/forms.server";
import { getUser, requireUser } from "~/http/guards.server";
import type { ScriptsHandle } from "~/browser/page-scripts";
import { lazy } from "react";

/** The account form (zod and Conform) is a visitor's, whose page is plain HTML (ADR 032): a signed-in member's step pages never load it. */
const AccountForm = lazy(() => import("~/components/signup/AccountForm").then((module) => ({ default: module.AccountForm })));

/** A visitor gets the page as plain HTML, without React (ADR 032). */
export const handle = { scripts: "signed-in" } satisfies ScriptsHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = getSite(context);
  const { db } = getServices(context);
  const user = getUser(context);
  const title = `${getI18n(context).t("signup:title")} · ${site.name}`;
  const requested = new URL(request.url).searchParams.get("step");
  if (user) {
    if (!isProfileStep(requested))
      throw redirect(user.status === "not_confirmed" ? `${href("/signup")}?step=photo` : href("/complete-signup"));
    return { kind: "step" as const, title, view: await stepView({ db, site, language: getLocale(context) }, user, requested) };
  }
  return { kind: "account" as const, title, ...accountFormView(request, context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readInput(request);
  // Step 1, the account; afterwards the new member continues signed in at the photo step.
  return formData.get("intent") === "account"
    ? signUpWithAccountForm(request, context, formData, { next: `${href("/signup")}?step=photo`, signedIn: href("/signup") })
    : saveStepAction(request, context, formData);
}

async function saveStepAction(request: Request, context: Route.ActionArgs["context"], formData: FormData) {
  const user = requireUser(context, request);
  const step = formData.get("step");
  if (!isProfileStep(step)) throw redirect(href("/signup"));
  const outcome = await submitStep({ db: getServices(context).db, site: getSite(context) }, user, step, formData);
  if (outcome.status === "invalid") return data({ result: outcome.result }, { status: 400 });
  return redirect(`${href("/signup")}?step=${outcome.next}`);
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (loaderData.kind === "step") {
    return (
      <main id="main" className="container narrow section signup-page">
        <SignupProgress step={loaderData.view.step} />
        <SignupStepForm key={loaderData.view.step} view={loaderData.view} actionData={actionData} finishTo={href("/signup-matches")} />
      </main>
    );
  }
  return (
    <main id="main" className="container narrow section signup-page">
      {loaderData.gate === "open" ? (
        <>
          <SignupProgress step="account" />
          <h1>{t("signup:account.title")}</h1>
          <p className="lead">{t("signup:account.intro")}</p>
          <AccountForm
            config={loaderData.config}
            actionData={actionData && "result" in actionData ? actionData : undefined}
            pending={navigation.state === "submitting"}
          />
        </>
      ) : (
        <InviteOnly />
      )}
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];
