/**
 * Profiles in the browser: a member edits the profile (about me, interests, the region found by the
 * geolocation button) and another member sees it on the public profile; a member blocks someone,
 * gets a 404 on that profile, and lifts the block again from the settings.
 */
import { expect, test } from "./test";
import { createMember, db } from "./factories";
import { hydrated } from "./hydrated";
import { logIn } from "./log-in";

const NOT_FOUND = "Deze pagina kon niet worden gevonden";

test("what a member types into 'about me' before the page has hydrated is kept, counted and saved", async ({ page }) => {
  const about = `Getypt terwijl de pagina nog laadde (${Date.now()}).`;
  const member = await createMember({ name: "Floor" });
  // The page arrives with the old text: hydration would put it back over the new one.
  const client = db();
  await client.execute({ sql: "UPDATE profiles SET about_me = ? WHERE id = ?", args: ["Mijn oude tekst.", member.profileId] });
  client.close();
  await logIn(page, member.email, member.password);
  // The page's scripts wait until the member has typed: a slow phone shows the page before it hydrates (ADR 034).
  let typed = () => {};
  const typing = new Promise<void>((resolve) => {
    typed = resolve;
  });
  await page.route("**/assets/*.js", async (route) => {
    await typing;
    await route.continue();
  });

  await page.goto("/profile", { waitUntil: "commit" });
  const aboutMe = page.getByRole("textbox", { name: "Over mij" });
  await expect(aboutMe).toHaveValue("Mijn oude tekst.");
  await aboutMe.fill(about);
  typed();
  await hydrated(page);

  await expect(aboutMe).toHaveValue(about);
  await expect(page.getByText(`Nog ${1000 - about.length} tekens over.`)).toBeVisible();
  await page.getByRole("button", { name: "Profiel opslaan" }).click();
  await expect(page.getByText("Je profiel is opgeslagen.")).toBeVisible();
  await page.reload();
  await expect(aboutMe).toHaveValue(about);
});

test.describe("editing the profile", () => {
  // The browser is in Utrecht (product.md §9: a position up to an hour old is fine).
  test.use({ geolocation: { latitude: 52.0907, longitude: 5.1214 }, permissions: ["geolocation"] });

  test("a member edits about me, interests and region, and another member sees them", async ({ page, browser }) => {
    const about = `Ik wandel graag over de Heuvelrug (${Date.now()}).`;
    const member = await createMember({ name: "Sanne" });
    await logIn(page, member.email, member.password);

    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mijn profiel");
    await page.getByRole("textbox", { name: "Over mij" }).fill(about);
    await page.getByRole("checkbox", { name: "Wandelen" }).check();
    await page.getByRole("checkbox", { name: "Wijn" }).check();
    await page.getByRole("button", { name: "Gebruik mijn locatie" }).click();
    await expect(page.getByText("Je regio is ingesteld op Utrecht (Nederland).")).toBeVisible();
    await expect(page.getByLabel("Regio")).toHaveValue(/\d+/);
    await expect(page.getByLabel("Regio").locator("option:checked")).toHaveText("Utrecht");
    await page.getByRole("button", { name: "Profiel opslaan" }).click();
    await expect(page.getByText("Je profiel is opgeslagen.")).toBeVisible();

    // The saved values come back in the editor.
    await page.reload();
    await expect(page.getByRole("textbox", { name: "Over mij" })).toHaveValue(about);
    await expect(page.getByRole("checkbox", { name: "Wandelen" })).toBeChecked();

    const viewer = await createMember({ name: "Kijker" });
    const context = await browser.newContext();
    const other = await context.newPage();
    await logIn(other, viewer.email, viewer.password);
    await other.goto(`/members/${member.profileId}`);
    await expect(other.getByRole("heading", { level: 1 })).toContainText("Sanne, ");
    await expect(other.getByText(about)).toBeVisible();
    await expect(other.getByText("Utrecht, Nederland")).toBeVisible();
    const interests = other.getByRole("region", { name: "Interesses" });
    await expect(interests).toContainText("Wandelen");
    await expect(interests).toContainText("Wijn");
    await context.close();
  });
});

test("a member blocks another, gets a 404 on that profile, and unblocks from the settings", async ({ page }) => {
  const [member, pest] = await Promise.all([createMember({ name: "Blokker" }), createMember({ name: "Opdringer" })]);
  await logIn(page, member.email, member.password);

  await page.goto(`/members/${pest.profileId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Opdringer, ");
  // The block dialog is the page's script's (which starts after the first photos, ADR 063).
  await hydrated(page);
  await page.getByRole("button", { name: "Blokkeren" }).click();
  const dialog = page.getByRole("dialog", { name: "Opdringer blokkeren?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Opdringer blokkeren" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Je hebt Opdringer geblokkeerd.")).toBeVisible();

  const blocked = await page.goto(`/members/${pest.profileId}`);
  expect(blocked?.status()).toBe(404);
  await expect(page.getByText(NOT_FOUND)).toBeVisible();

  await page.goto("/settings#blocked");
  const section = page.locator("#blocked");
  await expect(section).toContainText("Opdringer");
  await section.getByRole("button", { name: "Opdringer deblokkeren" }).click();
  await expect(section.getByText("Je hebt niemand geblokkeerd.")).toBeVisible();

  const again = await page.goto(`/members/${pest.profileId}`);
  expect(again?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Opdringer, ");
});
