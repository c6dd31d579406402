import { href } from "react-router";
import { useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { useModalDialog } from "~/components/layout/use-modal-dialog";
import type { BlockResponse } from "~/profiles/block-schema";
import { blockedInTab } from "./blocked-in-tab";
import { postJson } from "./post-json";

/**
 * The block-user modal (product.md §2): says what blocking does (product.md §10: mutual in effect)
 * and asks for confirmation before POST /api/blocks.php. Used on the profile page and in chats.
 * Without JavaScript the form posts itself and the browser lands on `redirectTo`.
 */
export function BlockUserModal({
  profileId,
  name,
  open,
  onClose,
  onBlocked,
  redirectTo,
}: {
  profileId: number;
  name: string;
  open: boolean;
  onClose: () => void;
  onBlocked: () => void;
  redirectTo: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dialog = useModalDialog(open, () => setError(null));

  async function block(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    blockedInTab.add(profileId);
    const reply = await postJson<BlockResponse>(href("/api/blocks.php"), { profile_id: profileId, action: "block" }, true);
    setBusy(false);
    if (!reply.ok) {
      blockedInTab.delete(profileId);
      setError(reply.message ?? t("messages.generic"));
      return;
    }
    onClose();
    onBlocked();
  }

  const titleId = `block-user-${profileId}-title`;
  return (
    <dialog
      ref={dialog}
      className="block-modal"
      aria-labelledby={titleId}
      onClose={() => {
        if (open) onClose();
      }}
    >
      <form method="post" action={href("/api/blocks.php")} className="block-modal__body" onSubmit={block}>
        <h2 id={titleId}>{t("members:block.title", { name })}</h2>
        <ul className="block-modal__effects">
          <li>{t("members:block.effectSearch")}</li>
          <li>{t("members:block.effectContact", { name })}</li>
          <li>{t("members:block.effectUndo")}</li>
        </ul>
        {error && (
          <p className="alert alert-danger" role="alert">
            {error}
          </p>
        )}
        <input type="hidden" name="profile_id" value={profileId} />
        <input type="hidden" name="action" value="block" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div className="block-modal__actions">
          <button type="button" className="btn btn-outline" onClick={onClose} disabled={busy}>
            {t("members:block.cancel")}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t("members:block.blocking") : t("members:block.confirm", { name })}
          </button>
        </div>
      </form>
    </dialog>
  );
}
