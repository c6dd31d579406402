import { getFormProps, getInputProps } from "@conform-to/react";
import { useTranslation } from "~/i18n/translation";
import { data, Form, Link, redirect, useNavigation, href } from "react-router";
import type { Route } from "./+types/login";
import { loginSchema } from "~/accounts/login-schema";
import { attemptLogin } from "~/routes/login-attempt.server";
import { FieldError, FormErrors } from "~/components/forms/FieldError";
import { PasskeyLogin } from "~/components/passkeys/PasskeyLogin";
import { getSite } from "~/http/context.server";
import { getI18n } from "~/http/i18n.server";
import { HoneypotField, isHoneypotFilled } from "~/security/honeypot";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { readInput } from "~/http/forms.server";
import { getUser } from "~/http/guards.server";
import { useZodForm } from "~/components/forms/use-zod-form";
import type { ScriptsHandle } from "~/browser/page-scripts";

/** A visitor gets the page as plain HTML, without React (ADR 032). */
export const handle = { scripts: "signed-in", inlineScripts: ["passkey-login"] } satisfies ScriptsHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if (getUser(context)) throw redirect(redirectTo);
  return { redirectTo, title: `${getI18n(context).t("auth:login.title")} · ${getSite(context).name}` };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { formData, submission } = await readInput(request, loginSchema);
  const t = getI18n(context).t;
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  if (isHoneypotFilled(formData)) {
    return data({ result: submission.reply({ formErrors: [t("messages.loginFailed")], hideFields: ["password"] }) }, { status: 400 });
  }
  const attempt = await attemptLogin(context, request, submission.value);
  if (!attempt.ok) {
    return data({ result: submission.reply({ formErrors: [attempt.message], hideFields: ["password"] }) }, { status: attempt.status });
  }
  return redirect(safeRedirectPath(submission.value.redirectTo), { headers: { "Set-Cookie": attempt.cookie } });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(loginSchema, { lastResult: actionData?.result });
  return (
    <main id="main" className="container narrow section auth-page">
      <h1>{t("auth:login.title")}</h1>
      <Form method="post" {...getFormProps(form)} className="form-stack">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <HoneypotField />
        <FormErrors errors={form.errors} id={form.errorId} />
        <div className="form-field">
          <label htmlFor={fields.email.id}>{t("auth:fields.email")}</label>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="username webauthn" />
          <FieldError field={fields.email} />
        </div>
        <div className="form-field">
          <label htmlFor={fields.password.id}>{t("auth:fields.password")}</label>
          <input {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" />
          <FieldError field={fields.password} />
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={navigation.state === "submitting"}>
          {t("auth:login.submit")}
        </button>
      </Form>
      <PasskeyLogin redirectTo={loaderData.redirectTo} />
      <p className="auth-page__links">
        <Link to={href("/reset-password")}>{t("auth:login.forgot")}</Link>
      </p>
      <p className="auth-page__links">
        {t("auth:login.noAccount")} <Link to={href("/signup")}>{t("auth:login.signup")}</Link>
      </p>
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];
