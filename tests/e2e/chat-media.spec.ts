/**
 * Photos and GIFs in a live chat (product.md §10 "Photos in chat", "GIFs in chat"), two members in
 * two browsers: a photo is visible to the partner once a moderator approved it, a GIF from the
 * search arrives at once, "seen" shows under the sender's message; and running out of credits
 * shows the credit alert, for a text as for a photo.
 */
import { expect, test, type Browser, type Page } from "./test";
import { drawnJpeg } from "./drawn-photo";
import { createMember } from "./factories";
import { logIn } from "./log-in";

const DEMO_MODERATOR = { email: "moderator@example.com", password: "demo1234!demo" };

async function signedInPage(browser: Browser, email: string, password?: string) {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, email, password);
  return page;
}

/** Opens a page and waits for its live-chat socket. */
async function openLive(page: Page, path: string) {
  const socket = page.waitForEvent("websocket", (ws) => ws.url().endsWith("/api/chat-socket"));
  await page.goto(path);
  await socket;
}

test("a photo and a GIF reach the other member's open chat, and the sender sees 'seen'", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const anna = await createMember({ name: "Annabel", credits: 100 });
  const bram = await createMember({ name: "Bramwell", credits: 60 });

  await logIn(page, anna.email, anna.password);
  await page.goto(`/members/${bram.profileId}/chat`);
  const box = page.getByRole("textbox", { name: "Je bericht" });
  await box.fill("Hoi, kijk eens!");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const conversationPath = new URL(page.url()).pathname;

  const bramPage = await signedInPage(browser, bram.email, bram.password);
  await openLive(bramPage, conversationPath);
  // In the conversation (the chat list beside it previews the same text).
  await expect(bramPage.locator(".chat-bubble__text", { hasText: "Hoi, kijk eens!" })).toBeVisible();
  await openLive(page, conversationPath);
  // Bram has the conversation open: Anna sees "seen" under her message.
  await expect(page.locator(".chat-bubble__seen")).toHaveText("Gezien", { timeout: 5_000 });

  // A photo: Anna sees it at once, awaiting review; Bram is told one is being checked, live.
  const photo = await drawnJpeg(page, { width: 800, height: 600 });
  await page.getByLabel("Foto sturen (20 credits)").setInputFiles({ name: "IMG_0042.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(page.getByRole("img", { name: "Foto in het gesprek" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Wordt gecontroleerd: Bramwell ziet deze foto zodra hij is goedgekeurd.")).toBeVisible();
  await expect(bramPage.getByText("Annabel stuurde je een foto. Je ziet hem zodra hij is gecontroleerd.")).toBeVisible({ timeout: 5_000 });
  await expect(bramPage.getByRole("img", { name: "Foto in het gesprek" })).toHaveCount(0);

  // A moderator approves it in the photo queue; Bram's open chat shows the photo.
  const moderatorPage = await signedInPage(browser, DEMO_MODERATOR.email, DEMO_MODERATOR.password);
  await moderatorPage.goto("/moderation");
  const card = moderatorPage.locator(".moderation-photo").filter({ hasText: "Annabel" }).filter({ hasText: "In een chat" });
  await card.getByRole("button", { name: "Goedkeuren" }).click();
  await expect(moderatorPage.getByRole("status").filter({ hasText: "Foto goedgekeurd." })).toBeVisible();
  await expect(bramPage.getByRole("img", { name: "Foto in het gesprek" })).toBeVisible({ timeout: 5_000 });

  // A GIF: searched in Dutch, picked, and in Bram's chat at once.
  await page.getByRole("button", { name: "GIF sturen" }).click();
  const search = page.getByRole("dialog", { name: "Kies een GIF" });
  await search.getByRole("searchbox").fill("kus");
  await search.getByRole("button", { name: "kus" }).click();
  await expect(search).toBeHidden();
  await expect(page.locator('img.chat-bubble__gif[src="/stickers/kiss.svg"]')).toBeVisible();
  await expect(bramPage.locator('img.chat-bubble__gif[src="/stickers/kiss.svg"]')).toBeVisible({ timeout: 5_000 });
  // 15 for the first message, 20 for the photo, 15 for the GIF.
  await expect(page.locator(".chat-composer__hint")).toContainText("Je hebt er 50.");
  await bramPage.context().close();
  await moderatorPage.context().close();
});

test("running out of credits shows the credit alert, for a message as for a photo", async ({ page }) => {
  const carla = await createMember({ name: "Carla", credits: 15 });
  const dirk = await createMember({ name: "Dirk" });
  await logIn(page, carla.email, carla.password);
  await page.goto(`/members/${dirk.profileId}/chat`);
  const box = page.getByRole("textbox", { name: "Je bericht" });
  await box.fill("Hallo Dirk!");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  // The conversation's own page has rendered (the URL changes before React commits it): the sent
  // message is there and the balance reads 0.
  await expect(page.locator(".chat-composer__hint")).toContainText("Je hebt er 0.");
  await expect(box).toHaveValue("");

  await box.fill("Nog een bericht");
  await box.press("Enter");
  const alert = page.getByRole("alert").filter({ hasText: "Je hebt niet genoeg credits" });
  await expect(alert).toBeVisible({ timeout: 10_000 });
  await expect(alert.getByRole("link", { name: "Credits kopen" })).toHaveAttribute("href", "/credits");

  await page.reload();
  const photo = await drawnJpeg(page, { width: 400, height: 400 });
  await page.getByLabel("Foto sturen (20 credits)").setInputFiles({ name: "foto.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(page.getByRole("alert").filter({ hasText: "dit kost er 20 en je hebt 0 credits" })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole("img", { name: "Foto in het gesprek" })).toHaveCount(0);
});

test("a new message updates the navigation badge and the chats overview on another page, without a reload", async ({ page, browser }) => {
  const eva = await createMember({ name: "Eva" });
  const finn = await createMember({ name: "Finn", credits: 60 });
  await logIn(page, eva.email, eva.password);
  // The socket opens after the page has loaded (the default layout's deferred part).
  await openLive(page, "/chats");
  await expect(page.getByText("1 ongelezen bericht")).toHaveCount(0);

  const finnPage = await signedInPage(browser, finn.email, finn.password);
  await finnPage.goto(`/members/${eva.profileId}/chat`);
  const box = finnPage.getByRole("textbox", { name: "Je bericht" });
  await box.fill("Hoi Eva, zin in koffie?");
  await box.press("Enter");
  await expect(finnPage).toHaveURL(/\/chats\/\d+$/);

  // Well before the 60 s polling: the badge and the overview show the new conversation.
  await expect(page.getByText("1 ongelezen bericht").first()).toBeAttached({ timeout: 5_000 });
  await expect(page.locator(".chat-list__item").filter({ hasText: "Finn" })).toContainText("Hoi Eva, zin in koffie?", { timeout: 5_000 });
  await finnPage.context().close();
});
