import { useTranslation } from "~/i18n/translation";
import { Link, useMatches, href } from "react-router";
import { useRootData, type RootData } from "~/root";
import { DISABLED_NOTIFICATIONS_DISMISS_KEY as DISMISS_KEY } from "~/browser/cookie-names";
import { useDismissal } from "./use-dismissal";

export { DISMISS_KEY };
/** product.md §2: not shown where the member manages notifications already. */
const HIDDEN_ON = new Set(["settings", "notifications"]);

const REASONS = ["bounce", "fbl", "listunsubscribe"] as const;
export type EmailDisabledReason = (typeof REASONS)[number];

type Account = NonNullable<RootData["account"]>;

/** The reason from the root loader's `account.emailDisabledReason` (users.email_disabled_reason). */
function emailDisabledReasonOf(account: Account | null | undefined): EmailDisabledReason | null {
  const reason = account?.emailDisabledReason;
  return REASONS.find((known) => known === reason) ?? null;
}

/**
 * product.md §2 "disabled-notifications alert": shown when the member's notifications are disabled
 * — e-mail switched off by a bounce, a spam complaint (fbl) or a one-click unsubscribe, and/or
 * notification types the member switched off on /notifications (product.md §3
 * `notifications_disabled`) — saying what is off, with a link to turn it back on. Dismissed once,
 * it stays hidden (product.md §4); the dismissal is mirrored in a cookie, so the server renders it
 * only when not dismissed.
 */
export function DisabledNotificationsAlert() {
  const { t } = useTranslation();
  const account = useRootData()?.account;
  const reason = emailDisabledReasonOf(account);
  const switchedOff = account?.disabledNotificationsText;
  const matches = useMatches();
  const { dismissed, dismiss } = useDismissal(DISMISS_KEY, { serverDismissed: account?.disabledNotificationsAlertDismissed ?? true });
  if ((!reason && !switchedOff) || dismissed || matches.some((match) => HIDDEN_ON.has(match.id))) return null;

  return (
    <div className="container">
      <div className="alert alert-warning app-alert disabled-notifications-alert" role="status">
        <p>
          {reason && (
            <>
              <strong>{t("settings:alert.title")}</strong> {t(`settings:notifications.emailDisabled.${reason}`)}{" "}
            </>
          )}
          {switchedOff && (
            <>
              <strong>{t("settings:alert.switchedOffTitle")}</strong> {switchedOff}{" "}
            </>
          )}
          <Link to={href("/notifications")}>{t("settings:alert.link")}</Link>
        </p>
        <button type="button" className="app-alert__close" onClick={dismiss} aria-label={t("settings:alert.dismiss")}>
          ×
        </button>
      </div>
    </div>
  );
}
