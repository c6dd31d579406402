/**
 * Settings in the browser: change the password and log in with it; delete the account with a
 * reason, see the account-deleted page, and get the account back by logging in again.
 */
import { expect, test } from "./test";
import { createMember, latestMail, linkIn } from "./factories";
import { logIn } from "./log-in";

test("a member changes the password in settings and logs in with the new one", async ({ page }) => {
  const member = await createMember({ name: "Wisselaar" });
  const newPassword = "a fresh password phrase";
  await logIn(page, member.email, member.password);

  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Instellingen");
  const section = page.locator("#password");
  await section.getByLabel("Oud wachtwoord").fill("not the old one");
  await section.getByLabel("Nieuw wachtwoord", { exact: true }).fill(newPassword);
  await section.getByLabel("Herhaal je nieuwe wachtwoord").fill(newPassword);
  await section.getByRole("button", { name: "Wachtwoord wijzigen" }).click();
  await expect(section.getByText("Controleer je oude wachtwoord.")).toBeVisible();

  await section.getByLabel("Oud wachtwoord").fill(member.password);
  await section.getByLabel("Nieuw wachtwoord", { exact: true }).fill(newPassword);
  await section.getByLabel("Herhaal je nieuwe wachtwoord").fill(newPassword);
  await section.getByRole("button", { name: "Wachtwoord wijzigen" }).click();
  await expect(section.getByRole("status")).toContainText("Je wachtwoord is gewijzigd.");

  await page.goto("/api/logout.php");
  await logIn(page, member.email, newPassword);
  await expect(page.getByRole("navigation", { name: "Hoofdmenu" })).toContainText("Wisselaar");
});

test("a member deletes the account with a reason and gets it back by logging in again", async ({ page }) => {
  const member = await createMember({ name: "Vertrekker" });
  await logIn(page, member.email, member.password);

  await page.goto("/settings#delete");
  const section = page.locator("#delete");
  // The alternatives come first; the form opens on request.
  await expect(section.getByRole("button", { name: "Alle e-mails uitzetten" })).toBeVisible();
  await section.getByText("Ik wil mijn account toch verwijderen").click();
  await section.getByLabel("Waarom ga je weg?").selectOption("found_someone");
  await section.getByLabel("Opmerkingen (niet verplicht)").fill("Tot ziens!");
  await section.getByLabel("Je huidige wachtwoord").fill(member.password);
  await section.getByRole("button", { name: "Account verwijderen" }).click();

  await expect(page).toHaveURL(/\/account-deleted\?until=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Je account is verwijderd");
  await expect(page.getByText(/Spijt\? Tot \d+ \w+ \d{4} kun je je account herstellen\./)).toBeVisible();
  await expect(page.getByRole("link", { name: "Inloggen" }).first()).toBeVisible();
  await expect.poll(async () => (await latestMail(member.email))?.text ?? "").toContain("/account-recover?token=");
  linkIn((await latestMail(member.email))!.text, "/account-recover");

  await page.getByRole("link", { name: "Inloggen en account herstellen" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("E-mailadres").fill(member.email);
  await page.getByLabel("Wachtwoord").fill(member.password);
  await page.getByRole("button", { name: "Inloggen", exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole("navigation", { name: "Hoofdmenu" })).toContainText("Vertrekker");
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Instellingen");
});

test("the mailed recovery link brings a deleted account back once", async ({ page }) => {
  const member = await createMember({ name: "Terugkomer" });
  await logIn(page, member.email, member.password);
  await page.goto("/settings");
  const section = page.locator("#delete");
  await section.getByText("Ik wil mijn account toch verwijderen").click();
  await section.getByLabel("Waarom ga je weg?").selectOption("time");
  await section.getByLabel("Je huidige wachtwoord").fill(member.password);
  await section.getByRole("button", { name: "Account verwijderen" }).click();
  await expect(page).toHaveURL(/\/account-deleted/);

  await expect.poll(async () => (await latestMail(member.email))?.text ?? "").toContain("/account-recover?token=");
  const link = linkIn((await latestMail(member.email))!.text, "/account-recover");
  await page.goto(link);
  await page.getByRole("button", { name: "Account herstellen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Welkom terug!" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Hoofdmenu" })).toContainText("Terugkomer");

  await page.goto(link);
  await expect(page.getByRole("alert")).toHaveText("Link verlopen of invalide, vraag een nieuwe e-mail aan");
});
