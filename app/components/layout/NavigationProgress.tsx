import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** product.md §9: the bar appears only for navigations slower than 200 ms and runs over 5000 ms. */
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;

export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [phase, setPhase] = useState<"hidden" | "running" | "done">("hidden");

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => setPhase("running"), PROGRESS_THROTTLE_MS);
      return () => clearTimeout(timer);
    }
    setPhase((current) => (current === "running" ? "done" : "hidden"));
    const timer = setTimeout(() => setPhase("hidden"), 300);
    return () => clearTimeout(timer);
  }, [busy]);

  return (
    <div
      className={`nav-progress nav-progress--${phase}`}
      style={{ ["--progress-duration" as string]: `${PROGRESS_DURATION_MS}ms` }}
      role="progressbar"
      aria-hidden={phase === "hidden"}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-busy={phase === "running"}
    />
  );
}
