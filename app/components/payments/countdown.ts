import { useEffect, useState } from "react";

/** product.md §9: the time bonus counts down every second. */
export const COUNTDOWN_TICK_MS = 1000;

/** Seconds left until `until` (never negative). */
export function secondsLeft(until: string | Date, now: number): number {
  return Math.max(0, Math.ceil((new Date(until).getTime() - now) / 1000));
}

/** product.md §4: hours:minutes:seconds, e.g. 3:59:07; the hours run past 24 for longer bonuses. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/**
 * The seconds left until `until`, updated every second; null when there is nothing to count down.
 * The server renders the value of its own clock and the browser takes over after hydration, so the
 * element that shows it needs `suppressHydrationWarning`.
 */
export function useCountdown(until: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [until]);
  return until ? secondsLeft(until, now) : null;
}
