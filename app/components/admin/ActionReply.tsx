/**
 * What a console form's action answered, above the form: a success is announced politely
 * (`role="status"`), a refusal at once (`role="alert"`). `message` is a locale key; nothing is
 * shown without one.
 */
import { useTranslation } from "~/i18n/translation";

export function ActionReply({
  ok,
  message,
  values,
}: {
  ok: boolean;
  message: string | null | undefined;
  /** The message's interpolation values. */
  values?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p className={`alert ${ok ? "alert-success" : "alert-danger"}`} role={ok ? "status" : "alert"}>
      {t(message, values)}
    </p>
  );
}
