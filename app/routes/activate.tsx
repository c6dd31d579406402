import { useEffect } from "react";
import { useTranslation } from "~/i18n/translation";
import { Form, redirect, useNavigation, href } from "react-router";
import type { Route } from "./+types/activate";
import { activateAccount } from "~/accounts/activation.server";
import { peekVerificationToken } from "~/accounts/verification.server";
import { getServices, getSite } from "~/http/context.server";
import { getI18n } from "~/http/i18n.server";
import { readInput } from "~/http/forms.server";
import { getUser } from "~/http/guards.server";
import { startSession } from "~/http/sessions.server";
import type { ScriptsHandle } from "~/browser/page-scripts";

/** A visitor gets the page as plain HTML, without React (ADR 032). */
export const handle = { scripts: "signed-in", inlineScripts: ["activate"] } satisfies ScriptsHandle;

/**
 * The activation link of the mail. Opening it (GET) only checks the token and shows a confirm
 * button — mail scanners that fetch links must not use it up — which the browser presses at once
 * when JavaScript runs (~/browser/activate.inline.js). Confirming (POST) activates the account and signs its owner in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, now } = getServices(context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = await peekVerificationToken(db, { token, kind: "activation", now: now() });
  if (!valid) throw redirect(href("/activate/error"));
  return { token, title: `${getI18n(context).t("signup:activate.title")} · ${getSite(context).name}` };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, now } = getServices(context);
  const token = String((await readInput(request)).get("token") ?? "");
  const outcome = await activateAccount({ db, now: now(), signupCredits: getSite(context).settings.signupCredits }, token);
  if (!outcome.ok) throw redirect(outcome.reason === "failed" ? `${href("/activate/error")}?reason=failed` : href("/activate/error"));
  const user = getUser(context);
  if (user?.id === outcome.userId) return redirect(href("/activate/done"));
  return redirect(href("/activate/done"), { headers: { "Set-Cookie": await startSession(db, outcome.userId, request, now()) } });
}

export default function Activate({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  // Pressed at once when a script runs: written into a visitor's page, loaded here on a hydrated one.
  useEffect(() => {
    void import("~/browser/activate.inline.js");
  }, []);
  return (
    <main id="main" className="container narrow section activate-page">
      <h1>{t("signup:activate.title")}</h1>
      <p className="lead">{t("signup:activate.intro")}</p>
      <Form method="post" id="activate-form">
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" className="btn btn-primary btn-lg" disabled={navigation.state !== "idle"}>
          {navigation.state !== "idle" ? t("signup:activate.confirming") : t("signup:activate.confirm")}
        </button>
      </Form>
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
