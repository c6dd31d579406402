import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/i18n/translation";

/**
 * A field's validation messages. Schemas carry locale keys ("messages.emailInvalid"); the server
 * may also send finished sentences, which pass through unchanged.
 */
export function FieldError({ field, values }: { field: FieldMetadata<unknown>; values?: Record<string, unknown> }) {
  const { t } = useTranslation();
  if (!field.errors?.length) return null;
  return (
    <p className="field-error" id={field.errorId} role="alert">
      {field.errors.map((error) => t(error, { defaultValue: error, ...values })).join(" ")}
    </p>
  );
}

export function FormErrors({ errors, id }: { errors?: string[]; id: string }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <div className="alert alert-danger" id={id} role="alert">
      {errors.map((error) => (
        <p key={error}>{t(error, { defaultValue: error })}</p>
      ))}
    </div>
  );
}

/**
 * A field's message for forms without Conform in the browser (its id goes in the input's
 * `aria-describedby`): a locale key or a finished sentence from the server.
 */
export function FieldMessage({ id, error }: { id: string; error: string | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p className="field-error" id={id} role="alert">
      {t(error, { defaultValue: error })}
    </p>
  );
}
