/**
 * What the server knows of the push alert (product.md §2, §4 push states): its dismissal and this
 * browser's push state, each mirrored by the browser in a cookie, so the alert is rendered with the
 * page instead of appearing after hydration (ADR 046).
 */
import { PUSH_STATE_COOKIE } from "~/browser/cookie-names";
import type { PushState } from "./push-client";

const STATES: readonly PushState[] = ["unsupported", "denied", "subscribed", "available"];

/** A cookie's value as a push state; null when the browser has not told yet (or the value is not one). */
export function pushStateOf(value: string | null | undefined): PushState | null {
  return STATES.find((state) => state === value) ?? null;
}

/**
 * Whether the alert asks to turn push on: the site has a key, and the browser can take pushes and
 * is not subscribed, or has not told yet (a first page in a new browser is asked; most can, and one
 * that cannot drops the alert once it checked).
 */
export function pushAlertOffered(pushPublicKey: string, state: PushState | null): boolean {
  return pushPublicKey !== "" && (state === null || state === "available");
}

/** Remembers this browser's push state for the server's next page (a year, like the dismissals). */
export function rememberPushState(state: PushState) {
  document.cookie = `${PUSH_STATE_COOKIE}=${state};path=/;max-age=31536000;samesite=lax`;
}
