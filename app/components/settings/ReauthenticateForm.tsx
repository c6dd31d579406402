import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { reauthenticateSchema, type ReauthenticationSection } from "~/accounts/settings-schema";
import { FieldError, FormErrors } from "~/components/forms/FieldError";
import { PasskeyReauthentication } from "~/components/passkeys/PasskeyReauthentication";
import { useZodForm } from "~/components/forms/use-zod-form";
import { useTranslation } from "~/i18n/translation";

/**
 * In place of a change that needs a recent sign-in (adding a passkey or a first password, changing
 * the address; ADR 039): the member confirms it is them with their password (a plain form, so it
 * works without JavaScript) or with one of their passkeys; the page then shows the change again.
 */
export function ReauthenticateForm({
  section,
  username,
  hasPassword,
  hasPasskeys,
  lastResult,
  busy,
}: {
  section: ReauthenticationSection;
  username: string;
  hasPassword: boolean;
  hasPasskeys: boolean;
  lastResult?: SubmissionResult<string[]>;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(reauthenticateSchema, { id: `reauthenticate-${section}`, lastResult });
  return (
    <div className="reauthenticate">
      <p>{t("settings:reauth.intro")}</p>
      {hasPassword && (
        <Form method="post" {...getFormProps(form)} className="form-stack">
          <input type="hidden" name="intent" value="reauthenticate" />
          <input type="hidden" name="section" value={section} />
          {/* Lets password managers offer the password of this account. */}
          <input type="email" name="username" value={username} autoComplete="username" readOnly hidden />
          <FormErrors errors={form.errors} id={form.errorId} />
          <div className="form-field">
            <label htmlFor={fields.currentPassword.id}>{t("settings:currentPassword")}</label>
            <input {...getInputProps(fields.currentPassword, { type: "password" })} autoComplete="current-password" required />
            <FieldError field={fields.currentPassword} />
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t("settings:reauth.submit")}
          </button>
        </Form>
      )}
      {hasPasskeys && <PasskeyReauthentication />}
      {!hasPassword && !hasPasskeys && <p>{t("settings:reauth.signInAgain")}</p>}
    </div>
  );
}
