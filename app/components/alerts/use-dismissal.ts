import { useEffect, useState } from "react";

type DismissalOptions = {
  /**
   * The server's view of the dismissal (read from a cookie named after the key). Given, the alert
   * is rendered on the server when not dismissed, and a dismissal also writes that cookie.
   */
  serverDismissed?: boolean;
};

/**
 * product.md §3/§4: an alert dismissed once stays hidden; the dismissal time (unix seconds) is kept
 * in localStorage under the alert's key. Without `serverDismissed` it is hidden until hydration,
 * since only the browser knows.
 */
export function useDismissal(key: string, options: DismissalOptions = {}): { dismissed: boolean; dismiss(): void } {
  const { serverDismissed } = options;
  const [dismissed, setDismissed] = useState(serverDismissed ?? true);
  useEffect(() => {
    const stored = readDismissal(key);
    // Dismissed before the server could know (only in localStorage): the cookie tells it from the next page on.
    if (serverDismissed === false && stored !== null) writeCookie(key, String(stored));
    setDismissed(Boolean(serverDismissed) || stored !== null);
  }, [key, serverDismissed]);
  function dismiss() {
    const now = String(Math.floor(Date.now() / 1000));
    try {
      localStorage.setItem(key, now);
    } catch {
      // Storage may be unavailable (private mode): hide for this page view only.
    }
    if (serverDismissed !== undefined) writeCookie(key, now);
    setDismissed(true);
  }
  return { dismissed, dismiss };
}

/** A year: a dismissed alert stays hidden (product.md §4). Not a secret, so not Secure-only. */
function writeCookie(key: string, value: string) {
  document.cookie = `${key}=${value};path=/;max-age=31536000;samesite=lax`;
}

function readDismissal(key: string): number | null {
  try {
    const value = Number(localStorage.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}
