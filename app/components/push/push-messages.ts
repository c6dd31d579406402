/**
 * The page's side of a push (spec §4 "A newly pushed message triggers a reload of chats and
 * likes"; §3 Push: "last push message"): the service worker (public/sw.js) tells every open tab of
 * the site about each push it shows; the tab keeps the last one and reloads its data. Loaded with
 * the default layout's deferred part, never in first-load JavaScript.
 */
export type PushMessage = { title: string; body: string; url: string; tag: string | null; count: number };

let lastPushMessage: PushMessage | null = null;

/** The last push this tab was told about (null before the first). */
export function lastPush(): PushMessage | null {
  return lastPushMessage;
}

/** What the service worker posts: `{ type: "push", message }`; anything else is no push. */
export function pushMessageOf(data: unknown): PushMessage | null {
  const envelope = data as { type?: unknown; message?: Partial<Record<keyof PushMessage, unknown>> } | null;
  if (envelope?.type !== "push" || typeof envelope.message !== "object" || envelope.message === null) return null;
  const { title, body, url, tag, count } = envelope.message;
  return {
    title: typeof title === "string" ? title : "",
    body: typeof body === "string" ? body : "",
    url: typeof url === "string" ? url : "/",
    tag: typeof tag === "string" ? tag : null,
    count: Math.max(0, Math.floor(Number(count) || 0)),
  };
}

/** Calls `onPush` for every push the service worker reports while the page is open; returns the unsubscribe. */
export function listenForPushes(onPush: (message: PushMessage) => void): () => void {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return () => undefined;
  const container = navigator.serviceWorker;
  const listener = (event: MessageEvent) => {
    const message = pushMessageOf(event.data);
    if (!message) return;
    lastPushMessage = message;
    onPush(message);
  };
  container.addEventListener("message", listener);
  container.startMessages();
  return () => container.removeEventListener("message", listener);
}
