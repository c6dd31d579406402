/**
 * "Confirm with a passkey" in settings (ADR 039): the login ceremony's options, answered by one of
 * the member's own passkeys, marks this session as re-authenticated; the page's loaders then run
 * again and show the change the member wanted to make. Shown once the browser is known to support
 * passkeys (the WebAuthn library loads after the page, ADR 028).
 */
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "~/i18n/translation";
import { callPasskeyApi, ceremonyErrorKey, loadWebAuthn, useWebAuthnSupport } from "./passkey-client";

export function PasskeyReauthentication() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const supported = useWebAuthnSupport();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!supported) return null;

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      const options = await callPasskeyApi<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }>("login-options", {});
      if (!options.ok) return setError(options.error ?? t("messages.generic"));
      const { startAuthentication } = await loadWebAuthn();
      let response: Awaited<ReturnType<typeof startAuthentication>>;
      try {
        response = await startAuthentication({ optionsJSON: options.data.options });
      } catch (failure) {
        return setError(t(ceremonyErrorKey(failure, "auth:passkeys.reauthenticationFailed")));
      }
      const result = await callPasskeyApi("reauthenticate", { challengeId: options.data.challengeId, response });
      if (!result.ok) return setError(result.error ?? t("messages.generic"));
      await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="passkey-reauthentication">
      {error && (
        <p className="alert alert-danger" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="btn btn-outline" onClick={confirm} disabled={busy} aria-busy={busy}>
        {t("settings:reauth.withPasskey")}
      </button>
    </div>
  );
}
