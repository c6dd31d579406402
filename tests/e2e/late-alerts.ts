import { expect, type Page } from "@playwright/test";

/**
 * The alerts that ask something of the member (push, profile photo) show once the member used the
 * hydrated page and let it rest a second (app/components/layout/use-first-interaction.ts): a key
 * press on the hydrated page does it.
 */
export async function engageWithPage(page: Page) {
  await expect(page.locator(".layout__late-alerts")).toBeAttached(); // mounted after hydration
  await page.keyboard.press("Shift");
  await expect(page.locator(".layout__late-alerts")).toBeVisible();
}
