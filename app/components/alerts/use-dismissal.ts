import { useEffect, useState } from "react";

/**
 * spec §3/§4: an alert dismissed once stays hidden; the dismissal time (unix seconds) is kept in
 * localStorage under the alert's key. Hidden until hydration, since only the browser knows.
 */
export function useDismissal(key: string): { dismissed: boolean; dismiss(): void } {
  const [dismissed, setDismissed] = useState(true);
  useEffect(() => {
    setDismissed(readDismissal(key) !== null);
  }, [key]);
  function dismiss() {
    try {
      localStorage.setItem(key, String(Math.floor(Date.now() / 1000)));
    } catch {
      // Storage may be unavailable (private mode): hide for this page view only.
    }
    setDismissed(true);
  }
  return { dismissed, dismiss };
}

function readDismissal(key: string): number | null {
  try {
    const value = Number(localStorage.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}
