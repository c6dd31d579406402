import { href } from "react-router";
import { useState } from "react";
import { useTranslation } from "~/i18n/translation";
import type { BlockResponse } from "~/profiles/block-schema";
import { blockedInTab } from "./blocked-in-tab";
import { postJson } from "./post-json";

/**
 * Lifts the member's own block (POST /api/blocks.php), then calls `onUnblocked` (e.g. to reload
 * the page's data). Without JavaScript the form posts itself and the browser lands on `redirectTo`.
 */
export function UnblockButton({
  profileId,
  name,
  redirectTo,
  onUnblocked,
  className = "btn btn-outline btn-sm",
}: {
  profileId: number;
  name: string;
  redirectTo: string;
  onUnblocked: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function unblock(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const reply = await postJson<BlockResponse>(href("/api/blocks.php"), { profile_id: profileId, action: "unblock" }, true);
    setBusy(false);
    if (reply.ok) {
      blockedInTab.delete(profileId);
      onUnblocked();
    } else setError(reply.message ?? t("messages.generic"));
  }

  return (
    <form method="post" action={href("/api/blocks.php")} className="unblock-form" onSubmit={unblock}>
      <input type="hidden" name="profile_id" value={profileId} />
      <input type="hidden" name="action" value="unblock" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className={className} disabled={busy} aria-label={t("members:block.unblockLabel", { name })}>
        {t("members:block.unblock")}
      </button>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}
