import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "~/i18n/translation";
import { Form, Link, href } from "react-router";
import { DELETE_REASONS, deleteAccountSchema, MAX_DELETE_REMARKS } from "~/accounts/settings-schema";
import { FieldError, FormErrors } from "~/components/forms/FieldError";
import { InvisibleToggle } from "./InvisibleModeSection";
import { useZodForm } from "~/components/forms/use-zod-form";

/**
 * Account deletion with the alternatives first (pause, turn off mails, invisible mode),
 * the company's stay-discount, then the reason (product.md §3) and a confirmation.
 */
export function DeleteAccountSection({
  paidUser,
  invisible,
  hasPassword,
  deleteDiscount,
  graceDays,
  lastResult,
  busy,
}: {
  paidUser: boolean;
  invisible: boolean;
  hasPassword: boolean;
  deleteDiscount: number;
  graceDays: number;
  lastResult?: SubmissionResult<string[]>;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(deleteAccountSchema, { id: "delete-account", lastResult });
  return (
    <>
      <div className="delete-alternatives">
        <h3 className="h5">{t("settings:delete.alternativesTitle")}</h3>
        <ul className="delete-alternatives__list">
          <li>
            {paidUser ? (
              invisible ? (
                <p>{t("settings:delete.pauseActive")}</p>
              ) : (
                <>
                  <p>{t("settings:delete.pause")}</p>
                  <InvisibleToggle invisible busy={busy} label={t("settings:delete.pauseButton")} />
                </>
              )
            ) : (
              <p>
                {t("settings:delete.pauseFree")} <Link to={href("/premium")}>{t("settings:invisible.becomePremium")}</Link>
              </p>
            )}
          </li>
          <li>
            <p>{t("settings:delete.emailsOff")}</p>
            <Form method="post" action={href("/notifications")}>
              <input type="hidden" name="intent" value="emails_off" />
              <button type="submit" className="btn btn-outline" disabled={busy}>
                {t("settings:notifications.allEmailsOff")}
              </button>
            </Form>
          </li>
          <li>
            <p>
              {t("settings:delete.notificationsText")} <Link to={href("/notifications")}>{t("settings:notifications.link")}</Link>
            </p>
          </li>
          {deleteDiscount > 0 && (
            <li className="delete-alternatives__discount">
              <p>
                <strong>{t("settings:delete.discount", { percent: deleteDiscount })}</strong>
              </p>
              <Form method="post">
                <input type="hidden" name="intent" value="stay" />
                <button type="submit" className="btn btn-primary" disabled={busy}>
                  {t("settings:delete.discountClaim", { percent: deleteDiscount })}
                </button>
              </Form>
            </li>
          )}
        </ul>
      </div>

      <details className="delete-account" open={Boolean(lastResult)}>
        <summary className="delete-account__summary">{t("settings:delete.stillDelete")}</summary>
        <p>{t("settings:delete.explanation", { count: graceDays })}</p>
        <Form method="post" {...getFormProps(form)} className="form-stack">
          <input type="hidden" name="intent" value="delete" />
          <FormErrors errors={form.errors} id={form.errorId} />
          <div className="form-field">
            <label htmlFor={fields.reason.id}>{t("settings:delete.reason")}</label>
            <select {...getSelectProps(fields.reason)} defaultValue={fields.reason.initialValue ?? ""}>
              <option value="" disabled>
                {t("settings:delete.reasonPlaceholder")}
              </option>
              {DELETE_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {t(`settings:delete.reasons.${reason}`)}
                </option>
              ))}
            </select>
            <FieldError field={fields.reason} />
          </div>
          <div className="form-field">
            <label htmlFor={fields.remarks.id}>{t("settings:delete.remarks")}</label>
            <textarea {...getTextareaProps(fields.remarks)} rows={4} maxLength={MAX_DELETE_REMARKS} />
            <FieldError field={fields.remarks} />
          </div>
          {hasPassword ? (
            <div className="form-field">
              <label htmlFor={fields.currentPassword.id}>{t("settings:currentPassword")}</label>
              <input {...getInputProps(fields.currentPassword, { type: "password" })} autoComplete="current-password" required />
              <FieldError field={fields.currentPassword} />
            </div>
          ) : (
            <div className="form-field">
              <label htmlFor={fields.confirmation.id}>{t("settings:delete.confirmation")}</label>
              <input {...getInputProps(fields.confirmation, { type: "email" })} autoComplete="off" required />
              <FieldError field={fields.confirmation} />
            </div>
          )}
          <button type="submit" className="btn btn-secondary" disabled={busy}>
            {t("settings:delete.submit")}
          </button>
        </Form>
      </details>
    </>
  );
}
