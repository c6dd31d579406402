import { useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { useModalDialog } from "~/components/layout/use-modal-dialog";

/**
 * The delete-conversation modal (product.md §2): says that removing a chat clears its history for
 * this member only (a new message brings it back) and asks for confirmation. `onConfirm` removes it
 * and answers an error message to show, or null when the modal may close.
 */
export function DeleteConversationModal({
  name,
  open,
  onClose,
  onConfirm,
}: {
  name: string;
  open: boolean;
  onClose: () => void;
  onConfirm: () => Promise<string | null>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dialog = useModalDialog(open, () => setError(null));

  async function confirm() {
    setBusy(true);
    const failure = await onConfirm();
    setBusy(false);
    if (failure) setError(failure);
    else onClose();
  }

  return (
    <dialog ref={dialog} className="block-modal" aria-labelledby="delete-conversation-title" onClose={() => open && onClose()}>
      <div className="block-modal__body">
        <h2 id="delete-conversation-title">{t("chat:delete.title", { name })}</h2>
        <p>{t("chat:delete.text", { name })}</p>
        {error && (
          <p className="alert alert-danger" role="alert">
            {error}
          </p>
        )}
        <div className="block-modal__actions">
          <button type="button" className="btn btn-outline" onClick={onClose} disabled={busy}>
            {t("chat:delete.cancel")}
          </button>
          <button type="button" className="btn btn-primary" onClick={confirm} disabled={busy}>
            {busy ? t("chat:delete.deleting") : t("chat:delete.confirm")}
          </button>
        </div>
      </div>
    </dialog>
  );
}
