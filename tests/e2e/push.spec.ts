/**
 * Web push in the browser (ADR 026, product.md §2 push alert, §4 push states): the alert's button
 * registers the service worker and subscribes; the subscription is stored for the member and the
 * alert goes away. A refused permission explains how to allow notifications. Each site has its
 * web app manifest and the service worker is served.
 *
 * Headless Chromium may have no push service to register with (no Google account or network):
 * then subscribing fails after the service worker registered, and the alert says so; the test
 * checks the stored subscription only when the browser got one. The end-to-end push test gives the
 * browser a subscription on a push service of its own (tests/e2e/push-service.ts): everything else
 * — the alert, storing the subscription, the chat, the Worker's encrypted and signed push, the
 * service worker showing it — runs for real.
 */
import { expect, test } from "./test";
import { createMember, db } from "./factories";
import { logIn } from "./log-in";
import { decryptPush, startPushService, verifyVapid } from "./push-service";

/** The browser's service-worker API, typed here: the tests' TypeScript setup has no DOM service-worker types. */
type ServiceWorkers = {
  getRegistration(scope: string): Promise<{ active?: { scriptURL: string } | null; installing?: { scriptURL: string } | null } | undefined>;
  ready: Promise<{ pushManager: { subscribe(options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }): Promise<unknown> } }>;
};
declare const navigator: { serviceWorker: ServiceWorkers };
declare const Notification: { permission: "default" | "granted" | "denied" };

async function defaultSiteName() {
  const client = db();
  const result = await client.execute("SELECT name FROM sites WHERE is_default = 1");
  client.close();
  return String(result.rows[0]!.name);
}

async function subscriptionsOf(userId: number) {
  const client = db();
  const result = await client.execute({ sql: "SELECT endpoint FROM push_subscriptions WHERE user_id = ?", args: [userId] });
  client.close();
  return result.rows.map((row) => String(row.endpoint));
}

test("a member turns on push from the alert: the service worker registers and the subscription is stored", async ({ page, context }) => {
  await context.grantPermissions(["notifications"]);
  const member = await createMember({ name: "Pusher" });
  await logIn(page, member.email, member.password);
  await page.goto("/likes");

  const alert = page.locator(".push-alert");
  await expect(alert).toContainText("Mis geen bericht.");
  await alert.getByRole("button", { name: "Pushmeldingen aanzetten" }).click();

  // Either the browser subscribed (the alert goes, the subscription is stored), or it has no push service.
  const failedText = page.locator(".push-alert__failed");
  await expect.poll(async () => (await alert.count()) === 0 || (await failedText.count()) > 0, { timeout: 20_000 }).toBe(true);
  const registered = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration("/");
    return registration?.active?.scriptURL ?? registration?.installing?.scriptURL ?? null;
  });
  expect(registered).toMatch(/\/sw\.js$/);

  const failed = await failedText.count();
  if (failed === 0) {
    await expect(alert).toHaveCount(0);
    await expect.poll(() => subscriptionsOf(member.userId)).toHaveLength(1);
    await page.goto("/notifications");
    await expect(page.getByText("Pushmeldingen staan aan in deze browser.")).toBeVisible();
  } else {
    const reason = await page.evaluate(
      async (key) => {
        const registration = await navigator.serviceWorker.ready;
        const bytes = Uint8Array.from(atob(key.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0));
        return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes }).then(
          () => "subscribed",
          (error: Error) => `${error.name}: ${error.message}`,
        );
      },
      await page.evaluate(() =>
        fetch("/api/settings.php")
          .then((response) => response.json() as Promise<{ push_public_key: string }>)
          .then((body) => body.push_public_key),
      ),
    );
    test.info().annotations.push({ type: "push", description: `no push service in this browser: ${reason}` });
    await expect(alert).toContainText("Pushmeldingen aanzetten is niet gelukt.");
    expect(await subscriptionsOf(member.userId)).toHaveLength(0);
  }
});

test("a refused permission explains how to allow notifications, on the alert and on /notifications", async ({ page, context }) => {
  await context.clearPermissions();
  const member = await createMember({ name: "Weigeraar" });
  await logIn(page, member.email, member.password);
  await page.goto("/likes");
  const alert = page.locator(".push-alert");
  await alert.getByRole("button", { name: "Pushmeldingen aanzetten" }).click();
  await expect(alert).toContainText("Je browser blokkeert meldingen van deze site.");
  await alert.getByRole("button", { name: "Melding sluiten" }).click();
  await expect(alert).toHaveCount(0);
  await page.reload();
  await expect(page.locator(".layout__content")).toBeVisible();
  await expect(alert).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("hide-push-notification-alert"))).toMatch(/^\d+$/);
  await page.goto("/notifications");
  const section = page.locator(".notifications-page__push");
  await expect(section.getByRole("heading", { name: "Pushmeldingen op dit apparaat" })).toBeVisible();
  if ((await page.evaluate(() => Notification.permission)) === "denied") {
    await expect(section).toContainText("Je browser blokkeert meldingen van deze site.");
  } else {
    await expect(section.getByRole("button", { name: "Pushmeldingen aanzetten" })).toBeVisible();
  }
});

test("the site's web app manifest and the service worker are served", async ({ request, page }) => {
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.ok()).toBe(true);
  expect(await manifest.json()).toMatchObject({ display: "standalone", start_url: "/", theme_color: "#8b1226" });
  const worker = await request.get("/sw.js");
  expect(worker.ok()).toBe(true);
  expect(await worker.text()).toContain("setAppBadge");
  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
});

test("a new message reaches the member's service worker as an encrypted push, without the message's text", async ({
  page,
  context,
  browser,
}) => {
  // Two members, a chat and a push through a push service of our own: longer than the default on a loaded machine.
  test.setTimeout(120_000);
  const pushService = await startPushService();
  try {
    const subscription = await pushService.subscription();
    const anna = await createMember({ name: "Anna" });
    const bram = await createMember({ name: "Bram", credits: 30 });
    const siteName = await defaultSiteName();

    // The browser's push service is ours: PushManager hands out the subscription made above.
    await context.grantPermissions(["notifications"]);
    await page.addInitScript(
      ({ endpoint, keys }) => {
        const fake = {
          endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: null },
          getKey: (name: "p256dh" | "auth") =>
            Uint8Array.from(atob(keys[name].replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)).buffer,
          toJSON: () => ({ endpoint, expirationTime: null, keys }),
          unsubscribe: async () => true,
        };
        let current: typeof fake | null = null;
        const pushManager = (globalThis as unknown as { PushManager: { prototype: Record<string, unknown> } }).PushManager.prototype;
        pushManager.subscribe = async () => {
          current = fake;
          return fake;
        };
        pushManager.getSubscription = async () => current;
      },
      { endpoint: subscription.endpoint, keys: subscription.keys },
    );

    // The service worker's registration, as DevTools sees it: the push is delivered to it below.
    const cdp = await context.newCDPSession(page);
    const registrations = new Map<string, string>();
    cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => {
      for (const registration of event.registrations) {
        if (registration.isDeleted) registrations.delete(registration.scopeURL);
        else registrations.set(registration.scopeURL, registration.registrationId);
      }
    });
    await cdp.send("ServiceWorker.enable");

    // Anna's live socket cannot open here: what reaches her open tab below is the push alone.
    await page.routeWebSocket(/\/api\/chat-socket$/, (ws) => ws.close({ code: 1006, reason: "" }));

    // Anna turns push on from the alert; the subscription is stored for her.
    await logIn(page, anna.email, anna.password);
    await page.goto("/likes");
    const alert = page.locator(".push-alert");
    const pollAfterSubscribing = page.waitForRequest((request) => new URL(request.url()).pathname.endsWith(".data"), { timeout: 20_000 });
    await alert.getByRole("button", { name: "Pushmeldingen aanzetten" }).click();
    await expect(alert).toHaveCount(0);
    await expect.poll(() => subscriptionsOf(anna.userId)).toEqual([subscription.endpoint]);
    // Subscribed, the page polls 5 s later and then every 300 s: the next news comes by push.
    await pollAfterSubscribing;
    const origin = new URL(page.url()).origin;
    await expect.poll(() => registrations.get(`${origin}/`)).toBeTruthy();

    // Bram writes to Anna through the chat.
    const secret = "Mijn geheime zin voor jou alleen";
    const bramContext = await browser.newContext();
    const bramPage = await bramContext.newPage();
    await logIn(bramPage, bram.email, bram.password);
    await bramPage.goto(`/members/${anna.profileId}`);
    await bramPage.getByRole("link", { name: "Stuur een bericht" }).click();
    await bramPage.getByRole("textbox", { name: "Je bericht" }).fill(secret);
    await bramPage.getByRole("button", { name: "Versturen" }).click();
    await expect(bramPage).toHaveURL(/\/chats\/\d+$/);
    const conversationId = Number(/\/chats\/(\d+)$/.exec(bramPage.url())![1]);
    await bramContext.close();

    // The Worker's push reaches the push service: encrypted for Anna's browser, signed with the deployment's VAPID key.
    await expect.poll(() => pushService.deliveries.length, { timeout: 15_000 }).toBe(1);
    const [delivery] = pushService.deliveries as [(typeof pushService.deliveries)[number]];
    expect(delivery.path).toBe(new URL(subscription.endpoint).pathname);
    expect(delivery.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(delivery.headers.ttl)).toBeGreaterThan(0);
    const vapid = await verifyVapid(delivery.headers.authorization);
    const publicKey = await page.evaluate(() =>
      fetch("/api/settings.php")
        .then((response) => response.json() as Promise<{ push_public_key: string }>)
        .then((body) => body.push_public_key),
    );
    expect(vapid.k).toBe(publicKey);
    expect(vapid.header.alg).toBe("ES256");
    // Signed for the endpoint's https form: the push library signs only https push resources (app/notifications/push-endpoint.ts).
    expect(vapid.claims.aud).toBe(new URL(subscription.endpoint).origin.replace("http:", "https:"));
    expect(vapid.claims.sub).toMatch(/^mailto:/);
    expect(vapid.claims.exp * 1000).toBeGreaterThan(Date.now());

    const text = await decryptPush(subscription, delivery.body);
    expect(text).not.toContain(secret);
    expect(JSON.parse(text)).toEqual({
      title: siteName,
      body: "Bram is een gesprek met je begonnen",
      url: `/chats/${conversationId}`,
      tag: `chat-${conversationId}`,
      count: 1,
    });

    // Delivered to Anna's service worker, the push shows as a notification, and her open tab
    // (no socket, no poll due) reloads its chats and likes: the unread badge appears.
    const unreadBadge = page.locator('.topnav__menu a[href="/chats"] .badge');
    await expect(unreadBadge).toHaveCount(0);
    await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: registrations.get(`${origin}/`)!, data: text });
    await expect(unreadBadge).toContainText("1");
    const notifications = () =>
      page.evaluate(async () => {
        const registration = (await navigator.serviceWorker.ready) as unknown as {
          getNotifications(): Promise<{ title: string; body: string; tag: string; data: { url: string } }[]>;
        };
        return (await registration.getNotifications()).map(({ title, body, tag, data }) => ({ title, body, tag, url: data.url }));
      });
    await expect.poll(notifications).toEqual([
      {
        title: siteName,
        body: "Bram is een gesprek met je begonnen",
        tag: `chat-${conversationId}`,
        url: `${origin}/chats/${conversationId}`,
      },
    ]);
  } finally {
    await pushService.close();
  }
});
