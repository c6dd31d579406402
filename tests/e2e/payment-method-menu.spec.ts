/**
 * The payment method item's context menu on the checkout (product.md §2): a menu button that
 * works with the keyboard (arrows, Home, End, Escape back to the button) and with clicks, and
 * whose "default method" choice the next checkout preselects.
 */
import { expect, test } from "./test";
import { createMember } from "./factories";
import { logIn } from "./log-in";

test("the payment method menu works with the keyboard and with clicks, and remembers the default method", async ({ page }) => {
  const member = await createMember({ name: "Mira", credits: 30 });
  await logIn(page, member.email, member.password);
  await page.goto("/credits/p2");
  await expect(page.getByRole("radio", { name: "iDEAL" })).toBeChecked();

  // Keyboard: ArrowDown opens the menu on its first item; arrows wrap; Escape returns to the button.
  const paypalMenu = page.getByRole("button", { name: "Meer over PayPal" });
  await expect(paypalMenu).toHaveAttribute("aria-haspopup", "menu");
  await expect(async () => {
    await paypalMenu.focus();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menu")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(paypalMenu).toHaveAttribute("aria-expanded", "true");
  const makeDefault = page.getByRole("menuitem", { name: "Als mijn standaardbetaalmethode gebruiken" });
  const about = page.getByRole("menuitem", { name: "Over deze betaalmethode" });
  await expect(makeDefault).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(about).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(makeDefault).toBeFocused();
  await page.keyboard.press("End");
  await expect(about).toBeFocused();
  await page.keyboard.press("Home");
  await expect(makeDefault).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(paypalMenu).toBeFocused();
  await expect(paypalMenu).toHaveAttribute("aria-expanded", "false");

  // "About this method" with the keyboard: Enter on the item.
  await page.keyboard.press("ArrowUp");
  await expect(about).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Je credits staan klaar zodra de betaling rond is.")).toBeVisible();
  await expect(page.getByText("Geen extra kosten: je betaalt de getoonde prijs.")).toBeVisible();

  // Clicks: a click outside closes the menu; "use as my default" is remembered for the next checkout.
  await paypalMenu.click();
  await expect(page.getByRole("menu")).toBeVisible();
  await page.getByRole("heading", { level: 1 }).click();
  await expect(page.getByRole("menu")).toHaveCount(0);
  await paypalMenu.click();
  await makeDefault.click();
  await expect(page.getByRole("menu")).toHaveCount(0);
  await page.goto("/credits/p1");
  await expect(page.getByRole("radio", { name: "PayPal" })).toBeChecked();
  await page.getByRole("button", { name: "Meer over PayPal" }).click();
  await expect(page.getByRole("menuitem", { name: "Je standaardbetaalmethode" })).toBeVisible();
  // The address still decides when it names a method.
  await page.goto("/credits/p1/ideal");
  await expect(page.getByRole("radio", { name: "iDEAL" })).toBeChecked();
});
