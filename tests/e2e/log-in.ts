import { expect, type Page } from "@playwright/test";
import { E2E_PASSWORD } from "./factories";

/** Signs in through the login form (in Dutch, the site's language), as a member would, and waits to leave /login. */
export async function logIn(page: Page, email: string, password: string = E2E_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord").fill(password);
  await page.getByRole("button", { name: "Inloggen", exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}
