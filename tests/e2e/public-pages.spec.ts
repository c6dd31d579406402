import { expect, test } from "./test";

test.describe("a logged-out visitor", () => {
  test("sees the home page in Dutch with recently active members and a way to sign up", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Ontmoet nieuwe mensen op Flirtparadijs");
    await expect(page.getByRole("link", { name: "Gratis aanmelden" }).first()).toHaveAttribute("href", "/signup");
    await expect(page.getByRole("link", { name: "Inloggen" })).toBeVisible();
    await expect(page.locator(".profile-card img").first()).toBeVisible();
    const avatar = await page.locator(".profile-card img").first().getAttribute("src");
    const image = await page.request.get(avatar!);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toMatch(/^image\/(png|jpeg)$/);
  });

  test("switches the language from the menu and keeps it", async ({ page }) => {
    await page.goto("/pricing");
    await page.getByLabel("Taal").selectOption("en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pricing");
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Meet new people");
  });

  test("shows a 404 page with a link back home", async ({ page, context }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deze pagina kon niet worden gevonden");
    await context.addCookies([{ name: "locale", value: "en", url: page.url() }]);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page could not be found");
    await page.getByRole("link", { name: "Back to the home page" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("reads a content page in Polish, filled in with the company's details", async ({ page, context }) => {
    await context.addCookies([{ name: "locale", value: "pl", url: "http://localhost:8790" }]);
    await page.goto("/pages/privacy");
    await expect(page.locator("html")).toHaveAttribute("lang", "pl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/prywatno/i);
    await expect(page.locator("main")).toContainText("Lovelink Media B.V.");
    await expect(page.locator("main")).not.toContainText("{{");
  });

  test("sees the packages on the pricing page, one marked popular, all one-off payments", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page.locator(".package")).toHaveCount(4);
    await expect(page.locator(".package--popular")).toContainText("Meest gekozen");
    await expect(page.locator(".package").first()).toContainText("Eenmalige betaling, geen abonnement");
    await expect(page.getByText("Al vanaf € 1,35 per bericht")).toBeVisible();
  });
});

test.describe("the adult entry warning", () => {
  test.use({ extraHTTPHeaders: { "CF-IPCountry": "NL" } });

  test("shows once to a visitor from the Netherlands and stays dismissed", async ({ page }) => {
    await page.goto("/");
    const dialog = page.getByRole("dialog", { name: "Alleen voor volwassenen" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Ik ben 18+ en ga verder" }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.goto("/pages/faq");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("is not shown to visitors from countries the site has not configured", async ({ browser }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { "CF-IPCountry": "FR" } });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await context.close();
  });
});
