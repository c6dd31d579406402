import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "~/i18n/translation";
import { Form } from "react-router";
import { passwordChangeSchema } from "~/accounts/settings-schema";
import { FieldError, FormErrors } from "~/components/forms/FieldError";
import { Notice } from "./SettingsSection";
import { useZodForm } from "~/components/forms/use-zod-form";

/** Old password, new one twice; a member signing in with passkeys only sets a first password. */
export function PasswordChangeForm({
  username,
  hasPassword,
  lastResult,
  notice,
  busy,
}: {
  username: string;
  hasPassword: boolean;
  lastResult?: SubmissionResult<string[]>;
  notice?: string;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(passwordChangeSchema, { id: "password-change", lastResult });
  return (
    <>
      {!hasPassword && <p>{t("settings:password.noPassword")}</p>}
      <Notice text={notice} />
      <Form method="post" {...getFormProps(form)} className="form-stack">
        <input type="hidden" name="intent" value="password" />
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" value={username} autoComplete="username" readOnly hidden />
        <FormErrors errors={form.errors} id={form.errorId} />
        {hasPassword && (
          <div className="form-field">
            <label htmlFor={fields.currentPassword.id}>{t("settings:password.current")}</label>
            <input {...getInputProps(fields.currentPassword, { type: "password" })} autoComplete="current-password" required />
            <FieldError field={fields.currentPassword} />
          </div>
        )}
        <div className="form-field">
          <label htmlFor={fields.newPassword.id}>{t("settings:password.new")}</label>
          <input
            {...getInputProps(fields.newPassword, { type: "password" })}
            autoComplete="new-password"
            aria-describedby={`${fields.newPassword.errorId} password-hint`}
          />
          <p className="field-hint" id="password-hint">
            {t("settings:password.hint")}
          </p>
          <FieldError field={fields.newPassword} />
        </div>
        <div className="form-field">
          <label htmlFor={fields.confirmPassword.id}>{t("settings:password.repeat")}</label>
          <input {...getInputProps(fields.confirmPassword, { type: "password" })} autoComplete="new-password" />
          <FieldError field={fields.confirmPassword} />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t(hasPassword ? "settings:password.submit" : "settings:password.submitFirst")}
        </button>
      </Form>
    </>
  );
}
