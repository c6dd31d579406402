/**
 * Buying credits in the browser against the local Mollie simulator (started by tools/start.mjs): a
 * new member pays p2 with iDEAL and the welcome code, and sees premium, credits and the
 * transaction; a failed card payment offers PayPal; a paying member repeats an order in one click.
 */
import { expect, test } from "./test";
import { createMember } from "./factories";
import { logIn } from "./log-in";
import { acceptAndPay, settleAtProvider } from "./mollie-checkout";

test("a new member buys 500 credits with iDEAL and the welcome code, and becomes premium", async ({ page }) => {
  const member = await createMember({ name: "Iris", credits: 30, timeBonus: true });
  await logIn(page, member.email, member.password);

  await page.getByRole("link", { name: "Premium", exact: true }).click();
  await expect(page).toHaveURL("/premium");
  await expect(page.getByText("Premium leden hebben 46% meer kans op een match.")).toBeVisible();
  await page.goto("/credits");
  await page.locator(".package--popular").getByRole("link", { name: "Kies dit pakket" }).click();
  await expect(page).toHaveURL("/credits/p2");

  // The welcome code is applied by itself: 25% off €49.95.
  await expect(page.getByRole("radio", { name: "iDEAL" })).toBeChecked();
  await expect(page.getByText("Korting TIMEBONUS25")).toBeVisible();
  const pay = page.getByRole("button", { name: "Betaal € 37,46" });
  await pay.click();
  await expect(page.getByText("Ga akkoord met de algemene voorwaarden om te bestellen.")).toBeVisible();
  await page.getByRole("checkbox", { name: /algemene voorwaarden/ }).check();
  await pay.click();

  await settleAtProvider(page, "Paid");
  await expect(page).toHaveURL(/\/credits\/p2\/ideal\?order=\d+$/);
  await expect(page.getByRole("heading", { name: "Betaling gelukt" })).toBeVisible();
  await expect(page.getByText("Er zijn 500 credits bijgeschreven.")).toBeVisible();
  await expect(page.getByText("Je saldo is nu 530 credits.")).toBeVisible();
  // Premium from now on: the navigation offers credits instead of premium.
  await expect(page.getByRole("link", { name: "Premium", exact: true })).toHaveCount(0);
  await expect(page.getByRole("navigation").getByRole("link", { name: /^Credits/ })).toHaveAttribute("href", "/credits/repeat-order");

  await page.getByRole("link", { name: "Bekijk de bestelling" }).click();
  await expect(page.getByRole("heading", { name: /^Bestelling #\d+$/ })).toBeVisible();
  await expect(page.getByText("€ 37,46")).toBeVisible();
  await expect(page.getByText("Betaald", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Alle transacties" }).click();
  await expect(page.getByRole("row", { name: /500 credits.*€ 37,46.*iDEAL.*Betaald/ })).toBeVisible();
});

test("a failed card payment says 'Betaling mislukt' and offers PayPal", async ({ page }) => {
  const member = await createMember({ name: "Kees", credits: 0 });
  await logIn(page, member.email, member.password);
  await page.goto("/credits/p0");
  await page.getByRole("radio", { name: "Creditcard" }).check();
  await expect(page).toHaveURL("/credits/p0/creditcard");
  await acceptAndPay(page, "Betaal € 14,95");

  await settleAtProvider(page, "Failed");
  await expect(page.getByRole("heading", { name: "Betaling mislukt" })).toBeVisible();
  await page.getByRole("link", { name: "Betaal met PayPal" }).click();
  await expect(page).toHaveURL("/credits/p0/paypal");
  await expect(page.getByRole("radio", { name: "PayPal" })).toBeChecked();
  await acceptAndPay(page, "Betaal € 14,95");
  await settleAtProvider(page, "Paid");
  await expect(page.getByRole("heading", { name: "Betaling gelukt" })).toBeVisible();
});

test("a paying member repeats an earlier order in one click", async ({ page }) => {
  const member = await createMember({ name: "Lotte", credits: 0 });
  await logIn(page, member.email, member.password);
  await page.goto("/credits/p1/paypal");
  await acceptAndPay(page, "Betaal € 29,95");
  await settleAtProvider(page, "Paid");
  await expect(page.getByText("Je saldo is nu 250 credits.")).toBeVisible();

  await page
    .getByRole("navigation")
    .getByRole("link", { name: /^Credits/ })
    .click();
  await expect(page).toHaveURL("/credits/repeat-order");
  const modal = page.getByRole("dialog", { name: "Bestelling herhalen" });
  // A click before the page has hydrated does nothing: click again until the modal opens.
  await expect(async () => {
    await page.getByRole("button", { name: "Opnieuw bestellen" }).click();
    await expect(modal).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(modal).toContainText("250 credits voor € 29,95");
  await modal.getByRole("checkbox", { name: /algemene voorwaarden/ }).check();
  await modal.getByRole("button", { name: "Betaal € 29,95" }).click();
  await settleAtProvider(page, "Paid");
  await expect(page.getByText("Je saldo is nu 500 credits.")).toBeVisible();
});
