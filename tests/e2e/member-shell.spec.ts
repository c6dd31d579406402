/**
 * What every signed-in page does around its content (spec §4, §9): polling whatever the live
 * socket does, the installed app's badge (unread messages plus new likes), idle prefetching of the
 * member's next pages, and the chat's two columns on a wide screen.
 */
import { expect, type Page, type Request, test } from "./test";
import { createMember, createPenPal } from "./factories";
import { logIn } from "./log-in";

// Each test signs in and loads several pages; on a loaded machine that takes longer than the default.
test.describe.configure({ timeout: 120_000 });

/** A React Router data request: a revalidation (polling) or a navigation's data. */
const isDataRequest = (request: Request) => new URL(request.url()).pathname.endsWith(".data");

/** The browser's globals used below, typed here: the tests' TypeScript setup has no DOM types. */
declare const window: { __appBadge: (number | "cleared")[] };
declare const navigator: object;

/** Records what the page sets the app badge to (the Badging API, stubbed: headless Chromium has no installed app). */
async function recordAppBadge(page: Page) {
  await page.addInitScript(() => {
    const calls: (number | "cleared")[] = [];
    window.__appBadge = calls;
    Object.assign(navigator, {
      setAppBadge: async (count: number) => void calls.push(count),
      clearAppBadge: async () => void calls.push("cleared"),
    });
  });
  return () => page.evaluate(() => window.__appBadge.at(-1) ?? null);
}

test("the user, chats and likes are polled 5 s after load while the live socket stays open", async ({ page }) => {
  const member = await createMember({ name: "Poller" });
  await logIn(page, member.email, member.password);
  const socket = page.waitForEvent("websocket", (ws) => ws.url().endsWith("/api/chat-socket"));
  await page.goto("/likes");
  const live = await socket;
  const poll = await page.waitForRequest(isDataRequest, { timeout: 60_000 });
  expect(new URL(poll.url()).pathname).toBe("/likes.data");
  expect(live.isClosed()).toBe(false);
});

test("the app badge shows unread messages plus new likes, and is cleared at zero", async ({ page }) => {
  const member = await createMember({ name: "Badger" });
  const penPal = await createPenPal(member, { name: "Pennie", messages: ["Hoi! Zin in een praatje?"] });
  const badge = await recordAppBadge(page);
  await logIn(page, member.email, member.password);
  await page.goto("/members");
  await expect.poll(badge, { timeout: 30_000 }).toBe(2);

  // Reading the message and seeing who liked: nothing left to count.
  await page.goto(`/chats/${penPal.conversationId}`);
  await expect(page.getByRole("article").getByText("Hoi! Zin in een praatje?")).toBeVisible({ timeout: 30_000 });
  await page.goto(`/members/${penPal.profileId}`);
  await page.goto("/likes");
  await expect.poll(badge, { timeout: 30_000 }).toBe("cleared");
});

test("a member's likely next pages are prefetched when the browser is idle; a visitor's page stays without scripts", async ({
  page,
  browser,
}) => {
  const member = await createMember({ name: "Prefetcher" });
  await logIn(page, member.email, member.password);
  await page.goto("/members");
  const prefetched = page.locator('link[rel="modulepreload"][data-prefetch="idle"]');
  await expect.poll(() => prefetched.count(), { timeout: 30_000 }).toBeGreaterThan(0);
  const hrefs = await prefetched.evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(hrefs.some((href) => /\/assets\/chats-[\w-]+\.js$/.test(href))).toBe(true);
  expect(hrefs.some((href) => /\/assets\/likes-[\w-]+\.js$/.test(href))).toBe(true);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/pricing");
  expect(await visitor.locator('script[src], link[rel="modulepreload"]').count()).toBe(0);
  await visitorContext.close();
});

test("from 992 px a conversation has the chat list beside it (300–400 px), its messages at most 800 px wide", async ({ page }) => {
  const member = await createMember({ name: "Wide" });
  const penPal = await createPenPal(member, { name: "Pennie", messages: ["Hoi! Zin in een praatje?"] });
  await logIn(page, member.email, member.password);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`/chats/${penPal.conversationId}`);
  const list = page.getByRole("complementary", { name: "Berichten" });
  await expect(list.getByRole("link", { name: /Pennie/ }).first()).toBeVisible({ timeout: 30_000 });
  const column = (await list.boundingBox())!;
  const conversation = (await page.locator(".chat-screen").boundingBox())!;
  expect(column.width).toBeGreaterThanOrEqual(300);
  expect(column.width).toBeLessThanOrEqual(400);
  expect(conversation.x).toBeGreaterThanOrEqual(column.x + column.width);
  expect(conversation.width).toBeLessThanOrEqual(800);

  await page.setViewportSize({ width: 800, height: 900 });
  await expect(list).toBeHidden();
  await expect(page.locator(".chat-screen")).toBeVisible();
});
