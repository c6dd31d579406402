/**
 * Live chat (ADR 027): with both members' sockets open, one sees the other typing and their reply
 * appears at once, without a reload and well before the 10 s polling would bring it.
 */
import { expect, test } from "@playwright/test";
import { createMember } from "./factories";
import { logIn } from "./log-in";

test("a reply and the partner's typing show up without a reload", async ({ page, browser }) => {
  const anna = await createMember({ name: "Anna", credits: 60 });
  const bram = await createMember({ name: "Bram", credits: 60 });

  await logIn(page, anna.email, anna.password);
  await page.goto(`/members/${bram.profileId}/chat`);
  const box = page.getByRole("textbox", { name: "Je bericht" });
  await box.fill("Hoi Bram!");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const conversationPath = new URL(page.url()).pathname;

  const bramContext = await browser.newContext();
  const bramPage = await bramContext.newPage();
  await logIn(bramPage, bram.email, bram.password);
  const bramsSocket = bramPage.waitForEvent("websocket", (socket) => socket.url().endsWith("/api/chat-socket"));
  await bramPage.goto(conversationPath);
  await expect(bramPage.getByText("Hoi Bram!")).toBeVisible();
  await bramsSocket;
  // Anna's conversation, freshly loaded, has its socket too.
  const annasSocket = page.waitForEvent("websocket", (socket) => socket.url().endsWith("/api/chat-socket"));
  await page.reload();
  await annasSocket;

  // Anna types: Bram sees it.
  await page.waitForTimeout(500);
  await box.pressSequentially("Hoe gaat", { delay: 50 });
  await expect(bramPage.getByText("Anna is aan het typen…")).toBeVisible({ timeout: 5_000 });

  // Bram answers: Anna's open conversation shows it at once, with no reload.
  const answer = bramPage.getByRole("textbox", { name: "Je bericht" });
  await answer.fill("Goed hoor, en met jou?");
  await answer.press("Enter");
  await expect(page.getByText("Goed hoor, en met jou?")).toBeVisible({ timeout: 5_000 });
  await bramContext.close();
});
