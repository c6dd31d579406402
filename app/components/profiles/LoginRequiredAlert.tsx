import { useTranslation } from "~/i18n/translation";
import { Link, href } from "react-router";
import { openSignupModal } from "~/components/signup/SignupModalOpener";

/** product.md §8 / §6: what a visitor must log in for. */
export type LoginRequiredKind = "chat" | "photo" | "gift" | "like";

/** The login page, coming back to `returnTo` afterwards. */
export function loginHref(returnTo: string) {
  return `${href("/login")}?redirectTo=${encodeURIComponent(returnTo)}`;
}

/**
 * The login-required alert (product.md §8: chat, photo, gift, like): says why, offers the signup
 * modal (free account) and the login page.
 */
export function LoginRequiredAlert({
  kind,
  name,
  returnTo,
  onClose,
}: {
  kind: LoginRequiredKind;
  name: string;
  returnTo: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-warning login-required" role="alert">
      <p>
        <strong>{t(`members:loginRequired.${kind}`, { name })}</strong>
      </p>
      <p>{t("members:loginRequired.explain")}</p>
      <p className="login-required__actions">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => {
            onClose();
            openSignupModal();
          }}
        >
          {t("members:loginRequired.signup")}
        </button>
        <Link to={loginHref(returnTo)} className="btn btn-outline btn-sm">
          {t("members:loginRequired.login")}
        </Link>
        <button type="button" className="btn btn-link btn-sm" onClick={onClose}>
          {t("members:loginRequired.close")}
        </button>
      </p>
    </div>
  );
}
