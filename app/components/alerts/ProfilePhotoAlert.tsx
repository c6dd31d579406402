import { useTranslation } from "~/i18n/translation";
import { Link, useMatches, href } from "react-router";
import { useRootData } from "~/root";
import { PROFILE_PHOTO_DISMISS_KEY as DISMISS_KEY } from "~/browser/cookie-names";
import { useDismissal } from "./use-dismissal";

export { DISMISS_KEY };

/**
 * product.md §2: hidden on profile, signup, activate-done, premium, notifications, directdebit and
 * settings (route ids; "premium" and "directdebit" are the ids those screens will have).
 */
const HIDDEN_ON = new Set(["profile", "signup", "activate-done", "premium", "notifications", "directdebit", "settings"]);

/**
 * product.md §2 "profile-photo alert": a signed-in member without a main photo is asked to add one.
 * Dismissed once, it stays hidden (product.md §4); the dismissal is mirrored in a cookie, so the
 * server renders it with the page, and only when not dismissed (ADR 046).
 */
export function ProfilePhotoAlert() {
  const { t } = useTranslation();
  const account = useRootData()?.account;
  const matches = useMatches();
  const { dismissed, dismiss } = useDismissal(DISMISS_KEY, { serverDismissed: account?.profilePhotoAlertDismissed ?? true });
  if (!account || account.hasMainPhoto || dismissed || matches.some((match) => HIDDEN_ON.has(match.id))) return null;

  return (
    <div className="container">
      <div className="alert alert-warning app-alert profile-photo-alert" role="status">
        <p>
          <strong>{t("photos:alert.title")}</strong> <span className="app-alert__detail">{t("photos:alert.text")}</span>{" "}
          <Link to={`${href("/profile")}#photos`}>{t("photos:alert.link")}</Link>
        </p>
        <button type="button" className="app-alert__close" onClick={dismiss} aria-label={t("photos:alert.dismiss")}>
          ×
        </button>
      </div>
    </div>
  );
}
