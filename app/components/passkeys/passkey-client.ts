/**
 * The browser side of the passkey ceremonies: calls to `POST /api/passkeys/:step` and the
 * translation of WebAuthn errors into locale keys. The WebAuthn library loads after the page (ADR
 * 028: not in the login and settings pages' first load), by the time a member can press a button.
 */
import { href } from "react-router";
import { useEffect, useState } from "react";
import { callApi } from "~/utils/call-api";

/** @simplewebauthn/browser, loaded once on demand. */
export const loadWebAuthn = () => import("@simplewebauthn/browser");

export type PasskeyStep = "register-options" | "register" | "login-options" | "login" | "reauthenticate" | "remove";

export type PasskeyCallResult<T> = { ok: true; data: T } | { ok: false; error: string | null };

/**
 * A JSON call to the passkey API, once and within callApi's time limit; `error` is the server's
 * translated message (null when there is none).
 */
export async function callPasskeyApi<T>(step: PasskeyStep, body: unknown): Promise<PasskeyCallResult<T>> {
  try {
    const response = await callApi(
      href("/api/passkeys/:step", { step }),
      {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
        body: JSON.stringify(body),
        credentials: "same-origin",
      },
      false,
    );
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
  // A WebAuthnError of the library (its class loads with it, so it is told by its code).
  if ((error as { code?: unknown } | null)?.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return "auth:passkeys.alreadyRegistered";
  if (name === "NotAllowedError" || name === "AbortError") return "auth:passkeys.cancelled";
  return fallback;
}

/** Whether this browser can use passkeys: null until known (during server rendering and hydration). */
export function useWebAuthnSupport(): boolean | null {
  const [supported, setSupported] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    void loadWebAuthn().then(({ browserSupportsWebAuthn }) => current && setSupported(browserSupportsWebAuthn()));
    return () => {
      current = false;
    };
  }, []);
  return supported;
}
