import { useTranslation } from "~/i18n/translation";

/** The close button at the foot of the chat's pickers (GIFs, icebreakers). */
export function CloseModalActions({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  return (
    <div className="block-modal__actions">
      <button type="button" className="btn btn-outline" onClick={onClose}>
        {t("chat:icebreakers.close")}
      </button>
    </div>
  );
}
