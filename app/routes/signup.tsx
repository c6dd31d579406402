import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/signup";
import { signupAccountSchema } from "~/accounts/signup-schema";
import { isProfileStep } from "~/accounts/signup-steps";
import { stepView } from "~/accounts/signup-steps.server";
import { submitStep } from "~/http/signup-step.server";
import { accountFormConfig, createAccount, signupGate } from "~/accounts/signup.server";
import { AccountForm, type AccountActionData } from "~/components/signup/AccountForm";
import { InviteOnly } from "~/components/signup/InviteOnly";
import { SignupProgress } from "~/components/signup/SignupProgress";
import { SignupStepForm } from "~/components/signup/SignupStepForm";
import { getServices, getSite } from "~/http/context.server";
import { getI18n, getLocale } from "~/http/i18n.server";
import { isHoneypotFilled } from "~/security/honeypot";
import { clientIp } from "~/security/rate-limit.server";
import { readForm } from "~/http/forms.server";
import { getUser, requireUser } from "~/http/guards.server";
import { authCookie, trackingCookie, trackingOf } from "~/http/cookies.server";
import { attributeSignup } from "~/http/acquisition.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = getSite(context);
  const { db, country, now } = getServices(context);
  const user = getUser(context);
  const title = `${getI18n(context).t("signup:title")} · ${site.name}`;
  const requested = new URL(request.url).searchParams.get("step");
  if (user) {
    if (!isProfileStep(requested)) throw redirect(user.status === "not_confirmed" ? "/signup?step=photo" : "/complete-signup");
    return { kind: "step" as const, title, view: await stepView({ db, site }, user, requested) };
  }
  return {
    kind: "account" as const,
    title,
    gate: signupGate(site.settings, trackingOf(request)),
    config: accountFormConfig(site, country, now()),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  return formData.get("intent") === "account"
    ? createAccountAction(request, context, formData)
    : saveStepAction(request, context, formData);
}

/** Step 1: the account; afterwards the new member continues signed in at the photo step. */
async function createAccountAction(request: Request, context: Route.ActionArgs["context"], formData: FormData) {
  if (getUser(context)) throw redirect("/signup");
  const site = getSite(context);
  const { db, env, ctx, now } = getServices(context);
  const schema = signupAccountSchema({ minAge: site.settings.minAge, countries: site.settings.countries, today: now() });
  const submission = parseWithZod(formData, { schema });
  const hideFields = ["password"];
  const refuse = (body: AccountActionData, status: number) => data(body, { status });

  const tracking = trackingOf(request);
  // product.md §4: invite-only (or no traffic source where one is required) refuses here too, not only in the page.
  if (signupGate(site.settings, tracking) !== "open") {
    return refuse({ result: submission.reply({ formErrors: ["signup:gate.closed"], hideFields }) }, 403);
  }
  if (submission.status !== "success") return refuse({ result: submission.reply({ hideFields }) }, 400);
  if (isHoneypotFilled(formData)) return refuse({ result: submission.reply({ formErrors: ["messages.generic"], hideFields }) }, 400);

  const outcome = await createAccount({ db, env, site, now: now(), ctx }, request, {
    ...submission.value,
    locale: getLocale(context),
    tracking,
    ip: clientIp(request),
  });
  if (!outcome.ok && outcome.reason === "rate_limited") {
    return refuse({ result: submission.reply({ formErrors: ["signup:errors.tooMany"], hideFields }) }, 429);
  }
  if (!outcome.ok) {
    return refuse(
      { result: submission.reply({ fieldErrors: { email: ["messages.emailTaken"] }, hideFields }), existing: outcome.existing },
      409,
    );
  }
  const headers = new Headers();
  headers.append("Set-Cookie", authCookie.set(request, outcome.sessionToken));
  if (tracking) headers.append("Set-Cookie", trackingCookie.clear(request));
  await attributeSignup(context, request, outcome.userId, headers);
  return redirect("/signup?step=photo", { headers });
}

async function saveStepAction(request: Request, context: Route.ActionArgs["context"], formData: FormData) {
  const user = requireUser(context, request);
  const step = formData.get("step");
  if (!isProfileStep(step)) throw redirect("/signup");
  const outcome = await submitStep({ db: getServices(context).db, site: getSite(context) }, user, step, formData);
  if (outcome.status === "invalid") return data({ result: outcome.result }, { status: 400 });
  return redirect(`/signup?step=${outcome.next}`);
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (loaderData.kind === "step") {
    return (
      <main id="main" className="container narrow section signup-page">
        <SignupProgress step={loaderData.view.step} />
        <SignupStepForm key={loaderData.view.step} view={loaderData.view} actionData={actionData} finishTo="/signup-matches" />
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
