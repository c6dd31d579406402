/**
 * Password reset in the browser: request a link, read it from the mail outbox, choose a new
 * password, and log in with it.
 */
import { expect, test, type Page } from "./test";
import { createMember, latestMail, linkIn } from "./factories";

async function isSignedIn(page: Page) {
  const response = await page.request.get("/api/user.php", { headers: { "X-Requested-With": "XMLHttpRequest" } });
  return ((await response.json()) as { user: unknown }).user !== null;
}

test("a member who forgot the password sets a new one through the mailed link", async ({ page }) => {
  const name = "Vergeetal";
  const member = await createMember({ name });
  const newPassword = "my new secret phrase";

  await page.goto("/login");
  await page.getByRole("link", { name: "Wachtwoord vergeten?" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wachtwoord vergeten");
  await page.getByLabel("E-mailadres").fill(member.email);
  await page.getByRole("button", { name: "Stuur me een link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Als er een account met dit e-mailadres bestaat" })).toBeVisible();

  await expect.poll(async () => (await latestMail(member.email))?.text ?? "").toContain("/reset-password/do?token=");
  const mail = await latestMail(member.email);
  await page.goto(linkIn(mail!.text, "/reset-password/do"));

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nieuw wachtwoord kiezen");
  await page.getByLabel("Nieuw wachtwoord", { exact: true }).fill(newPassword);
  await page.getByLabel("Herhaal je nieuwe wachtwoord").fill(`${newPassword}?`);
  await page.getByRole("button", { name: "Wachtwoord opslaan" }).click();
  await expect(page.getByText("De opgegeven wachtwoorden zijn niet gelijk.")).toBeVisible();
  // The page is plain HTML for a visitor (ADR 032): the server answered, and passwords never come back in a page.
  await expect(page.getByLabel("Nieuw wachtwoord", { exact: true })).toHaveValue("");
  await page.getByLabel("Nieuw wachtwoord", { exact: true }).fill(newPassword);
  await page.getByLabel("Herhaal je nieuwe wachtwoord").fill(newPassword);
  await page.getByRole("button", { name: "Wachtwoord opslaan" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Je wachtwoord is gewijzigd en je bent ingelogd." })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Hoofdmenu" })).toContainText(name);
  expect(await isSignedIn(page)).toBe(true);

  await page.goto("/api/logout.php");
  await expect(page.getByRole("link", { name: "Inloggen" }).first()).toBeVisible();
  expect(await isSignedIn(page)).toBe(false);

  await page.goto("/login");
  await page.getByLabel("E-mailadres").fill(member.email);
  await page.getByLabel("Wachtwoord").fill(member.password);
  await page.getByRole("button", { name: "Inloggen", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("Login mislukt, probeer opnieuw");

  await page.getByLabel("Wachtwoord").fill(newPassword);
  await page.getByRole("button", { name: "Inloggen", exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole("navigation", { name: "Hoofdmenu" })).toContainText(name);
  expect(await isSignedIn(page)).toBe(true);

  // The link worked once.
  await page.goto(linkIn(mail!.text, "/reset-password/do"));
  await expect(page.getByRole("alert")).toHaveText("Link verlopen of invalide, vraag een nieuwe e-mail aan");
});
