import { useTranslation } from "react-i18next";
import { Link, useMatches } from "react-router";
import { useRootData } from "~/root";
import { useDismissal } from "./use-dismissal";

/** spec §3: dismissal times are stored (unix seconds) under this key. */
export const DISMISS_KEY = "hide-disabled-notifications-alert";
/** spec §2: not shown where the member manages notifications already. */
const HIDDEN_ON = new Set(["settings", "notifications"]);

const REASONS = ["bounce", "fbl", "listunsubscribe"] as const;
export type EmailDisabledReason = (typeof REASONS)[number];

/** The reason from the root loader's `account.emailDisabledReason` (users.email_disabled_reason). */
function emailDisabledReasonOf(account: unknown): EmailDisabledReason | null {
  if (!account || typeof account !== "object" || !("emailDisabledReason" in account)) return null;
  const reason = account.emailDisabledReason;
  return REASONS.find((known) => known === reason) ?? null;
}

/**
 * spec §2 "disabled-notifications alert": shown when the member's notifications are disabled, here
 * when e-mail to them was switched off by a bounce, a spam complaint (fbl) or a one-click
 * unsubscribe, so they learn why mail stopped and can turn it back on. Dismissed once, it stays
 * hidden (spec §4). Rendered after hydration, since only the browser knows about the dismissal.
 */
export function DisabledNotificationsAlert() {
  const { t } = useTranslation();
  const reason = emailDisabledReasonOf(useRootData()?.account);
  const matches = useMatches();
  const { dismissed, dismiss } = useDismissal(DISMISS_KEY);
  if (!reason || dismissed || matches.some((match) => HIDDEN_ON.has(match.id))) return null;


  return (
    <div className="container">
      <div className="alert alert-warning app-alert" role="status">
        <p>
          <strong>{t("settings:alert.title")}</strong> {t(`settings:notifications.emailDisabled.${reason}`)}{" "}
          <Link to="/notifications">{t("settings:alert.link")}</Link>
        </p>
        <button type="button" className="app-alert__close" onClick={dismiss} aria-label={t("settings:alert.dismiss")}>
          ×
        </button>
      </div>
    </div>
  );
}

