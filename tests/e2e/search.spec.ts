/**
 * Member search in the browser: a member logs in, searches with filters, pages on and back, likes
 * a member back from a result tile (the match modal) and likes another.
 */
import { expect, test, type Page } from "./test";
import { createMember, db } from "./factories";
import { logIn } from "./log-in";
import { hydrated } from "./hydrated";

/** 30 women aged 77 in one Belgian region: a combination the seed does not produce (its ages stop at 70). */
async function createBelgianMembers() {
  const client = db();
  const region = await client.execute("SELECT id, name FROM regions WHERE country = 'BE' ORDER BY name LIMIT 1");
  const regionId = Number(region.rows[0]!.id);
  const today = new Date();
  const birthDate = new Date(Date.UTC(today.getUTCFullYear() - 77, today.getUTCMonth(), today.getUTCDate() - 40))
    .toISOString()
    .slice(0, 10);
  const tag = Math.random().toString(36).slice(2, 8);
  let newest = 0;
  for (let i = 0; i < 30; i++) {
    const user = await client.execute({
      sql: `INSERT INTO users (site_id, email, status, confirmed_at) VALUES ((SELECT id FROM sites WHERE is_default = 1), ?, 'confirmed', unixepoch()) RETURNING id`,
      args: [`search-${tag}-${i}@example.test`],
    });
    const profile = await client.execute({
      sql: `INSERT INTO profiles (user_id, site_id, name, gender, sexuality, birth_date, country, region_id, status)
            VALUES (?, (SELECT id FROM sites WHERE is_default = 1), ?, 'female', 'hetero', ?, 'BE', ?, 'active') RETURNING id`,
      args: [Number(user.rows[0]!.id), `Lid${tag}${i}`, birthDate, regionId],
    });
    newest = Number(profile.rows[0]!.id);
  }
  client.close();
  return { regionName: String(region.rows[0]!.name), newest };
}

const tileNames = (page: Page) =>
  page.locator(".member-search__results .profile-card").evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute("aria-label")));

test("a member searches with filters, pages on and back, and likes members from their tiles", async ({ page }) => {
  const { regionName, newest } = await createBelgianMembers();
  const member = await createMember({ name: "Zoeker" });
  await logIn(page, member.email, member.password);

  await page.goto("/members");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Leden zoeken");
  // The region list follows the country through the page's script.
  await hydrated(page);
  const filters = page.locator(".member-search__filters");
  await filters.getByLabel("Ik zoek").selectOption("female");
  await filters.getByLabel("Land").selectOption("BE");
  await filters.getByLabel("Regio").selectOption({ label: regionName });
  await filters.getByLabel("Minimale leeftijd").fill("77");
  await filters.getByLabel("Maximale leeftijd").fill("77");
  await filters.getByRole("button", { name: "Zoeken" }).click();

  await expect(page).toHaveURL(/gender=female&country=BE&countryregion=\d+&min_age=77&max_age=77/);
  await expect(page.locator(".member-search__count")).toHaveText("30 leden gevonden");
  await expect(page.locator(".member-search__results .profile-card")).toHaveCount(24);
  const firstPage = await tileNames(page);
  expect(firstPage.every((label) => label?.endsWith(", 77"))).toBe(true);

  await page.getByRole("link", { name: "Volgende pagina" }).click();
  await expect(page).toHaveURL(/after=\d+/);
  await expect(page.locator(".member-search__results .profile-card")).toHaveCount(6);
  const secondPage = await tileNames(page);
  expect(secondPage.filter((label) => firstPage.includes(label))).toEqual([]);
  await expect(page.getByText("Pagina 2")).toBeVisible();

  await page.getByRole("link", { name: "Vorige pagina" }).click();
  await expect(page).toHaveURL(/before=\d+/);
  await expect.poll(() => tileNames(page)).toEqual(firstPage);

  // Like back, from its tile, the newest of these members, who liked the searcher first: a match.
  const client = db();
  await client.execute({ sql: "INSERT INTO likes (liker_id, liked_id) VALUES (?, ?)", args: [newest, member.profileId] });
  client.close();
  await page.reload();
  const firstTile = page.locator(".member-search__results .profile-card").first();
  await firstTile.getByRole("button", { name: /terug liken$/ }).click();
  const modal = page.getByRole("dialog", { name: "Het is een match!" });
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: "Verder kijken" }).click();
  await expect(modal).toBeHidden();
  await expect(firstTile.getByRole("button", { name: /intrekken$/ })).toBeVisible();

  // And like the next one: no match, the like stays after a reload.
  const secondTile = page.locator(".member-search__results .profile-card").nth(1);
  // The button turns at once; the reload waits for the like to be stored (a reload would cancel it).
  const stored = page.waitForResponse((response) => response.url().endsWith("/api/likes.php") && response.request().method() === "POST");
  await secondTile.getByRole("button", { name: /liken$/ }).click();
  await expect(secondTile.getByRole("button", { name: /intrekken$/ })).toBeVisible();
  expect((await stored).ok()).toBe(true);
  await page.reload();
  await expect(
    page
      .locator(".member-search__results .profile-card")
      .nth(1)
      .getByRole("button", { name: /intrekken$/ }),
  ).toBeVisible();
});

test("the filters open in a modal on small screens", async ({ page }) => {
  const member = await createMember({ name: "Mobiel" });
  await page.setViewportSize({ width: 390, height: 800 });
  await logIn(page, member.email, member.password);
  await page.goto("/members");
  await expect(page.locator(".member-search__filters")).toBeHidden();
  await page.getByRole("button", { name: "Filters" }).click();
  const dialog = page.getByRole("dialog", { name: "Zoekfilters" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Land").selectOption("BE");
  await dialog.getByRole("button", { name: "Zoeken" }).click();
  await expect(page).toHaveURL(/country=BE/);
  await expect(dialog).toBeHidden();
});

test("similar members page on in place with their own 'more' button", async ({ page }) => {
  const client = db();
  const region = await client.execute("SELECT id FROM regions WHERE country = 'BE' ORDER BY name DESC LIMIT 1");
  const regionId = Number(region.rows[0]!.id);
  const today = new Date();
  const birthDate = new Date(Date.UTC(today.getUTCFullYear() - 88, today.getUTCMonth(), today.getUTCDate() - 40))
    .toISOString()
    .slice(0, 10);
  const tag = Math.random().toString(36).slice(2, 8);
  // One exact match in the region, 30 similar ones elsewhere in Belgium (ages past the seed's 70).
  for (let i = 0; i < 31; i++) {
    const user = await client.execute({
      sql: `INSERT INTO users (site_id, email, status, confirmed_at) VALUES ((SELECT id FROM sites WHERE is_default = 1), ?, 'confirmed', unixepoch()) RETURNING id`,
      args: [`similar-${tag}-${i}@example.test`],
    });
    await client.execute({
      sql: `INSERT INTO profiles (user_id, site_id, name, gender, sexuality, birth_date, country, region_id, status)
            VALUES (?, (SELECT id FROM sites WHERE is_default = 1), ?, 'female', 'hetero', ?, 'BE', ?, 'active')`,
      args: [Number(user.rows[0]!.id), `Sim${tag}${i}`, birthDate, i === 0 ? regionId : null],
    });
  }
  client.close();
  const member = await createMember({ name: "Vergelijker" });
  await logIn(page, member.email, member.password);

  const address = `/members?gender=female&country=BE&countryregion=${regionId}&min_age=88&max_age=88`;
  await page.goto(address);
  const similar = page.locator(".member-search__similar");
  await expect(similar.getByRole("heading", { name: "Vergelijkbare leden" })).toBeVisible();
  await expect(similar.locator(".member-search__similar-count")).toHaveText(/^\d+\+? vergelijkbare leden$/);
  await expect(similar.locator(".profile-card")).toHaveCount(12);

  // With JavaScript the next ones are added below: the address and the exact results stay.
  await expect(async () => {
    await similar.getByRole("link", { name: "Meer vergelijkbare leden" }).click({ timeout: 2_000 });
    await expect(similar.locator(".profile-card")).toHaveCount(24, { timeout: 5_000 });
  }).toPass({ timeout: 25_000 });
  await expect(page).toHaveURL(address);
  const labels = await similar.locator(".profile-card").evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute("aria-label")));
  expect(new Set(labels).size).toBe(24);
  await expect(page.locator(".member-search__results > .profile-grid .profile-card")).toHaveCount(1);
});
