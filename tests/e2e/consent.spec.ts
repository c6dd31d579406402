/**
 * The cookie banner (ADR 031) in a real browser: on a site with a third-party script in its
 * settings, nothing loads until the visitor accepts; refusing keeps it out; the answer holds on the
 * next pages. In two languages. The script's host is answered by the test (no network here).
 */
import { expect, test, type Page } from "./test";
import { db } from "./factories";

const SCRIPT = "https://stats.example.com/tag.js";
let host = "";

/** A copy of the default site under a host of its own, with one analytics script. */
test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(90_000);
  host = `consent-${Date.now()}.localhost`;
  const client = db();
  const site = await client.execute({
    sql: `INSERT INTO sites (key, name, domain, domain_language, company_id, is_default, settings)
          SELECT ?, 'Consent Test', ?, domain_language, company_id, 0, json_set(settings, '$.thirdPartyScripts', json(?)) FROM sites WHERE is_default = 1
          RETURNING id`,
    args: [host, host, JSON.stringify([{ purpose: "analytics", src: SCRIPT, hosts: ["collect.example.net"] }])],
  });
  await client.execute({ sql: "INSERT INTO site_hosts (host, site_id) VALUES (?, ?)", args: [host, Number(site.rows[0]!.id)] });
  client.close();
  // Workers keep the sites for a minute: wait until the new host is served as its own site.
  const port = new URL(baseURL!).port;
  await expect
    .poll(async () => ((await (await fetch(`http://127.0.0.1:${port}/api/settings.php?host=${host}`)).json()) as { name: string }).name, {
      timeout: 75_000,
    })
    .toBe("Consent Test");
});

/** Opens a page of the test site with the script's host answered by the test; returns whether the script ran. */
async function open(page: Page, path: string) {
  const port = new URL(test.info().project.use.baseURL!).port;
  await page.route(`${SCRIPT}*`, (route) =>
    route.fulfill({ contentType: "application/javascript", body: "document.documentElement.dataset.statsLoaded = 'yes';" }),
  );
  await page.goto(`http://${host}:${port}${path}`);
}

const statsLoaded = (page: Page) => page.locator("html").getAttribute("data-stats-loaded");

test.describe("the cookie banner", () => {
  test("in Dutch: accepting loads the analytics script, on this page and the next", async ({ page }) => {
    // The banner and the tags are added to the HTML after React rendered it: hydration must not mind.
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await open(page, "/pricing?lang=nl");
    const banner = page.getByRole("region", { name: "Cookiekeuze" });
    await expect(banner).toContainText("stats.example.com");
    await expect(page.locator(`script[src="${SCRIPT}"]`)).toHaveCount(0);
    expect(await statsLoaded(page)).toBeNull();

    await banner.getByRole("button", { name: "Accepteren" }).click();
    await expect(page).toHaveURL(/\/pricing\?lang=nl$/);
    await expect(page.getByRole("region", { name: "Cookiekeuze" })).toHaveCount(0);
    await expect(page.locator(`script[src="${SCRIPT}"]`)).toHaveCount(1);
    await expect.poll(() => statsLoaded(page)).toBe("yes");

    await page.goto(page.url().replace(/\/pricing.*/, "/?lang=nl"));
    await expect(page.locator(`script[src="${SCRIPT}"]`)).toHaveCount(1);
    await page.getByRole("link", { name: "Prijzen" }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(errors.filter((text) => /hydrat|did not match/i.test(text))).toEqual([]);
  });

  test("in German: refusing keeps the script out; the cookie policy page lets the visitor change their mind", async ({ page }) => {
    await open(page, "/?lang=de");
    const banner = page.getByRole("region", { name: "Cookie-Auswahl" });
    await expect(banner).toContainText("Bist du einverstanden?");
    await banner.getByRole("button", { name: "Ablehnen" }).click();
    await expect(page.getByRole("region", { name: "Cookie-Auswahl" })).toHaveCount(0);
    await expect(page.locator(`script[src="${SCRIPT}"]`)).toHaveCount(0);
    expect(await statsLoaded(page)).toBeNull();

    await page.goto(page.url().replace(/\/\?lang=de$/, "/pages/cookies?lang=de"));
    const again = page.getByRole("region", { name: "Cookie-Auswahl" });
    await expect(again).toContainText("Du hast diese Skripte abgelehnt.");
    await again.getByRole("button", { name: "Akzeptieren" }).click();
    await expect(page.locator(`script[src="${SCRIPT}"]`)).toHaveCount(1);
  });
});
