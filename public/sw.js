/**
 * The service worker (ADR 025, product.md §3 "Push"): plain JavaScript, served as is, registered
 * only when a member turns push on. It shows each push, tells the site's open tabs about it (they
 * keep it as the last push message and reload chats and likes: app/components/push/push-messages.ts),
 * opens the push's page on a click (focusing a tab that shows it, else an open tab of the site, else
 * a new window) and sets the app badge to the push's count (unread messages plus new likes; the
 * pages keep it right afterwards). The payload is `{ title, body, url, tag, count }`
 * (app/notifications/push.server.ts); it never holds a message's text.
 */
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/** Only paths of this site are opened: "/chats/12", never "//elsewhere" or another origin. */
function sameSiteUrl(path) {
  return typeof path === "string" && path.startsWith("/") && !path.startsWith("//") ? new URL(path, self.location.origin).href : self.location.origin + "/";
}

function setBadge(count) {
  if (!("setAppBadge" in self.navigator)) return Promise.resolve();
  const badge = count > 0 ? self.navigator.setAppBadge(count) : self.navigator.clearAppBadge();
  return badge.catch(() => undefined);
}

/** spec §4: a newly pushed message makes the open tabs reload chats and likes. */
function tellOpenTabs(message) {
  return self.clients
    .matchAll({ type: "window", includeUncontrolled: true })
    .then((windows) => {
      for (const client of windows) client.postMessage({ type: "push", message });
    })
    .catch(() => undefined);
}

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const count = Math.max(0, Math.floor(Number(data.count) || 0));
  const message = {
    title: typeof data.title === "string" ? data.title : self.location.hostname,
    body: typeof data.body === "string" ? data.body : "",
    url: sameSiteUrl(data.url),
    tag: typeof data.tag === "string" ? data.tag : null,
    count,
  };
  event.waitUntil(
    Promise.all([
      setBadge(count),
      self.registration.showNotification(message.title, {
        body: message.body,
        tag: message.tag || undefined,
        renotify: message.tag !== null,
        icon: "/favicon.svg",
        data: { url: message.url },
      }),
      tellOpenTabs(message),
    ]),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || sameSiteUrl("/");
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const showing = windows.find((client) => client.url === url);
      if (showing) return showing.focus();
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin && "navigate" in client);
      if (open) {
        try {
          const focused = await open.focus();
          return await focused.navigate(url);
        } catch {
          // An uncontrolled tab cannot be navigated from here: open a new one.
        }
      }
      return self.clients.openWindow(url);
    })(),
  );
});

/** The push service renewed the subscription: store the new one for the same member. */
self.addEventListener("pushsubscriptionchange", (event) => {
  const key = event.oldSubscription && event.oldSubscription.options.applicationServerKey;
  if (!key) return;
  event.waitUntil(
    self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }).then((subscription) =>
      fetch("/api/user.php?push=1", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
        body: JSON.stringify({ subscription: subscription.toJSON() }),
      }),
    ),
  );
});
