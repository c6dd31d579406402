/**
 * Paying through the local Mollie simulator (started by tools/start.mjs), as a member does: accept
 * the terms and press the pay button, then decide at the simulator's hosted checkout what the bank
 * says.
 */
import { expect, type Page } from "@playwright/test";

/**
 * Accepts the terms and pays. A click that lands while the page is still hydrating can come to
 * nothing (seen once in CI): like a member, try again until the provider's checkout opens.
 */
export async function acceptAndPay(page: Page, button: string) {
  await expect(async () => {
    await page.getByRole("checkbox", { name: /algemene voorwaarden/ }).check({ timeout: 2_000 });
    await page.getByRole("button", { name: button }).click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/checkout\/tr_/, { timeout: 5_000 });
  }).toPass({ timeout: 25_000 });
}

/** The simulator's hosted checkout: the tester decides what the bank says. */
export async function settleAtProvider(page: Page, outcome: "Paid" | "Failed" | "Canceled" | "Pending") {
  await expect(page).toHaveURL(/\/checkout\/tr_/);
  await page.getByRole("button", { name: outcome, exact: true }).click();
}
