import { expect, test, type Page } from "./test";
import { latestMail, linkIn, uniqueEmail } from "./factories";

const PASSWORD = "correct horse battery";

async function fillAccountForm(scope: ReturnType<Page["locator"]>, email: string, name: string) {
  await scope.getByLabel("Ik ben een").selectOption("male");
  await scope.getByLabel("Op zoek naar").selectOption("female");
  await scope.getByLabel("Profielnaam").fill(name);
  await scope.getByLabel("E-mailadres").fill(email);
  await scope.getByLabel("Wachtwoord").fill(PASSWORD);
  await scope.getByLabel("Geboortedatum").fill("1990-05-17");
  await scope.getByLabel("Ik ga akkoord met de").check();
}

test.describe("signing up", () => {
  test("signs up on /signup, confirms the mail, logs out and logs in again", async ({ page }) => {
    const email = uniqueEmail("journey");
    await page.goto("/signup");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Maak gratis je account aan");

    // A visitor's page is plain HTML (ADR 032): the form posts, and the shared schema answers from the server.
    await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
    await fillAccountForm(page.locator("main"), email, "@jan");
    await page.getByRole("button", { name: "Account aanmaken" }).click();
    await expect(page.getByText("Je profielnaam mag niet beginnen met een @")).toBeVisible();
    await expect(page.getByLabel("E-mailadres")).toHaveValue(email);

    await fillAccountForm(page.locator("main"), email, "Jan");
    await page.getByRole("button", { name: "Account aanmaken" }).click();

    await expect(page).toHaveURL(/\/signup\?step=photo$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Je profielfoto");
    await expect(page.getByText("Bevestig je e-mailadres").first()).toBeHidden();
    // The account form was a plain post (a visitor's page has no React, ADR 032): the member's steps
    // load as a new document, which hydrates before the next steps' choices are made.
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Verder" }).click();

    await expect(page).toHaveURL(/step=location/);
    await page.getByLabel("Regio").selectOption({ label: "Utrecht" });
    await page.getByRole("button", { name: "Opslaan en verder" }).click();

    await expect(page).toHaveURL(/step=personal/);
    await page.getByLabel("Haarkleur").selectOption("brown");
    await page.getByRole("button", { name: "Opslaan en verder" }).click();

    await expect(page).toHaveURL(/step=about/);
    await page.getByRole("textbox", { name: "Over mij" }).fill("Ik hou van fietsen en goede koffie.");
    await page.getByRole("button", { name: "Opslaan en verder" }).click();

    await expect(page).toHaveURL(/step=push/);
    // Chromium can take pushes: the step offers them, and the member skips.
    await expect(page.getByRole("button", { name: "Meldingen aanzetten" })).toBeVisible();
    await page.getByRole("button", { name: "Overslaan", exact: true }).click();

    await expect(page).toHaveURL(/step=done/);
    await expect(page.locator("main")).toContainText(email);
    await page.getByRole("button", { name: "Stuur de mail opnieuw" }).click();
    await expect(page.getByText("Als er een onbevestigd account bij dit e-mailadres hoort")).toBeVisible();

    const mail = await latestMail(email);
    expect(mail?.subject).toContain("Bevestig je e-mailadres");
    const link = linkIn(mail!.text, "/activate");
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));

    await expect(page).toHaveURL(/\/activate\/done$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welkom! Je account is actief");
    await expect(page.getByText("Je hebt 30 gratis credits gekregen")).toBeVisible();

    await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
    await expect(page).toHaveURL(/\/activate\/error$/);
    await expect(page.getByText("Link verlopen of invalide, vraag een nieuwe e-mail aan")).toBeVisible();

    await page.goto("/pricing");
    await page.locator(".account-menu summary").click();
    await page.getByRole("link", { name: "Uitloggen" }).click();
    await expect(page.locator(".topnav").getByRole("link", { name: "Inloggen" })).toBeVisible();

    await page.goto("/login");
    await page.getByLabel("E-mailadres").fill(email);
    await page.getByLabel("Wachtwoord").fill(PASSWORD);
    await page.getByRole("button", { name: "Inloggen", exact: true }).click();
    await expect(page.locator(".account-menu summary")).toContainText("Jan");
  });

  test("signs up in the modal from the home page, which Escape does not close while in progress", async ({ page }) => {
    await page.goto("/");
    // The visitor's home page has no React: the modal is server-rendered and opened by an inline script (ADR 032).
    await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
    await page.getByRole("link", { name: "Gratis aanmelden" }).first().click();
    const modal = page.locator("dialog.signup-modal");
    await expect(modal).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await modal.getByLabel("Profielnaam").fill("Mila");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await expect(modal).toBeVisible();

    const email = uniqueEmail("modal");
    await fillAccountForm(modal, email, "Mila");
    await modal.getByRole("button", { name: "Account aanmaken" }).click();

    await expect(page).toHaveURL(/\/signup\?step=photo$/);
    await expect(modal).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Je profielfoto");
  });

  test("the visitor's modal closes by Escape or its close button until something is typed", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
    const modal = page.locator("dialog.signup-modal");
    await expect(modal).toBeHidden();
    await page.getByRole("link", { name: "Kies dit pakket" }).first().click();
    await expect(modal).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(modal).toBeHidden();
    await page.getByRole("link", { name: "Kies dit pakket" }).first().click();
    await modal.getByRole("button", { name: "Sluiten" }).click();
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test("a visitor confirms the activation link in another browser, without React", async ({ page, browser }) => {
    const email = uniqueEmail("elsewhere");
    await page.goto("/signup");
    await fillAccountForm(page.locator("main"), email, "Noor");
    await page.getByRole("button", { name: "Account aanmaken" }).click();
    await expect(page).toHaveURL(/\/signup\?step=photo$/);
    await expect.poll(async () => (await latestMail(email))?.text ?? "").toContain("/activate?token=");
    const link = linkIn((await latestMail(email))!.text, "/activate");

    // The mail opened on another device: not signed in there, so the page is plain HTML whose inline script confirms.
    const other = await browser.newContext();
    const elsewhere = await other.newPage();
    await elsewhere.goto(link.replace(/^https?:\/\/[^/]+/, ""));
    await expect(elsewhere).toHaveURL(/\/activate\/done$/);
    await expect(elsewhere.getByRole("heading", { level: 1 })).toHaveText("Welkom! Je account is actief");
    await other.close();
  });

  test("a visitor reaching the home page from a page that hydrates gets the React modal", async ({ page }) => {
    await page.goto("/members");
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    await page.locator(".topnav__brand").click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole("link", { name: "Gratis aanmelden" }).first().click();
    const modal = page.locator("dialog.signup-modal");
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel("Profielnaam")).toBeVisible();
    expect(documents).toEqual([]);
  });

  test("closes the modal when the visitor goes to log in instead", async ({ page }) => {
    await page.goto("/pricing");
    await page.getByRole("link", { name: "Kies dit pakket" }).first().click();
    const modal = page.locator("dialog.signup-modal");
    await expect(modal).toBeVisible();
    await modal.getByRole("link", { name: "Inloggen" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(modal).toBeHidden();
  });
});
