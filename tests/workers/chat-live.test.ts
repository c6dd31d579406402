/**
 * Live chat (ADR 027, issue 10): the socket at /api/chat-socket (own origin, a member's session),
 * the inbox telling both members' sockets about a new message, and typing through POST
 * /api/chat-typing.php, which only reaches the partner of the member's own conversation.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createMember, loginCookie, type MemberOptions } from "./factories";
import { get, mainContent, post } from "./helpers";
import { block } from "./likes-helpers";

const ORIGIN = "http://localhost";

async function signedIn(options: MemberOptions = {}) {
  const member = await createMember({ credits: 100, ...options });
  return { ...member, cookie: await loginCookie(member) };
}

type Member = Awaited<ReturnType<typeof signedIn>>;

function socketRequest(headers: Record<string, string>) {
  return exports.default.fetch(new Request(`${ORIGIN}/api/chat-socket`, { headers: { Upgrade: "websocket", ...headers } }));
}

/** A member's open socket and the events it received. */
async function openSocket(member: Member) {
  const response = await socketRequest({ Cookie: member.cookie, Origin: ORIGIN });
  expect(response.status).toBe(101);
  const socket = response.webSocket;
  if (!socket) throw new Error("no socket");
  socket.accept();
  const events: unknown[] = [];
  socket.addEventListener("message", (event) => {
    events.push(JSON.parse(String(event.data)));
  });
  const closed = new Promise<number>((resolve) => socket.addEventListener("close", (event) => resolve(event.code)));
  return {
    events,
    closed,
    /** Waits for an event like `expected`. */
    async receive(expected: Record<string, unknown>, timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const found = events.find((event) => expect.objectContaining(expected).asymmetricMatch(event));
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no event like ${JSON.stringify(expected)}; got ${JSON.stringify(events)}`);
    },
    close: () => socket.close(1000, "done"),
  };
}

let keys = 0;
function clientKey() {
  keys += 1;
  return `live-${Date.now()}-${keys}-${crypto.randomUUID()}`;
}

async function startChat(from: Member, to: Member, body: string): Promise<number> {
  const response = await post(`/members/${to.profileId}/chat`, { intent: "text", clientKey: clientKey(), body }, { cookie: from.cookie });
  expect(response.status).toBe(302);
  const match = /^\/chats\/(\d+)$/.exec(response.headers.get("Location") ?? "");
  if (!match) throw new Error(`no conversation in ${response.headers.get("Location")}`);
  return Number(match[1]);
}

function typing(member: Member, conversationId: number, origin = ORIGIN) {
  return exports.default.fetch(
    new Request(`${ORIGIN}/api/chat-typing.php`, {
      method: "POST",
      headers: { Cookie: member.cookie, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ conversation: String(conversationId) }),
    }),
  );
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("the chat socket", () => {
  it("is refused without a session, from another origin and without an upgrade", async () => {
    const anna = await signedIn();
    expect((await socketRequest({ Origin: ORIGIN })).status).toBe(401);
    expect((await socketRequest({ Origin: ORIGIN, Cookie: "auth=abcdefghijklmnopqrstuvwxyz234567" })).status).toBe(401);
    expect((await socketRequest({ Origin: "https://evil.example", Cookie: anna.cookie })).status).toBe(403);
    expect((await socketRequest({ Cookie: anna.cookie })).status).toBe(403);
    const plain = await exports.default.fetch(
      new Request(`${ORIGIN}/api/chat-socket`, { headers: { Cookie: anna.cookie, Origin: ORIGIN } }),
    );
    expect(plain.status).toBe(426);
  });

  it("tells the recipient and the sender's other tabs about a new message", async () => {
    const [anna, bram] = await Promise.all([signedIn({ name: "Anna", gender: "female" }), signedIn({ name: "Bram" })]);
    const [annas, brams] = await Promise.all([openSocket(anna), openSocket(bram)]);
    const conversationId = await startChat(anna, bram, "Hoi Bram!");
    expect(await brams.receive({ type: "message" })).toEqual({ type: "message", conversationId });
    expect(await annas.receive({ type: "message" })).toEqual({ type: "message", conversationId });

    // Bram answers; Anna hears of it once (and that Bram, whose page shows the conversation, saw her message).
    const messages = () => annas.events.filter((event) => (event as { type: string }).type === "message").length;
    const before = messages();
    const answer = await post(
      `/chats/${conversationId}`,
      { intent: "text", clientKey: clientKey(), body: "Hoi!" },
      { cookie: bram.cookie },
    );
    expect(answer.status).toBe(200);
    await annas.receive({ type: "message", conversationId });
    await settle();
    expect(messages()).toBe(before + 1);
    expect(annas.events).toContainEqual({ type: "seen", conversationId });
    annas.close();
    brams.close();
  });
});

describe("typing", () => {
  it("reaches the partner of the member's conversation, and nobody from a stranger or across a block", async () => {
    const [anna, bram, carl] = await Promise.all([signedIn({ gender: "female" }), signedIn(), signedIn()]);
    const conversationId = await startChat(anna, bram, "Hallo!");
    const [annas, brams] = await Promise.all([openSocket(anna), openSocket(bram)]);
    await settle();
    annas.events.length = 0;
    brams.events.length = 0;

    expect((await typing(bram, conversationId)).status).toBe(204);
    expect(await annas.receive({ type: "typing" })).toEqual({ type: "typing", conversationId, profileId: bram.profileId });
    annas.events.length = 0;

    // A stranger's typing in someone else's conversation: the same 404 as no conversation, nothing told.
    const stranger = await typing(carl, conversationId);
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toMatchObject({ error: "not_found" });
    expect((await typing(carl, 999_999_999)).status).toBe(404);
    // Another origin is refused before anything else.
    expect((await typing(bram, conversationId, "https://evil.example")).status).toBe(403);

    // Once Bram blocks Anna, neither hears the other typing.
    await block(bram.profileId, anna.profileId);
    expect((await typing(anna, conversationId)).status).toBe(404);
    expect((await typing(bram, conversationId)).status).toBe(404);
    await settle();
    expect(annas.events).toEqual([]);
    expect(brams.events).toEqual([]);
    annas.close();
    brams.close();
  });

  it("needs a session", async () => {
    const response = await exports.default.fetch(
      new Request(`${ORIGIN}/api/chat-typing.php`, {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ conversation: "1" }),
      }),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: "authentication_required" });
  });
});

describe("who hears what", () => {
  it("a stranger's socket hears nothing of other members' conversations", async () => {
    const [anna, bram, carl] = await Promise.all([signedIn({ gender: "female" }), signedIn(), signedIn()]);
    const carls = await openSocket(carl);
    const brams = await openSocket(bram);
    const conversationId = await startChat(anna, bram, "Alleen voor Bram");
    await brams.receive({ type: "message", conversationId });
    expect((await typing(anna, conversationId)).status).toBe(204);
    await settle();
    expect(carls.events).toEqual([]);
    carls.close();
    brams.close();
  });

  it("a block tells both members' open tabs that the chat is gone, without saying who blocked whom", async () => {
    const [anna, bram] = await Promise.all([signedIn({ gender: "female" }), signedIn()]);
    const conversationId = await startChat(anna, bram, "Hallo!");
    const [annas, brams] = await Promise.all([openSocket(anna), openSocket(bram)]);
    const blocked = await exports.default.fetch(
      new Request(`${ORIGIN}/api/blocks.php`, {
        method: "POST",
        headers: { Cookie: bram.cookie, Origin: ORIGIN, "Content-Type": "application/json" },
        body: JSON.stringify({ profile_id: anna.profileId, action: "block" }),
      }),
    );
    expect(blocked.status).toBe(200);
    expect(await annas.receive({ type: "gone" })).toEqual({ type: "gone", profileId: bram.profileId });
    expect(await brams.receive({ type: "gone" })).toEqual({ type: "gone", profileId: anna.profileId });
    // The reload those events cause finds nothing: the same 404 as a conversation that never existed.
    expect((await get(`/chats/${conversationId}`, { cookie: anna.cookie })).status).toBe(404);
    annas.close();
    brams.close();
  });

  it("deleting an account closes its open sockets at once, and none opens again", async () => {
    const anna = await signedIn();
    const [first, second] = [await openSocket(anna), await openSocket(anna)];
    const deleted = await post(
      "/settings",
      { intent: "delete", reason: "time", confirmation: anna.email, currentPassword: "correct horse battery" },
      { cookie: anna.cookie },
    );
    expect(deleted.status).toBe(302);
    expect(await first.closed).toBe(4001);
    expect(await second.closed).toBe(4001);
    expect((await socketRequest({ Cookie: anna.cookie, Origin: ORIGIN })).status).toBe(401);
  });
});

describe("reconnecting", () => {
  it("delivers a message once after a reconnect: what came during the drop is in the page, what comes after is told once", async () => {
    const [anna, bram] = await Promise.all([signedIn({ gender: "female" }), signedIn()]);
    const conversationId = await startChat(anna, bram, "Eerste bericht");
    const dropped = await openSocket(bram);
    dropped.close();
    await settle();

    // Sent while Bram's socket is down: nobody to tell, and nothing is queued for later.
    const during = await post(
      `/chats/${conversationId}`,
      { intent: "text", clientKey: clientKey(), body: "Tijdens de onderbreking" },
      { cookie: anna.cookie },
    );
    expect(during.status).toBe(200);

    // Bram reconnects; the browser then reloads once (use-chat-socket.ts) and finds it there, once.
    const again = await openSocket(bram);
    const page = mainContent(await (await get(`/chats/${conversationId}`, { cookie: bram.cookie })).text());
    expect(page.split("Tijdens de onderbreking").length - 1).toBe(1);
    await settle();
    expect(again.events.filter((event) => (event as { type: string }).type === "message")).toEqual([]);

    // The next message is told exactly once.
    const after = await post(
      `/chats/${conversationId}`,
      { intent: "text", clientKey: clientKey(), body: "Na de onderbreking" },
      { cookie: anna.cookie },
    );
    expect(after.status).toBe(200);
    await again.receive({ type: "message", conversationId });
    await settle();
    expect(again.events.filter((event) => (event as { type: string }).type === "message")).toEqual([{ type: "message", conversationId }]);
    const reloaded = mainContent(await (await get(`/chats/${conversationId}`, { cookie: bram.cookie })).text());
    expect(reloaded.split("Na de onderbreking").length - 1).toBe(1);
    again.close();
  });
});
