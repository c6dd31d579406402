/**
 * Web push in the browser (product.md §3 "Push", §4 push states; ADR 026). Loaded on demand (a
 * dynamic import), so no page's first-load JavaScript carries it. Push is offered when the browser
 * has service workers, the Push API and notifications, and the site has a VAPID public key. The
 * service worker (public/sw.js) is registered only when the member enables push; the subscription
 * is stored by POST /api/user.php?push=1 (product.md §7).
 */
import { href } from "react-router";
import { callApi } from "~/utils/call-api";

export type PushState = "unsupported" | "denied" | "subscribed" | "available";

function applicationServerKey(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + "=".repeat((4 - (base64Url.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
  return bytes;
}

const supported = (vapidPublicKey: string) =>
  Boolean(vapidPublicKey) && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** This browser's subscription, when it has one (a service worker was registered when push was enabled). */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** product.md §4 push states: capable (available), subscribed, denied, or not offered at all. */
export async function pushState(vapidPublicKey: string): Promise<PushState> {
  if (!supported(vapidPublicKey)) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  try {
    return (await currentSubscription()) && Notification.permission === "granted" ? "subscribed" : "available";
  } catch {
    return "unsupported";
  }
}

export type SubscribeOutcome = {
  outcome: "subscribed" | "denied" | "failed";
  /** Why the server refused the subscription, in the member's language; null when it did not say. */
  message: string | null;
};

/**
 * Asks for permission, registers the service worker, subscribes and stores the subscription.
 * "denied" when the member (or the browser) refuses notifications, "failed" for anything else.
 */
export async function subscribeToPush(vapidPublicKey: string): Promise<SubscribeOutcome> {
  const failed = (message: string | null = null): SubscribeOutcome => ({ outcome: "failed", message });
  try {
    const permission = await Notification.requestPermission();
    if (permission === "denied") return { outcome: "denied", message: null };
    if (permission !== "granted") return failed();
    await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    const registration = await navigator.serviceWorker.ready;
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(vapidPublicKey) }));
    // Storing the same subscription twice keeps one: safe to repeat.
    const response = await callApi(
      `${href("/api/user.php")}?push=1`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
        body: JSON.stringify({ subscription: subscription.toJSON() }),
      },
      true,
    );
    if (response.ok) return { outcome: "subscribed", message: null };
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    return failed(typeof body?.message === "string" ? body.message : null);
  } catch {
    return failed();
  }
}
