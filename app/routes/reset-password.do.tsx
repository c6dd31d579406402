import { getFormProps, getInputProps } from "@conform-to/react";
import { useTranslation } from "~/i18n/translation";
import { data, Form, Link, redirect, useNavigation, href } from "react-router";
import type { Route } from "./+types/reset-password.do";
import { MAX_PASSWORD_INPUT } from "~/accounts/login-schema";
import { completePasswordReset, resetLinkUsable } from "~/accounts/password-reset.server";
import { MIN_NEW_PASSWORD_LENGTH, newPasswordSchema } from "~/accounts/password-reset-schema";
import { FieldError, FormErrors } from "~/components/forms/FieldError";
import { getServices, getSite } from "~/http/context.server";
import { getI18n } from "~/http/i18n.server";
import { readInput } from "~/http/forms.server";
import { authCookie } from "~/http/cookies.server";
import { getUser } from "~/http/guards.server";
import { useZodForm } from "~/components/forms/use-zod-form";
import type { ScriptsHandle } from "~/browser/page-scripts";

/** product.md §2: no entry warning on the password reset pages. A visitor gets plain HTML (ADR 032). */
export const handle = { hideEntryWarning: true, scripts: "signed-in" } satisfies ScriptsHandle & { hideEntryWarning: boolean };

const lengths = { min: MIN_NEW_PASSWORD_LENGTH, max: MAX_PASSWORD_INPUT };

/** After a new password was saved (the action's redirect): the member is signed in. */
const DONE = "done";

/**
 * The form shows only for a link that still works; the token is used by the action, not here.
 * `?done` (the action's redirect) shows the outcome to the member it signed in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const title = `${getI18n(context).t("auth:reset.newTitle")} · ${getSite(context).name}`;
  if (url.searchParams.has(DONE) && getUser(context)) return { token: null, done: true, title };
  const token = url.searchParams.get("token") ?? "";
  const { db, now } = getServices(context);
  const valid = token.length > 0 && (await resetLinkUsable(db, { token, now: now() }));
  return { token: valid ? token : null, done: false, title };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await readInput(request, newPasswordSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "passwordRepeat"] }), outcome: "invalid" as const }, { status: 400 });
  }
  const { db, env, ctx, now } = getServices(context);
  const reset = await completePasswordReset(
    { db, env, ctx },
    {
      token: submission.value.token,
      password: submission.value.password,
      request,
      now: now(),
    },
  );
  if (!reset.ok) return data({ result: null, outcome: "expired" as const }, { status: 410 });
  // A new request, signed in: the whole page (navigation and all) shows the member.
  return redirect(`${href("/reset-password/do")}?${DONE}`, { headers: { "Set-Cookie": authCookie.set(request, reset.sessionToken) } });
}

export default function ResetPasswordDo({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(newPasswordSchema, { lastResult: actionData?.result });

  if (loaderData.done) {
    return (
      <main id="main" className="container narrow section auth-page">
        <h1>{t("auth:reset.newTitle")}</h1>
        <div className="alert alert-success" role="status">
          <p>{t("auth:reset.done")}</p>
        </div>
        <p className="auth-page__links">
          <Link to={href("/")} className="btn btn-primary">
            {t("auth:reset.continue")}
          </Link>
        </p>
      </main>
    );
  }

  if (actionData?.outcome === "expired" || !loaderData.token) {
    return (
      <main id="main" className="container narrow section auth-page">
        <h1>{t("auth:reset.newTitle")}</h1>
        <div className="alert alert-danger" role="alert">
          <p>{t("messages.linkExpired")}</p>
        </div>
        <p className="auth-page__links">
          <Link to={href("/reset-password")} className="btn btn-primary">
            {t("auth:reset.requestNew")}
          </Link>
        </p>
      </main>
    );
  }

  return (
    <main id="main" className="container narrow section auth-page">
      <h1>{t("auth:reset.newTitle")}</h1>
      <Form method="post" {...getFormProps(form)} className="form-stack">
        <input type="hidden" name="token" value={loaderData.token} />
        <FormErrors errors={form.errors} id={form.errorId} />
        <div className="form-field">
          <label htmlFor={fields.password.id}>{t("auth:reset.newPassword")}</label>
          <input
            {...getInputProps(fields.password, { type: "password", ariaDescribedBy: fields.password.descriptionId })}
            autoComplete="new-password"
          />
          <p className="field-hint" id={fields.password.descriptionId}>
            {t("auth:reset.passwordHint", lengths)}
          </p>
          <FieldError field={fields.password} values={lengths} />
        </div>
        <div className="form-field">
          <label htmlFor={fields.passwordRepeat.id}>{t("auth:reset.repeatPassword")}</label>
          <input {...getInputProps(fields.passwordRepeat, { type: "password" })} autoComplete="new-password" />
          <FieldError field={fields.passwordRepeat} />
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={navigation.state === "submitting"}>
          {t("auth:reset.save")}
        </button>
      </Form>
    </main>
  );
}

/**
 * The token in the address goes to no other site. "same-origin", not "no-referrer": the form's
 * plain post (a visitor's page has no React, ADR 032) must carry its Origin, which React Router
 * checks, and a no-referrer page sends `Origin: null`.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: "referrer", content: "same-origin" }];
