import { useEffect } from "react";
import { InlineIcon } from "~/components/layout/InlineIcon";
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
        <InlineIcon name="passkey" size={20} />
        {t("auth:passkeys.signIn")}
      </button>
    </div>
  );
}
