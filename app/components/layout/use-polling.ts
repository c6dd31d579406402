import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * Reloads the page's data while it is visible (product.md §4: polling of the user, chats and likes
 * starts 5 seconds after load, then repeats every 60 seconds, every 300 seconds for a browser
 * subscribed to push). The chat screen asks for a shorter interval so new messages show up while a
 * conversation is open.
 */
export function usePolling({ enabled, intervalMs, startAfterMs = 5_000 }: { enabled: boolean; intervalMs: number; startAfterMs?: number }) {
  const { revalidate } = useRevalidator();
  // The timers must not restart on every render: they read the latest revalidate through a ref.
  const latest = useRef(revalidate);
  latest.current = revalidate;
  useEffect(() => {
    if (!enabled) return;
    const poll = () => {
      if (document.visibilityState === "visible") void latest.current();
    };
    let interval: ReturnType<typeof setInterval> | undefined;
    const start = setTimeout(() => {
      poll();
      interval = setInterval(poll, intervalMs);
    }, startAfterMs);
    return () => {
      clearTimeout(start);
      if (interval) clearInterval(interval);
    };
  }, [enabled, intervalMs, startAfterMs]);
}
