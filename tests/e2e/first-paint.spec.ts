/**
 * A member page looks the same before and after hydration (issue 34, ADR 046): the server's HTML
 * is what a phone paints first, so React must take it over without replacing an element, and the
 * alerts that ask something of the member (profile photo, push) come with it instead of popping in.
 *
 * The page's scripts are held until the server's page has been looked at, as on a slow phone.
 */
import { expect, test, type Page } from "./test";
import { createMember } from "./factories";
import { hydrated } from "./hydrated";
import { logIn } from "./log-in";

// These tests look at the page before its scripts run.
test.use({ awaitHydration: false });

/** The browser's DOM, typed here: the tests' TypeScript setup has no DOM types. */
type Node = { outerHTML: string; isConnected: boolean };
declare const document: { querySelector(selector: string): Node | null; querySelectorAll(selector: string): Iterable<Node> };
declare const window: { firstPhotos: Node[] };

/** Holds every script of the app until `release()`: what the page shows until then is the server's HTML. */
async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

type Snapshot = { main: string; alerts: string; photos: string[] };

/** Keeps the first tiles' photo elements (to compare identities later) and returns the page's markup. */
function snapshot(page: Page, photos: string): Promise<Snapshot> {
  return page.evaluate((selector) => {
    const images = [...document.querySelectorAll(selector)].slice(0, 4);
    window.firstPhotos = images;
    return {
      main: document.querySelector("main")!.outerHTML,
      alerts: document.querySelector(".layout__bottom-alerts")?.outerHTML ?? "",
      photos: images.map((image) => image.outerHTML),
    };
  }, photos);
}

/** The first photos after hydration are the very elements the server's HTML made (none replaced). */
function samePhotoElements(page: Page, photos: string): Promise<boolean[]> {
  return page.evaluate((selector) => {
    const now = [...document.querySelectorAll(selector)].slice(0, 4);
    const before = window.firstPhotos;
    return before.map((image, index) => image.isConnected && image === now[index]);
  }, photos);
}

for (const { name, path, photos } of [
  { name: "the search", path: () => "/members", photos: ".member-search__grid img" },
  { name: "a profile", path: (id: number) => `/members/${id}`, photos: ".member-profile img" },
]) {
  test(`${name}: the server's markup is what the hydrated page shows, the alerts included`, async ({ page }) => {
    // A member without a photo, in a browser that can take pushes: both alerts apply.
    const member = await createMember({ name: "Eerstebeeld" });
    await logIn(page, member.email, member.password);
    await page.goto("/members");
    const someone = Number((await page.locator(".member-search__grid .profile-card__link").first().getAttribute("href"))!.split("/").pop());

    const release = await holdScripts(page);
    await page.goto(path(someone), { waitUntil: "domcontentloaded" });
    await expect(page.locator(photos).first()).toBeVisible();
    // With the page, not after the first interaction: in the server's HTML, before any script ran.
    await expect(page.locator(".layout__bottom-alerts .profile-photo-alert")).toContainText("Voeg een profielfoto toe!");
    await expect(page.locator(".layout__bottom-alerts .push-alert")).toBeVisible();
    const before = await snapshot(page, photos);
    expect(before.photos.length).toBeGreaterThan(0);
    expect(before.photos[0]).toContain('fetchpriority="high"');

    release();
    await hydrated(page);
    // Let the effects of hydration (the browser's push state, the dismissals) settle.
    await page.waitForTimeout(500);
    const after = await snapshot(page, photos);
    expect(await samePhotoElements(page, photos)).toEqual(before.photos.map(() => true));
    expect(after.photos).toEqual(before.photos);
    expect(after.alerts).toBe(before.alerts);
    expect(after.main).toBe(before.main);
  });
}

test("a dismissed profile-photo alert is not in the next page's server markup", async ({ page, context }) => {
  const member = await createMember({ name: "Wegklikker" });
  await logIn(page, member.email, member.password);
  await page.goto("/likes");
  await hydrated(page);
  const alert = page.locator(".profile-photo-alert");
  await alert.getByRole("button", { name: "Sluiten" }).click();
  await expect(alert).toHaveCount(0);

  const release = await holdScripts(page);
  await page.goto("/members", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(alert).toHaveCount(0);
  await expect(page.locator(".push-alert")).toBeVisible();
  release();

  // A dismissal kept only in localStorage (from before the cookie): the next hydrated page writes the cookie.
  await hydrated(page);
  await context.clearCookies({ name: "hide-enrich-alert" });
  await page.goto("/likes");
  await hydrated(page);
  await expect(alert).toHaveCount(0);
  await page.unrouteAll();
  const heldAgain = await holdScripts(page);
  await page.goto("/members", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(alert).toHaveCount(0);
  heldAgain();
});

test("on a phone an alert is its title and its action, never the largest text of a profile without photos", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const [member, someone] = await Promise.all([createMember({ name: "Kleinscherm" }), createMember({ name: "Zonderfoto" })]);
  await logIn(page, member.email, member.password);
  await page.goto(`/members/${someone.profileId}`);
  const alerts = page.locator(".layout__bottom-alerts");
  await expect(alerts.locator(".push-alert strong")).toBeVisible();
  await expect(alerts.getByRole("button", { name: "Pushmeldingen aanzetten" })).toBeVisible();
  await expect(alerts.getByRole("link", { name: "Foto toevoegen" })).toBeVisible();
  await expect(alerts.locator(".app-alert__detail").first()).toBeHidden();

  const area = async (selector: string) => {
    const box = (await page.locator(selector).first().boundingBox())!;
    return box.width * box.height;
  };
  expect(await area(".push-alert p strong")).toBeLessThan(await area("h1"));

  // From a tablet's width the explanation is there again.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(alerts.locator(".push-alert .app-alert__detail")).toBeVisible();
});
