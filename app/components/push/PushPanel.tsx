/**
 * The push alert of the default layout and the push section of /notifications (product.md §2, §4
 * push states; ADR 026). This module and the push code it uses load on demand (React.lazy), after
 * the page: no page's first-load JavaScript carries them.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { useMatches } from "react-router";
import { useDismissal } from "~/components/alerts/use-dismissal";
import { useRootData } from "~/root";
import { pushState, subscribeToPush, type PushState } from "./push-client";

/** product.md §3: the dismissal time (unix seconds) is stored under this key. */
export const DISMISS_KEY = "hide-push-notification-alert";
/** product.md §2: hidden on signup, notifications, activate-done, directdebit and premium (route ids). */
const HIDDEN_ON = new Set(["signup", "notifications", "activate-done", "directdebit", "premium"]);

function usePush(vapidPublicKey: string) {
  const [state, setState] = useState<PushState | "checking">("checking");
  const [working, setWorking] = useState<"idle" | "working" | "failed" | "refused">("idle");
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    void pushState(vapidPublicKey).then((value) => active && setState(value));
    return () => {
      active = false;
    };
  }, [vapidPublicKey]);
  async function enable() {
    setWorking("working");
    const { outcome, message } = await subscribeToPush(vapidPublicKey);
    setFailure(message);
    if (outcome === "failed") return setWorking("failed");
    setState(outcome);
    // "refused": the member (or the browser) said no just now; the alert explains how to allow it.
    setWorking(outcome === "denied" ? "refused" : "idle");
  }
  return { state, working, failure, enable };
}

function EnableButton({ working, enable }: { working: string; enable: () => void }) {
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
 * turns it into the explanation of how to allow notifications. Tells the layout whether this
 * browser is subscribed (polling slows down then, product.md §4).
 */
export default function PushAlert({ onSubscribed }: { onSubscribed(subscribed: boolean): void }) {
  const { t } = useTranslation();
  const data = useRootData();
  const matches = useMatches();
  const { dismissed, dismiss } = useDismissal(DISMISS_KEY);
  const { state, working, failure, enable } = usePush(data?.site.pushPublicKey ?? "");
  const subscribed = state === "subscribed";
  useEffect(() => onSubscribed(subscribed), [onSubscribed, subscribed]);
  const offered = state === "available" || working === "refused";
  if (!data?.user || !offered || dismissed || matches.some((match) => HIDDEN_ON.has(match.id))) return null;

  return (
    <div className="container">
      <div className="alert alert-info app-alert push-alert" role="status">
        <p>
          {state === "denied" ? (
            t("settings:push.denied")
          ) : (
            <>
              <strong>{t("settings:push.alertTitle")}</strong> {t("settings:push.alertText")}
            </>
          )}
          {working === "failed" && <span className="push-alert__failed"> {failure ?? t("settings:push.failed")}</span>}
        </p>
        {state === "available" && <EnableButton working={working} enable={enable} />}
        <button type="button" className="app-alert__close" onClick={dismiss} aria-label={t("settings:push.dismiss")}>
          ×
        </button>
      </div>
    </div>
  );
}

/** The push section of /notifications: this browser's push state, the enable button, or why it cannot. */
export function PushSettings() {
  const { t } = useTranslation();
  const { state, working, failure, enable } = usePush(useRootData()?.site.pushPublicKey ?? "");
  if (state === "checking") return null;
  return (
    <section className="notifications-page__push" aria-labelledby="push-title">
      <h2 id="push-title">{t("settings:push.title")}</h2>
      {state === "subscribed" && <p>{t("settings:push.on")}</p>}
      {state === "unsupported" && <p>{t("settings:push.unsupported")}</p>}
      {state === "denied" && (
        <p className="alert alert-warning" role="status">
          {t("settings:push.denied")}
        </p>
      )}
      {state === "available" && (
        <>
          <p>{t("settings:push.off")}</p>
          <EnableButton working={working} enable={enable} />
        </>
      )}
      {working === "failed" && (
        <p className="field-error" role="alert">
          {failure ?? t("settings:push.failed")}
        </p>
      )}
    </section>
  );
}
