/**
 * Web push in the browser (product.md §3 "Push: capability, subscription"): offered only when the
 * browser has the Push API, a service worker is registered and the site has a VAPID public key.
 * The subscription is stored by POST /api/user.php?push=1 (product.md §7).
 */
function applicationServerKey(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + "=".repeat((4 - (base64Url.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
  return bytes;
}

export type PushCapability = "capable" | "unsupported" | "denied";

export async function pushCapability(vapidPublicKey: string): Promise<PushCapability> {
  if (!vapidPublicKey || !("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    return "unsupported";
  }
  if (Notification.permission === "denied") return "denied";
  const registration = await navigator.serviceWorker.getRegistration();
  return registration?.pushManager ? "capable" : "unsupported";
}

/** Asks for permission, subscribes and stores the subscription; false when refused or failed. */
export async function subscribeToPush(vapidPublicKey: string): Promise<boolean> {
  try {
    if ((await Notification.requestPermission()) !== "granted") return false;
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) return false;
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(vapidPublicKey) }));
    const response = await fetch("/api/user.php?push=1", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
      body: JSON.stringify({ subscription: subscription.toJSON() }),
    });
    return response.ok;
  } catch {
    return false;
  }
}
