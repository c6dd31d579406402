/**
 * The push alert of the default layout (product.md §2, §4 push states; ADR 026, 046). Rendered with
 * the page: the server knows the dismissal and this browser's last push state from their cookies.
 * The push code itself (push-client.ts) loads on demand, after hydration, to check this browser's
 * state and when the member turns push on: no page's first-load JavaScript carries it.
 */
import { useEffect, useState } from "react";
import { useMatches } from "react-router";
import { useDismissal } from "~/components/alerts/use-dismissal";
import { useTranslation } from "~/i18n/translation";
import { useRootData } from "~/root";
import type { PushState } from "./push-client";
import { PUSH_DISMISS_KEY as DISMISS_KEY } from "~/browser/cookie-names";
import { pushAlertOffered, rememberPushState } from "./push-alert-state";
import { setPushSubscribed } from "./push-status";

export { DISMISS_KEY };
/** product.md §2: hidden on signup, notifications, activate-done, directdebit and premium (route ids). */
const HIDDEN_ON = new Set(["signup", "notifications", "activate-done", "directdebit", "premium"]);

const pushClient = () => import("./push-client");

export function EnableButton({ working, enable }: { working: string; enable: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="btn btn-primary btn-sm push-enable" onClick={enable} disabled={working === "working"}>
      {working === "working" ? t("settings:push.enabling") : t("settings:push.enable")}
    </button>
  );
}

/**
 * product.md §2 push-notification alert: a signed-in member whose browser can take pushes, but is
 * not subscribed, is asked to turn them on. Dismissible (kept like the other alerts); a refusal
 * turns it into the explanation of how to allow notifications. Its first render is the server's
 * (the cookies' view); once hydrated, it checks this browser and remembers the answer for the next
 * page, and tells the polling whether this browser is subscribed (product.md §4).
 */
export function PushAlert() {
  const { t } = useTranslation();
  const data = useRootData();
  const matches = useMatches();
  const key = data?.site.pushPublicKey ?? "";
  const push = data?.account?.pushAlert;
  const { dismissed, dismiss } = useDismissal(DISMISS_KEY, { serverDismissed: push?.dismissed ?? true });
  const [state, setState] = useState<PushState | null>(push?.browserState ?? null);
  const [working, setWorking] = useState<"idle" | "working" | "failed" | "refused">("idle");
  const [failure, setFailure] = useState<string | null>(null);
  const signedIn = Boolean(data?.user);

  useEffect(() => {
    if (!signedIn) return;
    let active = true;
    void pushClient()
      .then(({ pushState }) => pushState(key))
      .then((value) => {
        if (!active) return;
        setState(value);
        rememberPushState(value);
        setPushSubscribed(value === "subscribed");
      });
    return () => {
      active = false;
    };
  }, [key, signedIn]);

  async function enable() {
    setWorking("working");
    const { subscribeToPush } = await pushClient();
    const { outcome, message } = await subscribeToPush(key);
    setFailure(message);
    if (outcome === "failed") return setWorking("failed");
    setState(outcome);
    rememberPushState(outcome);
    setPushSubscribed(outcome === "subscribed");
    // "refused": the member (or the browser) said no just now; the alert explains how to allow it.
    setWorking(outcome === "denied" ? "refused" : "idle");
  }

  const offered = pushAlertOffered(key, state) || working === "refused";
  if (!signedIn || !offered || dismissed || matches.some((match) => HIDDEN_ON.has(match.id))) return null;

  return (
    <div className="container">
      <div className="alert alert-info app-alert push-alert" role="status">
        <p>
          {state === "denied" ? (
            t("settings:push.denied")
          ) : (
            <>
              <strong>{t("settings:push.alertTitle")}</strong> <span className="app-alert__detail">{t("settings:push.alertText")}</span>
            </>
          )}
          {working === "failed" && <span className="push-alert__failed"> {failure ?? t("settings:push.failed")}</span>}
        </p>
        {state !== "denied" && <EnableButton working={working} enable={enable} />}
        <button type="button" className="app-alert__close" onClick={dismiss} aria-label={t("settings:push.dismiss")}>
          ×
        </button>
      </div>
    </div>
  );
}
