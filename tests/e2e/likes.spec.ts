/**
 * Likes in the browser: a member likes someone back from the received likes and sees the match
 * modal; a free member swipes (buttons, arrow keys, dragging) until the daily limit; the like modal
 * of `?t=` shows a profile that liked the member.
 */
import { expect, test } from "./test";
import { hydrated } from "./hydrated";
import { createMember, db } from "./factories";
import { logIn } from "./log-in";

async function run(sql: string, args: (string | number)[]) {
  const client = db();
  const result = await client.execute({ sql, args });
  client.close();
  return result.rows;
}

test("a member likes back a received like and sees the match modal", async ({ page }) => {
  const anna = await createMember({ name: "Anna" });
  const bea = await createMember({ name: "Bea" });
  await run("INSERT INTO likes (liker_id, liked_id, source) VALUES (?, ?, 'profile')", [anna.profileId, bea.profileId]);

  await logIn(page, bea.email, bea.password);
  await page.goto("/likes/received");
  const tile = page.getByRole("article", { name: /^Anna, \d+$/ });
  await expect(tile.getByText("Nieuw")).toBeVisible();
  await expect(tile.getByRole("link")).toHaveAttribute("href", `/likes/m/${anna.profileId}`);

  await tile.getByRole("button", { name: "Anna terug liken" }).click();
  const modal = page.getByRole("dialog", { name: "Het is een match!" });
  await expect(modal).toBeVisible();
  await expect(modal.getByText("Jij en Anna vinden elkaar leuk.")).toBeVisible();
  await expect(modal.getByRole("link", { name: "Stuur een bericht" })).toHaveAttribute("href", `/members/${anna.profileId}/chat`);
  await modal.getByRole("button", { name: "Verder kijken" }).click();
  await expect(modal).toBeHidden();

  // The tile now offers to take the like back, and the match is listed.
  await expect(tile.getByRole("button", { name: "Like voor Anna intrekken" })).toBeVisible();
  await page.goto("/likes/matches");
  await expect(page.getByRole("article", { name: /^Anna, \d+$/ })).toBeVisible();
});

test("a free member swipes until the daily limit and is told when it resets", async ({ page }) => {
  const player = await createMember({ name: "Sophie" });
  await logIn(page, player.email, player.password);
  await page.goto("/swipe-game");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Swipe-spel");
  await hydrated(page);
  await expect(page.getByText("Nog 4 gratis likes vandaag")).toBeVisible();

  const cardName = page.locator(".swipe-card h2");
  const next = async (act: () => Promise<void>) => {
    const before = await cardName.textContent();
    await act();
    await expect(cardName).not.toHaveText(before ?? "");
  };

  // Yes with the button, no with ←, yes with →, yes by dragging the card to the right.
  await next(() => page.getByRole("button", { name: /^Ja, .+ liken$/ }).click());
  await expect(page.getByText("Nog 3 gratis likes vandaag")).toBeVisible();
  await next(() => page.keyboard.press("ArrowLeft"));
  await expect(page.getByText("Nog 3 gratis likes vandaag")).toBeVisible();
  await next(() => page.keyboard.press("ArrowRight"));
  await next(async () => {
    const box = (await page.locator(".swipe-card").boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width / 2, y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step += 1) await page.mouse.move(box.x + box.width / 2 + step * 20, y);
    await page.mouse.up();
  });
  await expect(page.getByText("Nog 1 gratis like vandaag")).toBeVisible();

  await page.getByRole("button", { name: /^Ja, .+ liken$/ }).click();
  await expect(page.getByRole("heading", { name: "Dat was het voor vandaag" })).toBeVisible();
  await expect(page.getByText(/Je hebt je 4 gratis likes van vandaag gebruikt\. Vanaf \S+ 00:00 CES?T kun je weer liken\./)).toBeVisible();
  await expect(page.getByRole("link", { name: "Word premium en like onbeperkt" })).toHaveAttribute("href", "/premium");

  await expect
    .poll(async () => (await run("SELECT count(*) AS n FROM likes WHERE liker_id = ? AND source = 'swipe'", [player.profileId]))[0]!.n)
    .toBe(4);

  // Coming back later the same day: still the limit, no cards.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Dat was het voor vandaag" })).toBeVisible();
  await expect(page.locator(".swipe-card")).toHaveCount(0);
});

test("the like modal of ?t= shows a profile that liked the member", async ({ page }) => {
  const member = await createMember({ name: "Tom" });
  await run("UPDATE profiles SET gender = 'male' WHERE id = ?", [member.profileId]);
  await logIn(page, member.email, member.password);

  await page.goto("/?t=1");
  const modal = page.getByRole("dialog", { name: /vindt je leuk!/ });
  await expect(modal).toBeVisible();
  const link = modal.getByRole("link", { name: "Bekijk profiel" });
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/members\/\d+$/);
  const likerId = Number(href!.split("/").pop());
  const [like] = await run("SELECT source, is_new FROM likes WHERE liker_id = ? AND liked_id = ?", [likerId, member.profileId]);
  expect(like).toMatchObject({ source: "auto", is_new: 1 });
  const [liker] = await run("SELECT fictional FROM profiles WHERE id = ?", [likerId]);
  expect(liker).toMatchObject({ fictional: 1 });

  await modal.click();
  await expect(modal).toBeHidden();
});
