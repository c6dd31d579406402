/**
 * "Sign in with a passkey" on the login page: discoverable credentials, so no e-mail address is
 * asked first. Rendered only when the browser supports WebAuthn.
 */
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { callPasskeyApi, ceremonyErrorKey, loadWebAuthn, useWebAuthnSupport } from "./passkey-client";

export function PasskeyLoginButton({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation();
  const supported = useWebAuthnSupport();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!supported) return null;

  async function signIn() {
    setBusy(true);
    setError(null);
    const options = await callPasskeyApi<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }>("login-options", {});
    if (!options.ok) {
      setError(options.error ?? t("messages.generic"));
      setBusy(false);
      return;
    }
    const { startAuthentication } = await loadWebAuthn();
    let response: Awaited<ReturnType<typeof startAuthentication>>;
    try {
      response = await startAuthentication({ optionsJSON: options.data.options });
    } catch (failure) {
      setError(t(ceremonyErrorKey(failure, "auth:passkeys.loginFailed")));
      setBusy(false);
      return;
    }
    const result = await callPasskeyApi<{ redirectTo: string }>("login", { challengeId: options.data.challengeId, response, redirectTo });
    if (!result.ok) {
      setError(result.error ?? t("messages.generic"));
      setBusy(false);
      return;
    }
    // A full page load, so every part of the page (navigation, alerts) shows the signed-in member.
    window.location.assign(result.data.redirectTo);
  }

  return (
    <div className="passkey-login">
      <p className="auth-divider">
        <span>{t("auth:passkeys.or")}</span>
      </p>
      {error ? (
        <div className="alert alert-danger" role="alert">
          <p>{error}</p>
        </div>
      ) : null}
      <button type="button" className="btn btn-outline btn-block" onClick={signIn} disabled={busy} aria-busy={busy}>
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
