/**
 * Web push in the browser (ADR 026, product.md §2 push alert, §4 push states): the alert's button
 * registers the service worker and subscribes; the subscription is stored for the member and the
 * alert goes away. A refused permission explains how to allow notifications. Each site has its
 * web app manifest and the service worker is served.
 *
 * Headless Chromium may have no push service to register with (no Google account or network):
 * then subscribing fails after the service worker registered, and the alert says so; the test
 * checks the stored subscription only when the browser got one.
 */
import { expect, test } from "@playwright/test";
import { createMember, db } from "./factories";
import { logIn } from "./log-in";

/** The browser's service-worker API, typed here: the tests' TypeScript setup has no DOM service-worker types. */
type ServiceWorkers = {
  getRegistration(scope: string): Promise<{ active?: { scriptURL: string } | null; installing?: { scriptURL: string } | null } | undefined>;
  ready: Promise<{ pushManager: { subscribe(options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }): Promise<unknown> } }>;
};
declare const navigator: { serviceWorker: ServiceWorkers };
declare const Notification: { permission: "default" | "granted" | "denied" };

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
