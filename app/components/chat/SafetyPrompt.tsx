import { useState } from "react";
import type { SafetyReason } from "~/safety/message-check";
import { useTranslation } from "~/i18n/translation";

/**
 * "Are you sure?" (ADR 053): the safety check flagged the text the member wrote. The prompt says
 * why, and offers to change the message (back to the box, text kept) or send it anyway (the
 * composer's form again, with `confirmSafety`). Nothing was sent or charged yet.
 */
export function SafetyPrompt({ reasons, busy }: { reasons: SafetyReason[]; busy: boolean }) {
  const { t } = useTranslation();
  // Closed for this answer only: the next try's answer (a new list) opens it again.
  const [closedFor, setClosedFor] = useState<SafetyReason[] | null>(null);
  if (closedFor === reasons) return null;

  function change() {
    setClosedFor(reasons);
    const composer = document.getElementById(COMPOSER_FORM_ID);
    const box = composer instanceof HTMLFormElement ? composer.elements.namedItem("body") : null;
    if (box instanceof HTMLTextAreaElement) box.focus();
  }

  return (
    <div className="alert alert-warning chat-problem safety-prompt" role="alertdialog" aria-labelledby="safety-prompt-title">
      <p id="safety-prompt-title" className="safety-prompt__title">
        <strong>{t("chat:safety.prompt.title")}</strong>
      </p>
      <ul className="safety-prompt__reasons">
        {reasons.map((reason) => (
          <li key={reason}>{t(`chat:safety.prompt.${reason}`)}</li>
        ))}
      </ul>
      <p className="safety-prompt__hint">{t("chat:safety.prompt.hint")}</p>
      <div className="safety-prompt__actions">
        <button type="button" className="btn btn-primary btn-sm" onClick={change}>
          {t("chat:safety.prompt.change")}
        </button>
        <button type="submit" form={COMPOSER_FORM_ID} name="confirmSafety" value="1" className="btn btn-outline btn-sm" disabled={busy}>
          {t("chat:safety.prompt.sendAnyway")}
        </button>
      </div>
    </div>
  );
}

/** The composer's form (MessageComposer.tsx), which "send anyway" submits again. */
export const COMPOSER_FORM_ID = "chat-composer";
