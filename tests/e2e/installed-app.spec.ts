/**
 * The installed app (product.md §2): opened from the home screen, a profile, the likes lists and
 * the credits pages get a back button (when there is a page of ours to go back to), the footer has
 * its short disclaimer, and the entry warning never shows.
 *
 * Headless Chromium cannot be an installed app: CDP's media emulation ignores `display-mode`, and
 * a web app installed and launched through CDP still reports `browser`. So the test makes the
 * app's own conditions true: its stylesheet is served with `(display-mode: standalone)` read as
 * `all`, and `matchMedia` answers that query with a match.
 */
import { expect, test, type BrowserContext, type Page } from "./test";
import { createMember } from "./factories";
import { hydrated } from "./hydrated";
import { logIn } from "./log-in";

async function emulateInstalledApp(context: BrowserContext) {
  await context.route(/\.css(\?|$)/, async (route) => {
    const response = await route.fetch();
    const css = (await response.text()).replace(/\(\s*display-mode\s*:\s*standalone\s*\)/g, "all");
    await route.fulfill({ response, body: css });
  });
  await context.addInitScript(() => {
    const page = globalThis as unknown as { matchMedia: (query: string) => unknown };
    const matchMedia = page.matchMedia.bind(globalThis);
    page.matchMedia = (query) => matchMedia(/display-mode:\s*standalone/.test(query) ? "all" : query);
  });
}

const backButton = (page: Page) => page.getByRole("button", { name: "Terug" });

/** From the search page to the first profile in it, the way a member taps a tile. */
async function openProfileFromSearch(page: Page) {
  await page.goto("/members");
  await page.locator(".profile-card__link").first().click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
}

test.describe("the installed app", () => {
  test.use({ extraHTTPHeaders: { "CF-IPCountry": "NL" } });
  // A stylesheet still on its way when a test ends (a hydrated page prefetches the member's next
  // pages when idle) loses its response with the context: the test is over, not failed.
  test.afterEach(async ({ context }) => {
    await context.unrouteAll({ behavior: "ignoreErrors" });
  });

  test("shows no entry warning and the short footer disclaimer to a visitor", async ({ context, page }) => {
    await emulateInstalledApp(context);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Alleen voor volwassenen" })).toBeHidden();
    const footer = page.locator("footer");
    await expect(footer.getByText("Alleen voor volwassenen vanaf 18 jaar.")).toBeVisible();
    await expect(footer.getByText(/uitsluitend bedoeld voor volwassenen/)).toBeHidden();
    await expect(footer.locator("address")).toBeHidden();
  });

  test("has a back button on a profile reached from search, and none without a page to go back to", async ({ context, page }) => {
    await emulateInstalledApp(context);
    const member = await createMember({ name: "Appie" });
    await logIn(page, member.email, member.password);

    await page.goto("/members");
    await expect(backButton(page)).toBeHidden(); // search is not one of the pages with a back button
    await openProfileFromSearch(page);
    const profileUrl = page.url();
    await expect(backButton(page)).toBeVisible();
    await expect(page.locator("footer").getByText(/Met hen kun je chatten, maar niet afspreken/)).toBeVisible();
    await expect(page.locator("footer").getByText(/Je koopt credits altijd/)).toBeHidden();
    await backButton(page).click();
    await expect(page).toHaveURL(/\/members(\?|$)/);

    // Opened straight on the profile in a window of its own (as a push notification opens it):
    // nothing of ours to go back to.
    const opened = await context.newPage();
    await opened.goto(profileUrl);
    await expect(opened.getByRole("heading", { level: 1 })).toBeVisible();
    await hydrated(opened);
    await expect(backButton(opened)).toBeHidden();
  });

  test("has a back button on a profile reached by a whole page load, as a tap before the page hydrated makes", async ({
    context,
    page,
  }) => {
    await emulateInstalledApp(context);
    const member = await createMember({ name: "Vlug" });
    await logIn(page, member.email, member.password);
    await page.goto("/members");
    const profilePath = await page.locator(".profile-card__link").first().getAttribute("href");
    await page.goto(profilePath!);
    await expect(backButton(page)).toBeVisible();
    await backButton(page).click();
    await expect(page).toHaveURL(/\/members(\?|$)/);
  });
});

test("a browser tab has neither the back button nor the short footer", async ({ page }) => {
  const member = await createMember({ name: "Tabby" });
  await logIn(page, member.email, member.password);
  await openProfileFromSearch(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(backButton(page)).toBeHidden();
  await expect(page.locator("footer").getByText(/Je koopt credits altijd/)).toBeVisible();
  await expect(page.locator("footer").getByText(/Met hen kun je chatten, maar niet afspreken/)).toBeHidden();
});
