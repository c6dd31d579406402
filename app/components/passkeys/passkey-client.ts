/**
 * The browser side of the passkey ceremonies: calls to `POST /api/passkeys/:step` and the
 * translation of WebAuthn errors into locale keys.
 */
import { browserSupportsWebAuthn, WebAuthnError } from "@simplewebauthn/browser";
import { useEffect, useState } from "react";

export type PasskeyStep = "register-options" | "register" | "login-options" | "login" | "remove";

export type PasskeyCallResult<T> = { ok: true; data: T } | { ok: false; error: string | null };

/** A JSON call to the passkey API; `error` is the server's translated message (null when there is none). */
export async function callPasskeyApi<T>(step: PasskeyStep, body: unknown): Promise<PasskeyCallResult<T>> {
  try {
    const response = await fetch(`/api/passkeys/${step}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    const json = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
    if (!response.ok || !json) return { ok: false, error: json?.message ?? null };
    return { ok: true, data: json };
  } catch {
    return { ok: false, error: null };
  }
}

/**
 * The locale key for a failed browser ceremony. Browsers report a cancelled dialog, a timeout and
 * "no passkey for this site" alike (NotAllowedError), so those share one gentle message.
 */
export function ceremonyErrorKey(error: unknown, fallback: string): string {
  const name = error instanceof Error ? error.name : "";
  if (error instanceof WebAuthnError && error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED")
    return "auth:passkeys.alreadyRegistered";
  if (name === "NotAllowedError" || name === "AbortError") return "auth:passkeys.cancelled";
  return fallback;
}

/** Whether this browser can use passkeys: null until known (during server rendering and hydration). */
export function useWebAuthnSupport(): boolean | null {
  const [supported, setSupported] = useState<boolean | null>(null);
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  return supported;
}
