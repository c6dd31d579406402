/**
 * Live chat (ADR 027): with both members' sockets open, one sees the other typing and their reply
 * appears at once, without a reload and well before the 10 s polling would bring it. When the
 * socket fails (ADR 044: a deploy or a reset inbox closes it, a handshake is refused, the network
 * dies without a close) the page tries again with backoff, reloads once when it is back, and shows
 * what was sent meanwhile exactly once; the next message arrives live again.
 */
import { type Browser, expect, type Page, type WebSocketRoute, test } from "./test";
import { createMember } from "./factories";
import { logIn } from "./log-in";

/** A message in the open conversation (the wide layout also shows the last one in the chat list beside it). */
function bubble(page: Page, text: string) {
  const exact = new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
  return page.locator(".chat-bubble__text").filter({ hasText: exact });
}

/**
 * Puts a page's live-chat sockets through Playwright's WebSocket routing, connected to the real
 * server, so a test can do to them what production does: `drop()` closes the open ones as the
 * server does on a deploy or a reset inbox (the real server side is closed too) and refuses the
 * handshakes that follow, which the page sees fail (code 1006, as after a 503) until `up()`;
 * `silent` lets nothing through either way, as a network that died without a close.
 */
async function routeChatSocket(page: Page) {
  const state = { down: false, silent: false, connected: 0, connectedAt: 0, refused: 0, pings: 0 };
  const open = new Set<WebSocketRoute>();
  await page.routeWebSocket(/\/api\/chat-socket$/, async (ws) => {
    if (state.down) {
      state.refused += 1;
      await ws.close({ code: 1006, reason: "" });
      return;
    }
    state.connected += 1;
    state.connectedAt = Date.now();
    const server = ws.connectToServer();
    open.add(ws);
    ws.onMessage((message) => {
      if (message === "ping") state.pings += 1;
      if (!state.silent) server.send(message);
    });
    server.onMessage((message) => {
      if (!state.silent) ws.send(message);
    });
    ws.onClose(() => {
      open.delete(ws);
      void server.close();
    });
    server.onClose((code, reason) => {
      open.delete(ws);
      void ws.close({ code, reason });
    });
  });
  return {
    state,
    async drop(code = 1012) {
      state.down = true;
      for (const ws of [...open]) {
        open.delete(ws);
        await ws.close({ code, reason: "service restart" });
      }
    },
    up() {
      state.down = false;
    },
  };
}

/** The chat screen's data reloads from now on: React Router's `.data` requests that include its loader. */
function countReloads(page: Page) {
  const at: number[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    const routes = url.searchParams.get("_routes");
    if (request.method() === "GET" && url.pathname.endsWith(".data") && (routes === null || routes.split(",").includes("chats-id")))
      at.push(Date.now());
  });
  return { since: (time: number) => at.filter((when) => when >= time).length };
}

/** Anna (whose sockets the test controls) has a conversation with Bram, whose page has it open with a real socket. */
async function twoMembersInAChat(page: Page, browser: Browser) {
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
  await bramPage.goto(conversationPath);
  await expect(bubble(bramPage, "Hoi Bram!")).toBeVisible();
  /** Bram sends a message and sees it stored. */
  const bramSends = async (text: string) => {
    const answer = bramPage.getByRole("textbox", { name: "Je bericht" });
    await answer.fill(text);
    await answer.press("Enter");
    await expect(bubble(bramPage, text)).toHaveCount(1);
  };
  return { conversationPath, bramSends, closeBram: () => bramContext.close() };
}

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
  await expect(bubble(bramPage, "Hoi Bram!")).toBeVisible();
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
  await expect(bubble(page, "Goed hoor, en met jou?")).toBeVisible({ timeout: 5_000 });
  await bramContext.close();
});

test("a dropped socket: the page backs off, reloads once when it is back, shows what came meanwhile once, then hears the next message live", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const socket = await routeChatSocket(page);
  const { conversationPath, bramSends, closeBram } = await twoMembersInAChat(page, browser);
  const connectedBefore = socket.state.connected + 1;
  await page.goto(conversationPath);
  await expect.poll(() => socket.state.connected).toBe(connectedBefore);
  await page.waitForTimeout(1_000);
  const reloads = countReloads(page);

  // A deploy (or a reset inbox) closes the socket; the handshakes that follow are refused.
  await socket.drop(1012);
  await bramSends("Ben je er nog?");
  await expect.poll(() => socket.state.refused, { timeout: 5_000 }).toBeGreaterThan(0);

  // The inbox is back: the next attempt connects, the page reloads once and shows the message once.
  socket.up();
  await expect.poll(() => socket.state.connected, { timeout: 20_000 }).toBe(connectedBefore + 1);
  const reconnectedAt = socket.state.connectedAt;
  await expect(bubble(page, "Ben je er nog?")).toHaveCount(1, { timeout: 10_000 });
  await page.waitForTimeout(2_000);
  expect(reloads.since(reconnectedAt)).toBe(1);

  // The next message comes through the socket, long before the 10 s polling (which is off while it is open).
  const sentAt = Date.now();
  await bramSends("Ik zie je weer!");
  await expect(bubble(page, "Ik zie je weer!")).toHaveCount(1, { timeout: 5_000 });
  expect(Date.now() - sentAt).toBeLessThan(8_000);
  await page.waitForTimeout(1_000);
  await expect(bubble(page, "Ben je er nog?")).toHaveCount(1);
  await expect(bubble(page, "Ik zie je weer!")).toHaveCount(1);
  await closeBram();
});

test("a refused first handshake: once the socket connects, the page reloads and shows what was sent in between", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const socket = await routeChatSocket(page);
  const { conversationPath, bramSends, closeBram } = await twoMembersInAChat(page, browser);

  // The page loads while the inbox refuses every handshake (a deploy in progress, a reset inbox).
  socket.state.down = true;
  const connectedBefore = socket.state.connected;
  await page.goto(conversationPath);
  await expect.poll(() => socket.state.refused, { timeout: 5_000 }).toBeGreaterThan(0);
  await bramSends("Zie je dit?");
  socket.up();

  // The first socket that opens after a failed attempt reloads the data: the message shows once,
  // before the 10 s polling would have brought it (polling stops once the socket is open).
  await expect.poll(() => socket.state.connected, { timeout: 15_000 }).toBe(connectedBefore + 1);
  await expect(bubble(page, "Zie je dit?")).toHaveCount(1, { timeout: 5_000 });

  await bramSends("En dit ook?");
  await expect(bubble(page, "En dit ook?")).toHaveCount(1, { timeout: 5_000 });
  await expect(bubble(page, "Zie je dit?")).toHaveCount(1);
  await closeBram();
});

test("a socket whose inbox stops answering the heartbeat is replaced, and what was missed shows up", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const socket = await routeChatSocket(page);
  const { conversationPath, bramSends, closeBram } = await twoMembersInAChat(page, browser);
  await page.clock.install();
  const connectedBefore = socket.state.connected + 1;
  await page.goto(conversationPath);
  await expect.poll(() => socket.state.connected).toBe(connectedBefore);
  await page.waitForTimeout(1_000);

  // The network dies without a close: the page's ping and the news of Bram's message are lost.
  socket.state.silent = true;
  await page.clock.fastForward(30_000);
  await expect.poll(() => socket.state.pings).toBeGreaterThan(0);
  await bramSends("Hallo?");
  await expect(bubble(page, "Hallo?")).toHaveCount(0);
  // No answer by the next beat: the socket counts as dropped, and the page connects again.
  await page.clock.fastForward(30_000);
  socket.state.silent = false;
  await page.clock.fastForward(1_000);
  await expect.poll(() => socket.state.connected, { timeout: 10_000 }).toBe(connectedBefore + 1);
  await expect(bubble(page, "Hallo?")).toHaveCount(1, { timeout: 5_000 });
  await closeBram();
});
