/**
 * Live chat (ADR 027, issue 10): the socket at /api/chat-socket (own origin, a member's session),
 * the inbox telling both members' sockets about a new message, and typing through POST
 * /api/chat-typing.php, which only reaches the partner of the member's own conversation. A socket
 * lives no longer than its session (ADR 038): logout, a password change, a ban and expiry close it.
 */
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createMember, loginCookie, TEST_PASSWORD, type MemberOptions } from "./factories";
import { get, mainContent, post, sql } from "./helpers";
import { block } from "./likes-helpers";
import { makeModerator } from "./photo-helpers";
import { tokenFromMail } from "./settings-helpers";

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
  let closedWith: number | null = null;
  const closed = new Promise<number>((resolve) =>
    socket.addEventListener("close", (event) => {
      closedWith = event.code;
      resolve(event.code);
    }),
  );
  return {
    events,
    closed,
    /** The close code once the inbox closed the socket, or null when it is still open after `timeoutMs`. */
    async closedWithin(timeoutMs = 5_000): Promise<number | null> {
      return Promise.race([closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs))]);
    },
    isOpen: () => closedWith === null,
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

/** The close code of a socket whose session ended (SESSION_ENDED in app/live/live-events.ts). */
const SESSION_ENDED = 4002;

/** A second device of the same member: another session, its own cookie. */
async function anotherSession(member: Member): Promise<Member> {
  return { ...member, cookie: await loginCookie(member) };
}

function reply(from: Member, conversationId: number, body: string) {
  return post(`/chats/${conversationId}`, { intent: "text", clientKey: clientKey(), body }, { cookie: from.cookie });
}

/** The member's inbox, the Durable Object behind their sockets (workers/inbox.ts). */
function inboxStub(member: Member) {
  return env.INBOX.get(env.INBOX.idFromName(String(member.profileId)));
}

const messageEvents = (socket: { events: unknown[] }) => socket.events.filter((event) => (event as { type: string }).type === "message");

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

  it("answers 503 when the inbox fails, so the browser backs off and polls (ADR 044); the next try connects", async () => {
    const anna = await signedIn();
    const refused = await socketRequest({ Cookie: anna.cookie, Origin: ORIGIN, "X-Test-Faults": "inbox" });
    expect(refused.status).toBe(503);
    expect(refused.webSocket).toBeNull();
    expect(await refused.text()).toBe("Live chat is not available");
    const socket = await openSocket(anna);
    expect(socket.isOpen()).toBe(true);
    socket.close();
  });

  it("answers the page's heartbeat, so a socket that stopped answering can be told from a quiet one (ADR 044)", async () => {
    const anna = await signedIn();
    const response = await socketRequest({ Cookie: anna.cookie, Origin: ORIGIN });
    const socket = response.webSocket;
    if (!socket) throw new Error("no socket");
    socket.accept();
    const answer = new Promise<unknown>((resolve) => socket.addEventListener("message", (event) => resolve(event.data)));
    socket.send("ping");
    expect(await answer).toBe("pong");
    socket.close(1000, "done");
  });
});

describe("a socket lives no longer than its session", () => {
  it("logout closes that session's socket, and it hears nothing afterwards; the member's other session keeps its own", async () => {
    const [anna, bram] = await Promise.all([signedIn({ gender: "female" }), signedIn()]);
    const phone = await anotherSession(anna);
    const conversationId = await startChat(anna, bram, "Hallo Bram");
    const [laptops, phones] = [await openSocket(anna), await openSocket(phone)];

    const logout = await exports.default.fetch(
      new Request(`${ORIGIN}/api/logout.php`, { headers: { Cookie: anna.cookie, "Sec-Fetch-Site": "same-origin" }, redirect: "manual" }),
    );
    expect(logout.status).toBe(302);
    expect(await laptops.closedWithin()).toBe(SESSION_ENDED);

    const before = laptops.events.length;
    expect((await reply(bram, conversationId, "Ben je er nog?")).status).toBe(200);
    await phones.receive({ type: "message", conversationId });
    await settle();
    expect(laptops.events.length).toBe(before);
    expect(phones.isOpen()).toBe(true);
    phones.close();
  });

  it("a password change closes the sockets of the sessions it ends, and keeps the one it was made in", async () => {
    const [anna, bram] = await Promise.all([signedIn({ gender: "female" }), signedIn()]);
    const elsewhere = await anotherSession(anna);
    const conversationId = await startChat(anna, bram, "Hallo Bram");
    const [heres, elsewheres] = [await openSocket(anna), await openSocket(elsewhere)];

    const changed = await post(
      "/settings",
      { intent: "password", currentPassword: TEST_PASSWORD, newPassword: "a brand new secret", confirmPassword: "a brand new secret" },
      { cookie: anna.cookie },
    );
    expect(changed.status).toBe(200);
    expect(await elsewheres.closedWithin()).toBe(SESSION_ENDED);

    const before = elsewheres.events.length;
    expect((await reply(bram, conversationId, "Nieuw wachtwoord?")).status).toBe(200);
    await heres.receive({ type: "message", conversationId });
    await settle();
    expect(elsewheres.events.length).toBe(before);
    expect(heres.isOpen()).toBe(true);
    heres.close();
  });

  it("a moderator's ban closes every socket of the member, and none opens again", async () => {
    const [anna, moderator] = await Promise.all([signedIn({ gender: "female" }), signedIn()]);
    await makeModerator(moderator);
    const phone = await anotherSession(anna);
    const [laptops, phones] = [await openSocket(anna), await openSocket(phone)];

    const banned = await post("/moderation", { intent: "ban_member", profileId: String(anna.profileId) }, { cookie: moderator.cookie });
    expect(banned.status).toBe(200);
    expect(await laptops.closedWithin()).toBe(SESSION_ENDED);
    expect(await phones.closedWithin()).toBe(SESSION_ENDED);
    expect(laptops.events).toEqual([]);
    expect(phones.events).toEqual([]);
    expect((await socketRequest({ Cookie: anna.cookie, Origin: ORIGIN })).status).toBe(401);
  });

  it("a password reset closes the sockets of every session it ends", async () => {
    const anna = await signedIn({ gender: "female" });
    const phone = await anotherSession(anna);
    const [laptops, phones] = [await openSocket(anna), await openSocket(phone)];

    const form = (path: string, body: Record<string, string>) =>
      exports.default.fetch(
        new Request(`${ORIGIN}${path}`, {
          method: "POST",
          headers: {
            Origin: ORIGIN,
            "Content-Type": "application/x-www-form-urlencoded",
            "CF-Connecting-IP": `2001:db8::${clientKey().slice(-4)}`,
          },
          body: new URLSearchParams(body),
          redirect: "manual",
        }),
      );
    expect((await form("/reset-password", { email: anna.email })).status).toBe(200);
    const token = await tokenFromMail(anna.email, "password_reset", "/reset-password/do");
    const reset = await form(`/reset-password/do?token=${token}`, {
      token,
      password: "a brand new secret",
      passwordRepeat: "a brand new secret",
    });
    expect(reset.status).toBe(302);
    expect(await laptops.closedWithin()).toBe(SESSION_ENDED);
    expect(await phones.closedWithin()).toBe(SESSION_ENDED);
  });

  it("a session that slides to a new expiry keeps its socket open past the old one", async () => {
    const [anna, bram] = await Promise.all([signedIn({ gender: "female" }), signedIn()]);
    const conversationId = await startChat(anna, bram, "Hallo Bram");
    await sql("UPDATE sessions SET expires_at = unixepoch() + 2 WHERE user_id = ?", [anna.userId]);
    const annas = await openSocket(anna);
    // A page in the session's second half renews it for 30 days (ADR 021); the inbox learns of it.
    const page = await get("/chats", { cookie: anna.cookie });
    expect(page.headers.getSetCookie().some((cookie) => cookie.startsWith("auth="))).toBe(true);

    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await runDurableObjectAlarm(inboxStub(anna));
    expect(await annas.closedWithin(300)).toBeNull();
    expect((await reply(bram, conversationId, "Nog wakker?")).status).toBe(200);
    await annas.receive({ type: "message", conversationId });
    annas.close();
  });

  it("the inbox's alarm closes a socket once its session has expired, and stays armed for the sockets left", async () => {
    const [anna, bram] = await Promise.all([signedIn({ gender: "female" }), signedIn()]);
    const conversationId = await startChat(anna, bram, "Hallo Bram");
    // This session (the only one so far) ends in two seconds; the next one lasts its 30 days.
    await sql("UPDATE sessions SET expires_at = unixepoch() + 2 WHERE user_id = ?", [anna.userId]);
    const later = await anotherSession(anna);
    const [soons, laters] = [await openSocket(anna), await openSocket(later)];
    expect(soons.isOpen()).toBe(true);

    await new Promise((resolve) => setTimeout(resolve, 2_500));
    // Runs the alarm now if the runtime has not run it already.
    await runDurableObjectAlarm(inboxStub(anna));
    expect(await soons.closedWithin()).toBe(SESSION_ENDED);
    const nextAlarm = await runInDurableObject(inboxStub(anna), (_, state) => state.storage.getAlarm());
    expect(nextAlarm).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);

    expect((await reply(bram, conversationId, "Nog wakker?")).status).toBe(200);
    await laters.receive({ type: "message", conversationId });
    await settle();
    expect(messageEvents(soons)).toEqual([]);
    expect(laters.isOpen()).toBe(true);
    laters.close();
  });

  it("no event reaches a socket whose session has expired, even before the alarm runs", async () => {
    const [anna, bram] = await Promise.all([signedIn({ gender: "female" }), signedIn()]);
    const conversationId = await startChat(anna, bram, "Hallo Bram");
    await sql("UPDATE sessions SET expires_at = unixepoch() + 2 WHERE user_id = ?", [anna.userId]);
    const annas = await openSocket(anna);
    // Take the alarm away: only the check in `notify` is left.
    await runInDurableObject(inboxStub(anna), (_, state) => state.storage.deleteAlarm());
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const before = annas.events.length;

    expect((await reply(bram, conversationId, "Nog wakker?")).status).toBe(200);
    expect(await annas.closedWithin()).toBe(SESSION_ENDED);
    expect(annas.events.length).toBe(before);
  });
});
