/**
 * States that tell the truth, in the browser (issue 15, item 2): the signup photo step uploads a
 * photo with the uploader of /profile, and a visitor's "log in to like" alert in the search lies
 * over the tile (the grid keeps its rows) with a login button one can read.
 */
import { expect, test } from "./test";
import { hydrated } from "./hydrated";
import { createMember } from "./factories";
import { logIn } from "./log-in";
import { drawnJpeg } from "./drawn-photo";

test("the signup photo step uploads a photo right there", async ({ page }) => {
  const member = await createMember({ status: "not_confirmed", name: `Nieuw${Date.now().toString(36)}` });
  await logIn(page, member.email, member.password);
  await page.goto("/signup?step=photo");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Je profielfoto");
  // The uploader's code loads with the step (after the page): wait until it is there.
  await page.waitForLoadState("networkidle");

  const photo = await drawnJpeg(page, { width: 600, height: 800 });
  await page.getByLabel("Foto's toevoegen").setInputFiles({ name: "selfie.jpg", mimeType: "image/jpeg", buffer: photo });
  const manager = page.locator(".photo-manager");
  await expect(manager.locator(".photo-item")).toHaveCount(1, { timeout: 20_000 });
  await expect(manager.locator(".photo-item").first()).toContainText("Hoofdfoto");

  // The step goes on; the photo is the profile's main photo, so /complete-signup no longer asks for one.
  await page.getByRole("button", { name: "Verder" }).click();
  await expect(page).toHaveURL(/step=location/);
  await page.goto("/complete-signup");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Je profielfoto");
});

test("a visitor's like alert in the search keeps the grid and offers a login button", async ({ page }) => {
  await page.goto("/members");
  const tiles = page.locator(".member-search__grid > li");
  await expect(tiles.first()).toBeVisible();
  // The alert is the like button's script at work.
  await hydrated(page);
  const rowHeight = async () => (await tiles.first().boundingBox())!.height;
  const before = await rowHeight();

  await tiles
    .first()
    .getByRole("button", { name: /liken$/ })
    .click();
  const alert = tiles.first().getByRole("alert");
  await expect(alert).toBeVisible();
  expect(await rowHeight()).toBe(before);

  const login = alert.getByRole("link", { name: "Inloggen" });
  await expect(login).toHaveClass(/btn/);
  // A button of its own size (the tile's photo-link styling once made it a 4:5 block), inside the tile.
  const box = (await login.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(28);
  expect(box.height).toBeLessThan(64);
  const tile = (await tiles.first().boundingBox())!;
  const shown = (await alert.boundingBox())!;
  expect(shown.y + shown.height).toBeLessThanOrEqual(tile.y + tile.height + 1);
  await login.click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmembers/);
});
