import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "~/i18n/translation";
import { Form } from "react-router";
import { emailChangeSchema } from "~/accounts/settings-schema";
import { FieldError, FormErrors } from "~/components/forms/FieldError";
import { Notice } from "./SettingsSection";
import { useZodForm } from "~/components/forms/use-zod-form";

/** New address (+ current password): a confirmation link goes to the new address. */
export function EmailChangeForm({
  currentEmail,
  hasPassword,
  lastResult,
  notice,
  busy,
}: {
  currentEmail: string;
  hasPassword: boolean;
  lastResult?: SubmissionResult<string[]>;
  notice?: string;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(emailChangeSchema, { id: "email-change", lastResult });
  return (
    <>
      <p>{t("settings:email.current", { email: currentEmail })}</p>
      <Notice text={notice} />
      <Form method="post" {...getFormProps(form)} className="form-stack">
        <input type="hidden" name="intent" value="email" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <div className="form-field">
          <label htmlFor={fields.newEmail.id}>{t("settings:email.newEmail")}</label>
          <input {...getInputProps(fields.newEmail, { type: "email" })} autoComplete="email" />
          <FieldError field={fields.newEmail} />
        </div>
        {hasPassword && (
          <div className="form-field">
            <label htmlFor={fields.currentPassword.id}>{t("settings:currentPassword")}</label>
            <input {...getInputProps(fields.currentPassword, { type: "password" })} autoComplete="current-password" required />
            <FieldError field={fields.currentPassword} />
          </div>
        )}
        <p className="field-hint">{t("settings:email.hint")}</p>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t("settings:email.submit")}
        </button>
      </Form>
    </>
  );
}
