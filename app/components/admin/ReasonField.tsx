/**
 * The reason an operator gives for an action on a member (ADR 054): it goes into the audit trail
 * and, for a ban, into the member's mail. A Conform field of the form's schema.
 */
import { type FieldMetadata, getTextareaProps } from "@conform-to/react";
import { FieldError } from "~/components/forms/FieldError";
import { useTranslation } from "~/i18n/translation";

export function ReasonField({ field }: { field: FieldMetadata<string> }) {
  const { t } = useTranslation();
  return (
    <div className="form-field">
      <label htmlFor={field.id}>{t("admin:member.reason")}</label>
      <textarea {...getTextareaProps(field)} rows={2} />
      <FieldError field={field} />
    </div>
  );
}
