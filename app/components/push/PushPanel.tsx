/**
 * The push section of /notifications (product.md §4 push states; ADR 026). This module and the push
 * code it uses load on demand (React.lazy), after the page: no page's first-load JavaScript carries
 * them. The layout's push alert is PushAlert.tsx.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { useRootData } from "~/root";
import { EnableButton } from "./PushAlert";
import { rememberPushState } from "./push-alert-state";
import { pushState, subscribeToPush, type PushState } from "./push-client";
import { setPushSubscribed } from "./push-status";

/** What this page learned of the browser's push state: for the polling, and for the server's next page (the alert). */
function learned(state: PushState) {
  rememberPushState(state);
  setPushSubscribed(state === "subscribed");
}

function usePush(vapidPublicKey: string) {
  const [state, setState] = useState<PushState | "checking">("checking");
  const [working, setWorking] = useState<"idle" | "working" | "failed" | "refused">("idle");
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    void pushState(vapidPublicKey).then((value) => {
      if (!active) return;
      setState(value);
      learned(value);
    });
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
    learned(outcome);
    // "refused": the member (or the browser) said no just now; the alert explains how to allow it.
    setWorking(outcome === "denied" ? "refused" : "idle");
  }
  return { state, working, failure, enable };
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
