import { getFormProps, getInputProps } from "@conform-to/react";
import { useTranslation } from "~/i18n/translation";
import { data, Form, Link, useNavigation, href } from "react-router";
import type { Route } from "./+types/reset-password";
import { requestPasswordReset } from "~/accounts/password-reset.server";
import { resetRequestSchema } from "~/accounts/password-reset-schema";
import { FieldError, FormErrors } from "~/components/forms/FieldError";
import { getServices, getSite } from "~/http/context.server";
import { getI18n } from "~/http/i18n.server";
import { HoneypotField, isHoneypotFilled } from "~/security/honeypot";
import { clientIp } from "~/security/rate-limit.server";
import { readInput } from "~/http/forms.server";
import { useZodForm } from "~/components/forms/use-zod-form";
import type { ScriptsHandle } from "~/browser/page-scripts";

/** product.md §2: no entry warning on the password reset pages. A visitor gets plain HTML (ADR 032). */
export const handle = { hideEntryWarning: true, scripts: "signed-in" } satisfies ScriptsHandle & { hideEntryWarning: boolean };

export async function loader({ context }: Route.LoaderArgs) {
  return { title: `${getI18n(context).t("auth:reset.title")} · ${getSite(context).name}` };
}

/**
 * Every address gets the same answer (ADR 010); only the limits speak, and they count requests
 * per address whether or not an account exists.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { formData, submission } = await readInput(request, resetRequestSchema);
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  // A filled honeypot looks exactly like success and sends nothing.
  if (isHoneypotFilled(formData)) return { result: submission.reply({ resetForm: true }), sent: true };

  const { db, env, ctx, now } = getServices(context);
  const outcome = await requestPasswordReset(
    { db, env, ctx, site: getSite(context), now: now() },
    { email: submission.value.email, ip: clientIp(request), request },
  );
  if (outcome === "too_many") {
    return data({ result: submission.reply({ formErrors: [getI18n(context).t("messages.tooManyResets")] }), sent: false }, { status: 429 });
  }
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(resetRequestSchema, { lastResult: actionData?.result });
  return (
    <main id="main" className="container narrow section auth-page">
      <h1>{t("auth:reset.title")}</h1>
      {actionData?.sent ? (
        <div className="alert alert-success" role="status">
          <p>{t("auth:reset.sent")}</p>
        </div>
      ) : (
        <p>{t("auth:reset.intro")}</p>
      )}
      <Form method="post" {...getFormProps(form)} className="form-stack">
        <HoneypotField />
        <FormErrors errors={form.errors} id={form.errorId} />
        <div className="form-field">
          <label htmlFor={fields.email.id}>{t("auth:fields.email")}</label>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
          <FieldError field={fields.email} />
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={navigation.state === "submitting"}>
          {t("auth:reset.submit")}
        </button>
      </Form>
      <p className="auth-page__links">
        <Link to={href("/login")}>{t("auth:reset.backToLogin")}</Link>
      </p>
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];
