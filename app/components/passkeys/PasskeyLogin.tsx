import { useEffect } from "react";
import { useTranslation } from "~/i18n/translation";

/**
 * "Log in with a passkey" on the login page: discoverable credentials, so no e-mail address is
 * asked first. The ceremony is ./passkey-login.inline.js, one small script without React (ADR 032):
 * the server writes it into a visitor's page, and a page reached by a client-side navigation loads
 * it. It shows this block (`[data-passkeys]` on <html>) only when the browser supports WebAuthn.
 */
export function PasskeyLogin({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    void import("~/browser/passkey-login.inline.js");
  }, []);
  return (
    <div
      className="passkey-login"
      data-cancelled={t("auth:passkeys.cancelled")}
      data-failed={t("auth:passkeys.loginFailed")}
      data-generic={t("messages.generic")}
    >
      <p className="auth-divider">
        <span>{t("auth:passkeys.or")}</span>
      </p>
      <p className="alert alert-danger" role="alert" hidden />
      <button type="button" className="btn btn-outline btn-block" data-passkey-login data-redirect-to={redirectTo}>
        <svg
          aria-hidden="true"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <circle cx="8" cy="9" r="4" />
          <path d="M2 21v-1a6 6 0 0 1 9-5.2" />
          <circle cx="18" cy="12" r="2.5" />
          <path d="M18 14.5V21l1.5-1.5L18 18" />
        </svg>
        {t("auth:passkeys.signIn")}
      </button>
    </div>
  );
}
