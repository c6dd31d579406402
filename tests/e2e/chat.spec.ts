/**
 * Chat in the browser: a member writes to someone from their profile (an icebreaker, Enter sends),
 * sends a gift from the profile's gift button, runs out of credits and is told how to get more; the
 * other member sees the unread badge, reads and answers; a chat is deleted from the overview.
 */
import { expect, test } from "./test";
import { createMember } from "./factories";
import { logIn } from "./log-in";

test("members write to each other, send a gift and run out of credits", async ({ page, browser }) => {
  const anna = await createMember({ name: "Anna", credits: 60 });
  const bram = await createMember({ name: "Bram", credits: 30 });

  await logIn(page, anna.email, anna.password);
  await page.goto(`/members/${bram.profileId}`);
  await page.getByRole("link", { name: "Stuur een bericht" }).click();
  await expect(page).toHaveURL(`/members/${bram.profileId}/chat`);
  await expect(page.getByText("Dit is het begin van je gesprek met Bram. Zeg eens hallo!")).toBeVisible();
  await expect(page.getByText("Een bericht kost 15 credits. Je hebt er 60.")).toBeVisible();

  // The icebreaker modal opens from the composer; a pick fills the box and closes it; Enter sends it and the conversation begins.
  await page.getByRole("button", { name: "Openingszinnen" }).click();
  const icebreakers = page.getByRole("dialog", { name: "Weet je niet hoe je moet beginnen? Kies een openingszin:" });
  await expect(icebreakers).toBeVisible();
  await icebreakers.getByRole("button", { name: "Hey! Wat doe je het liefst op een vrije zondag?" }).click();
  await expect(icebreakers).toBeHidden();
  const box = page.getByRole("textbox", { name: "Je bericht" });
  await expect(box).toHaveValue("Hey! Wat doe je het liefst op een vrije zondag?");
  await expect(box).toBeFocused();
  await box.press("Enter");
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const conversationUrl = page.url();
  await expect(page.getByRole("article", { name: /^Jij, / })).toContainText("Hey! Wat doe je het liefst op een vrije zondag?");
  await expect(page.getByRole("link", { name: "45 credits" })).toBeVisible();
  await expect(box).toHaveValue("");

  // The profile's gift button opens the same conversation with the gifts showing.
  await page.goto(`/members/${bram.profileId}`);
  await page.getByRole("link", { name: "Stuur een cadeautje" }).click();
  await expect(page).toHaveURL(`${conversationUrl}?gift=1`);
  await page.getByRole("button", { name: /Roos/ }).click();
  await expect(page.getByText("Je stuurde Bram een cadeautje: Roos")).toBeVisible();
  await expect(page.getByRole("link", { name: "15 credits" })).toBeVisible();

  await box.fill("Nog eentje dan.");
  await page.getByRole("button", { name: "Versturen" }).click();
  await expect(page.locator(".chat-bubble__text", { hasText: "Nog eentje dan." })).toBeVisible();
  await expect(page.getByRole("link", { name: "0 credits" })).toBeVisible();

  await box.fill("En nog een?");
  await page.getByRole("button", { name: "Versturen" }).click();
  await expect(page.getByText("Je hebt niet genoeg credits: dit kost er 15 en je hebt 0 credits.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Credits kopen" })).toHaveAttribute("href", "/credits");
  await expect(box).toHaveValue("En nog een?");

  // Bram sees three unread messages, opens the chat and answers.
  const bramContext = await browser.newContext();
  const bramPage = await bramContext.newPage();
  await logIn(bramPage, bram.email, bram.password);
  await expect(bramPage.getByRole("link", { name: /Berichten/ }).getByText("3 ongelezen berichten")).toBeAttached();
  await bramPage.goto("/chats");
  const entry = bramPage.getByRole("listitem").filter({ hasText: "Anna" });
  await expect(entry).toContainText("Nog eentje dan.");
  await expect(entry.getByText("3 ongelezen berichten")).toBeAttached();
  await entry.getByRole("link").click();
  await expect(bramPage.getByText("Anna stuurde je een cadeautje: Roos")).toBeVisible();
  await bramPage.getByRole("textbox", { name: "Je bericht" }).fill("Wandelen in de duinen!");
  await bramPage.getByRole("button", { name: "Versturen" }).click();
  await expect(bramPage.getByRole("article", { name: /^Jij, / }).last()).toContainText("Wandelen in de duinen!");
  await bramPage.getByRole("link", { name: "Terug naar je berichten" }).click();
  await expect(entry).toContainText("Wandelen in de duinen!");
  await expect(entry.getByText(/ongelezen/)).toHaveCount(0);
  await bramContext.close();

  // Anna's open conversation shows the answer without a reload (the live socket, ADR 027; else polling).
  await expect(page.locator(".chat-bubble__text", { hasText: "Wandelen in de duinen!" })).toBeVisible({ timeout: 20_000 });
});

test("a member deletes a conversation from the overview", async ({ page }) => {
  const carla = await createMember({ name: "Carla", credits: 30 });
  const dirk = await createMember({ name: "Dirk" });
  await logIn(page, carla.email, carla.password);
  await page.goto(`/members/${dirk.profileId}/chat`);
  await page.getByRole("textbox", { name: "Je bericht" }).fill("Hoi Dirk!");
  await page.getByRole("button", { name: "Versturen" }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const conversationUrl = page.url();
  // The URL changes before React commits the conversation's page, which is what remembers it as opened.
  const conversationId = conversationUrl.split("/").pop()!;
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("last-opened-chat") ?? ""))
    .toContain(`"conversationId":${conversationId}`);

  // product.md §3 chat state: on a desktop screen the chats (and the "messages" entry) bring her back to the last opened conversation…
  await page.goto("/members");
  await page.getByRole("link", { name: /Berichten/ }).click();
  await expect(page).toHaveURL(conversationUrl);
  // …its back link shows the overview, which marks that conversation.
  await page.getByRole("link", { name: "Terug naar je berichten" }).click();
  await expect(page).toHaveURL(/\/chats$/);
  await expect(page.getByRole("listitem").filter({ hasText: "Dirk" })).toContainText("Laatst geopend");
  // A smaller screen shows the overview straight away.
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto("/chats");
  await expect(page.getByRole("listitem").filter({ hasText: "Dirk" })).toContainText("Laatst geopend");
  await expect(page).toHaveURL(/\/chats$/);

  await page.getByRole("button", { name: "Gesprek met Dirk verwijderen" }).click();
  const dialog = page.getByRole("dialog", { name: "Je gesprek met Dirk verwijderen?" });
  await dialog.getByRole("button", { name: "Verwijderen" }).click();
  await expect(page.getByText("Je hebt nog geen gesprekken.")).toBeVisible();
  await page.reload();
  await expect(page.getByText("Je hebt nog geen gesprekken.")).toBeVisible();
});

test("a send whose answer never comes frees its button after 15 s, and sending again stores the message once", async ({ page }) => {
  test.setTimeout(60_000);
  const erik = await createMember({ name: "Erik", credits: 60 });
  const fenna = await createMember({ name: "Fenna" });
  await logIn(page, erik.email, erik.password);
  await page.goto(`/members/${fenna.profileId}/chat`);
  // The first try reaches the server, which stores and charges it; its answer never reaches the phone.
  let tries = 0;
  await page.route(/\/chat\.data/, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    tries += 1;
    if (tries > 1) return route.continue();
    await route.fetch();
  });
  await page.getByRole("textbox", { name: "Je bericht" }).fill("Ben je er nog?");
  await page.getByRole("button", { name: "Versturen" }).click();
  await expect(page.getByRole("button", { name: "Versturen…" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Versturen" })).toBeEnabled({ timeout: 25_000 });

  await page.getByRole("button", { name: "Versturen" }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  await expect(page.locator(".chat-bubble__text", { hasText: "Ben je er nog?" })).toHaveCount(1);
  await expect(page.getByRole("link", { name: "45 credits" })).toBeVisible();
  expect(tries).toBe(2);
});
