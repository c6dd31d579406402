import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { useTranslation } from "~/i18n/translation";
import { FieldError } from "./FieldError";

/** The profile name, with its rules as a hint (signup and the profile editor). */
export function ProfileNameField({ field }: { field: FieldMetadata<string> }) {
  const { t } = useTranslation();
  return (
    <div className="form-field">
      <label htmlFor={field.id}>{t("signup:account.name")}</label>
      <input
        {...getInputProps(field, { type: "text" })}
        // A name other members see, never the browser's stored real name ("nickname" is not a
        // value Chrome fills, and it logs it as an issue).
        autoComplete="off"
        aria-describedby={`${field.descriptionId} ${field.errorId}`}
      />
      <p className="field-hint" id={field.descriptionId}>
        {t("signup:account.nameHint")}
      </p>
      <FieldError field={field} />
    </div>
  );
}

/** The date of birth, from 1900 up to the latest date that makes a member `minAge` (signup and the profile editor). */
export function BirthDateField({ field, maxBirthDate, minAge }: { field: FieldMetadata<string>; maxBirthDate: string; minAge: number }) {
  const { t } = useTranslation();
  return (
    <div className="form-field">
      <label htmlFor={field.id}>{t("signup:account.birthDate")}</label>
      <input
        {...getInputProps(field, { type: "date" })}
        max={maxBirthDate}
        min="1900-01-01"
        // Chrome fills no "bday" and logs it as an issue; a stored birthday may be someone else's.
        autoComplete="off"
        aria-describedby={`${field.descriptionId} ${field.errorId}`}
      />
      <p className="field-hint" id={field.descriptionId}>
        {t("signup:account.birthDateHint", { minAge })}
      </p>
      <FieldError field={field} values={{ minAge }} />
    </div>
  );
}
