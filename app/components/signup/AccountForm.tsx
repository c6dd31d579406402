import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useMemo } from "react";
import { useTranslation } from "~/i18n/translation";
import { Form, Link, type FetcherWithComponents, href } from "react-router";
import { MAX_SIGNUP_MESSAGE, MIN_PASSWORD_LENGTH, signupAccountSchema, type AccountFormConfig } from "~/accounts/signup-schema";
import { FieldError, FormErrors } from "~/components/forms/FieldError";
import { SelectField } from "~/components/forms/SelectField";
import { localeTag } from "~/i18n/format";
import { genders } from "~/profiles/profile-fields";
import { seekingOptions } from "~/profiles/profile-schema";
import { HoneypotField } from "~/security/honeypot";
import { useZodForm } from "~/components/forms/use-zod-form";
import { TermsLabel } from "~/components/forms/TermsLabel";
import { BirthDateField, ProfileNameField } from "~/components/forms/ProfileBasicsFields";
import { displayNames } from "~/i18n/intl";

/** What the /signup action answers for the account step. */
export type AccountActionData = {
  result: SubmissionResult<string[]>;
  /** An account already uses the address: offer to log in (active) or to reactivate (deleted). */
  existing?: "active" | "deleted" | "other" | null;
};

type FormComponent = typeof Form | FetcherWithComponents<unknown>["Form"];

/**
 * Signup step 1, on /signup and in the signup modal: one schema for the browser and the server
 * (Conform + zod). `onLoginInstead` lets the modal close itself when the visitor goes to log in.
 */
export function AccountForm({
  config,
  actionData,
  pending,
  as: FormTag = Form,
  action,
  id = "signup-account",
  onLoginInstead,
  onInput,
}: {
  config: AccountFormConfig;
  actionData?: AccountActionData;
  pending: boolean;
  as?: FormComponent;
  /** Where the form posts: the current page (/signup with its query) unless given. */
  action?: string;
  id?: string;
  onLoginInstead?: () => void;
  onInput?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const schema = useMemo(
    () => signupAccountSchema({ minAge: config.minAge, countries: config.countries, today: new Date(`${config.today}T12:00:00Z`) }),
    [config.minAge, config.countries, config.today],
  );
  const [form, fields] = useZodForm(schema, {
    id,
    lastResult: actionData?.result,
    defaultValue: { gender: config.defaultGender, seeking: config.defaultSeeking, country: config.defaultCountry },
  });
  const countryNames = displayNames(localeTag(i18n.language), { type: "region" });

  return (
    <FormTag method="post" action={action} {...getFormProps(form)} className="form-stack signup-account" onInput={onInput}>
      <input type="hidden" name="intent" value="account" />
      <HoneypotField />
      <FormErrors errors={form.errors} id={form.errorId} />
      <ExistingAccountOffer existing={actionData?.existing} graceDays={config.graceDays} onLoginInstead={onLoginInstead} />

      <fieldset className="signup-account__identity">
        <legend className="visually-hidden">{t("signup:account.identityLegend")}</legend>
        <SelectField
          className="form-field"
          field={fields.gender}
          label={t("signup:account.iAm")}
          options={genders.map((gender) => ({ value: gender, label: t(`signup:account.gender.${gender}`) }))}
        />
        <SelectField
          className="form-field"
          field={fields.seeking}
          label={t("signup:account.lookingFor")}
          options={seekingOptions.map((seeking) => ({ value: seeking, label: t(`signup:account.seeking.${seeking}`) }))}
        />
      </fieldset>

      {config.countries.length > 1 ? (
        <div className="form-field">
          <label htmlFor={fields.country.id}>{t("signup:account.country")}</label>
          <select {...getSelectProps(fields.country)} autoComplete="country">
            {config.countries.map((country) => (
              <option key={country} value={country}>
                {countryNames.of(country) ?? country}
              </option>
            ))}
          </select>
          <FieldError field={fields.country} />
        </div>
      ) : (
        <input type="hidden" name={fields.country.name} value={config.defaultCountry} />
      )}

      <ProfileNameField field={fields.name} />

      <div className="form-field">
        <label htmlFor={fields.email.id}>{t("signup:account.email")}</label>
        <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
        <FieldError field={fields.email} />
      </div>

      <div className="form-field">
        <label htmlFor={fields.password.id}>{t("signup:account.password")}</label>
        <input
          {...getInputProps(fields.password, { type: "password" })}
          autoComplete="new-password"
          aria-describedby={`${fields.password.descriptionId} ${fields.password.errorId}`}
        />
        <p className="field-hint" id={fields.password.descriptionId}>
          {t("signup:account.passwordHint", { min: MIN_PASSWORD_LENGTH })}
        </p>
        <FieldError field={fields.password} />
      </div>

      <BirthDateField field={fields.date_of_birth} maxBirthDate={config.maxBirthDate} minAge={config.minAge} />

      <div className="form-field">
        <label htmlFor={fields.signup_message.id}>{t("signup:account.message")}</label>
        <textarea
          {...getTextareaProps(fields.signup_message)}
          rows={3}
          maxLength={MAX_SIGNUP_MESSAGE}
          aria-describedby={`${fields.signup_message.descriptionId} ${fields.signup_message.errorId}`}
        />
        <p className="field-hint" id={fields.signup_message.descriptionId}>
          {t("signup:account.messageHint")}
        </p>
        <FieldError field={fields.signup_message} />
      </div>

      <div className="form-field form-field--check">
        <input {...getInputProps(fields.terms, { type: "checkbox" })} />
        <TermsLabel htmlFor={fields.terms.id} i18nKey="signup:account.terms" />
      </div>
      <FieldError field={fields.terms} />

      <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={pending}>
        {pending ? t("signup:account.submitting") : t("signup:account.submit")}
      </button>
      <p className="signup-account__login">
        {t("signup:account.haveAccount")}{" "}
        <Link to={href("/login")} onClick={onLoginInstead}>
          {t("signup:account.login")}
        </Link>
      </p>
    </FormTag>
  );
}

function ExistingAccountOffer({
  existing,
  graceDays,
  onLoginInstead,
}: {
  existing: AccountActionData["existing"];
  graceDays: number;
  onLoginInstead?: () => void;
}) {
  const { t } = useTranslation();
  if (existing === "active") {
    return (
      <div className="alert alert-warning" role="status">
        <p>{t("signup:existing.active")}</p>
        <p className="signup-account__offer">
          <Link to={href("/login")} onClick={onLoginInstead} className="btn btn-primary btn-sm">
            {t("signup:account.login")}
          </Link>
          <Link to={href("/reset-password")} onClick={onLoginInstead} className="btn btn-link btn-sm">
            {t("signup:existing.reset")}
          </Link>
        </p>
      </div>
    );
  }
  if (existing === "deleted") {
    return (
      <div className="alert alert-warning" role="status">
        <p>{t("signup:existing.deleted", { count: graceDays })}</p>
        <p className="signup-account__offer">
          <Link to={href("/login")} onClick={onLoginInstead} className="btn btn-primary btn-sm">
            {t("signup:existing.reactivate")}
          </Link>
        </p>
      </div>
    );
  }
  return null;
}
