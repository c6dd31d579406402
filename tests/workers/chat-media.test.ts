/**
 * Photos and GIFs in chat, and "seen" (product.md §10 "Photos in chat", "GIFs in chat"; issue 10):
 * a photo goes through the photo pipeline and the paid send path once, is seen only by the two
 * members once a moderator approved it; a GIF is a message at the message price and only the
 * provider's own addresses are accepted; the partner's opening of the chat shows as "seen", live.
 */
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createMember, loginCookie, type MemberOptions } from "./factories";
import { get, mainContent, post, sql } from "./helpers";
import { block, count } from "./likes-helpers";
import { makeModerator, testJpeg } from "./photo-helpers";

const ORIGIN = "http://localhost";

async function signedIn(options: MemberOptions = {}) {
  const member = await createMember({ credits: 100, ...options });
  return { ...member, cookie: await loginCookie(member) };
}
type Member = Awaited<ReturnType<typeof signedIn>>;

let keys = 0;
function clientKey() {
  keys += 1;
  return `media-${Date.now()}-${keys}-${crypto.randomUUID()}`;
}

async function startChat(from: Member, to: Member, body = "Hoi!"): Promise<number> {
  const response = await post(`/members/${to.profileId}/chat`, { intent: "text", clientKey: clientKey(), body }, { cookie: from.cookie });
  expect(response.status).toBe(302);
  return Number(/^\/chats\/(\d+)$/.exec(response.headers.get("Location") ?? "")?.[1]);
}

async function sendPhoto(from: Member, to: { conversation: number } | { profile: number }, key = clientKey(), bytes?: Uint8Array) {
  const form = new FormData();
  form.append("clientKey", key);
  for (const [name, value] of Object.entries(to)) form.append(name, String(value));
  form.append("photo", new Blob([(bytes ?? (await testJpeg())) as Uint8Array<ArrayBuffer>], { type: "image/jpeg" }), "IMG_0001.jpg");
  return exports.default.fetch(
    new Request(`${ORIGIN}/api/chat-photo.php`, { method: "POST", headers: { Cookie: from.cookie, Origin: ORIGIN }, body: form }),
  );
}

const credits = (member: { userId: number }) => count("SELECT credits FROM users WHERE id = ?", [member.userId]);

async function photoOf(conversationId: number) {
  const rows = await sql(
    "SELECT p.message_id, p.object_key, p.thumb_key, p.status, m.credits FROM chat_photos p JOIN messages m ON m.id = p.message_id WHERE m.conversation_id = ?",
    [conversationId],
  );
  return rows.map(([messageId, objectKey, thumbKey, status, paid]) => ({
    messageId: Number(messageId),
    objectKey: String(objectKey),
    thumbKey: String(thumbKey),
    status,
    credits: Number(paid),
  }));
}

/** The chat screen as the member sees it (its rendered main part, not the translations sent along). */
async function page(member: Member, conversationId: number) {
  const response = await get(`/chats/${conversationId}`, { cookie: member.cookie });
  expect(response.status).toBe(200);
  return mainContent(await response.text());
}

let moderator: Member;
beforeAll(async () => {
  moderator = await signedIn({ name: "Moderator" });
  await makeModerator(moderator);
});

describe("a photo in a chat", () => {
  it("is charged photo_credits once, re-encoded under random keys, and shown to the recipient only once approved", async () => {
    const [anna, bram, carl] = await Promise.all([signedIn({ gender: "female" }), signedIn(), signedIn({ paidUser: true })]);
    const conversationId = await startChat(anna, bram);
    const before = await credits(anna);
    const key = clientKey();
    const [first, again] = await Promise.all([
      sendPhoto(anna, { conversation: conversationId }, key),
      sendPhoto(anna, { conversation: conversationId }, key),
    ]);
    expect([first.status, again.status].sort()).toEqual([201, 201]);
    expect(await credits(anna)).toBe(before - 20);
    expect(
      await count("SELECT count(*) FROM credit_ledger WHERE cause_key = ? AND reason = 'photo'", [`message:${anna.profileId}:${key}`]),
    ).toBe(1);

    const [photo] = await photoOf(conversationId);
    expect(photo).toMatchObject({ status: "pending", credits: 20 });
    expect(photo!.objectKey).toMatch(/^photos\/[0-9a-f]{32}\.jpg$/);
    expect(await photoOf(conversationId)).toHaveLength(1);

    // Pending: the sender sees it, the recipient is told a photo is being checked and gets no address.
    const url = `/${photo!.objectKey}`;
    expect((await get(url, { cookie: anna.cookie })).status).toBe(200);
    for (const viewer of [bram, carl]) expect((await get(url, { cookie: viewer.cookie })).status).toBe(404);
    expect(await get(url).then((response) => response.status)).toBe(404);
    expect(await page(anna, conversationId)).toContain(url);
    const pending = await page(bram, conversationId);
    expect(pending).not.toContain(photo!.objectKey);
    expect(pending).toContain("Je ziet hem zodra hij is gecontroleerd.");

    // A moderator approves it in the photo queue: the recipient sees it; a stranger, even premium, never.
    const queue = await get("/moderation", { cookie: moderator.cookie });
    expect(await queue.text()).toContain(photo!.thumbKey);
    const approved = await post(
      "/moderation",
      { intent: "approve_photo", source: "chat", photoId: String(photo!.messageId) },
      { cookie: moderator.cookie },
    );
    expect(approved.status).toBe(200);
    const served = await get(url, { cookie: bram.cookie });
    expect(served.status).toBe(200);
    expect(served.headers.get("Cache-Control")).toContain("private");
    const jpeg = new Uint8Array(await served.arrayBuffer());
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
    expect(new TextDecoder("latin1").decode(jpeg)).not.toContain("Exif");
    expect(await page(bram, conversationId)).toContain(url);
    expect((await get(url, { cookie: carl.cookie })).status).toBe(404);
    expect(
      await count("SELECT count(*) FROM moderation_actions WHERE target_type = 'chat_photo' AND target_id = ?", [photo!.messageId]),
    ).toBe(1);

    // Across a block the recipient no longer sees it.
    await block(bram.profileId, anna.profileId);
    expect((await get(url, { cookie: bram.cookie })).status).toBe(404);
  });

  it("starts a conversation with a photo and keeps a rejected one from the recipient", async () => {
    const [anna, bram] = await Promise.all([signedIn({ gender: "female" }), signedIn()]);
    const response = await sendPhoto(anna, { profile: bram.profileId });
    expect(response.status).toBe(201);
    const { conversationId } = (await response.json()) as { conversationId: number };
    const [photo] = await photoOf(conversationId);
    const rejected = await post(
      "/moderation",
      { intent: "reject_photo", source: "chat", photoId: String(photo!.messageId), reason: "other", otherReason: "Not allowed in chat" },
      { cookie: moderator.cookie },
    );
    expect(rejected.status).toBe(200);
    expect((await get(`/${photo!.objectKey}`, { cookie: bram.cookie })).status).toBe(404);
    expect(await page(bram, conversationId)).toContain("Deze foto is niet goedgekeurd.");
    expect(await page(anna, conversationId)).toContain("krijgt deze foto niet te zien");
  });

  it("is refused with the credit alert when the member cannot pay, and nothing is stored or charged", async () => {
    const [anna, bram] = await Promise.all([signedIn({ gender: "female", credits: 15 }), signedIn()]);
    const conversationId = await startChat(anna, bram);
    expect(await credits(anna)).toBe(0);
    const response = await sendPhoto(anna, { conversation: conversationId });
    expect(response.status).toBe(402);
    expect(await response.json()).toMatchObject({
      error: "insufficient_credits",
      problem: { kind: "insufficient_credits", cost: 20, balance: 0 },
      message: expect.stringContaining("Je hebt niet genoeg credits"),
    });
    expect(await photoOf(conversationId)).toEqual([]);
  });

  it("refuses what is not a photo, strangers' conversations, other origins and visitors, free of charge", async () => {
    const [anna, bram, carl] = await Promise.all([signedIn({ gender: "female" }), signedIn(), signedIn()]);
    const conversationId = await startChat(anna, bram);
    const before = await credits(carl);
    const stranger = await sendPhoto(carl, { conversation: conversationId });
    expect(stranger.status).toBe(404);
    expect(await credits(carl)).toBe(before);
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>".padEnd(4000, " "));
    const notPhoto = await sendPhoto(anna, { conversation: conversationId }, clientKey(), html);
    expect(notPhoto.status).toBe(415);
    expect(await notPhoto.json()).toMatchObject({ error: "unsupported_type" });
    const form = new FormData();
    form.append("clientKey", clientKey());
    form.append("conversation", String(conversationId));
    form.append("photo", new Blob([(await testJpeg()) as Uint8Array<ArrayBuffer>]), "a.jpg");
    const foreign = await exports.default.fetch(
      new Request(`${ORIGIN}/api/chat-photo.php`, {
        method: "POST",
        headers: { Cookie: anna.cookie, Origin: "https://evil.example" },
        body: form,
      }),
    );
    expect(foreign.status).toBe(403);
    const visitor = await exports.default.fetch(
      new Request(`${ORIGIN}/api/chat-photo.php`, { method: "POST", headers: { Origin: ORIGIN }, body: form }),
    );
    expect(visitor.status).toBe(403);
    expect((await get("/api/chat-photo.php", { cookie: anna.cookie })).status).toBe(405);
    expect(await photoOf(conversationId)).toEqual([]);
  });
});

describe("a GIF in a chat", () => {
  it("searches the stickers in the member's language, members only", async () => {
    const anna = await signedIn();
    const kiss = await get("/api/gifs.php?q=kus", { cookie: anna.cookie });
    expect(kiss.status).toBe(200);
    const { results } = (await kiss.json()) as { results: { id: string; url: string }[] };
    expect(results.map((gif) => gif.id)).toContain("kiss");
    expect(results[0]!.url).toMatch(/^\/stickers\/[a-z-]+\.svg$/);
    const all = (await (await get("/api/gifs.php", { cookie: anna.cookie })).json()) as { results: unknown[] };
    expect(all.results.length).toBeGreaterThanOrEqual(16);
    expect((await get("/api/gifs.php?q=kus")).status).toBe(403);
  });

  it("is sent at the message price and shown in the chat; an address that is not the provider's is refused, free", async () => {
    const [anna, bram] = await Promise.all([signedIn({ gender: "female" }), signedIn()]);
    const conversationId = await startChat(anna, bram);
    const before = await credits(anna);
    const sent = await post(
      `/chats/${conversationId}`,
      { intent: "gif", clientKey: clientKey(), gif: "/stickers/wave.svg" },
      { cookie: anna.cookie },
    );
    expect(sent.status).toBe(200);
    expect(await credits(anna)).toBe(before - 15);
    expect(await page(bram, conversationId)).toContain('src="/stickers/wave.svg"');

    for (const gif of ["https://tracker.example/pixel.gif", "/stickers/../photos/x.svg", "/stickers/nope.svg", "javascript:alert(1)"]) {
      const refused = await post(`/chats/${conversationId}`, { intent: "gif", clientKey: clientKey(), gif }, { cookie: anna.cookie });
      expect(refused.status, gif).toBe(400);
    }
    expect(await credits(anna)).toBe(before - 15);
    expect(await count("SELECT count(*) FROM messages WHERE conversation_id = ? AND kind = 'gif'", [conversationId])).toBe(1);
  });
});

describe("seen", () => {
  it("tells the sender, live and after a reload, once the recipient opened the conversation", async () => {
    const [anna, bram] = await Promise.all([signedIn({ gender: "female" }), signedIn()]);
    const conversationId = await startChat(anna, bram, "Hoi Bram!");
    expect(await page(anna, conversationId)).not.toContain("chat-bubble__seen");

    const response = await exports.default.fetch(
      new Request(`${ORIGIN}/api/chat-socket`, { headers: { Upgrade: "websocket", Cookie: anna.cookie, Origin: ORIGIN } }),
    );
    const socket = response.webSocket!;
    socket.accept();
    const events: unknown[] = [];
    socket.addEventListener("message", (event) => events.push(JSON.parse(String(event.data))));

    await page(bram, conversationId);
    const until = Date.now() + 5_000;
    while (!events.some((event) => (event as { type: string }).type === "seen") && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toContainEqual({ type: "seen", conversationId });
    expect(await page(anna, conversationId)).toMatch(/class="chat-bubble__seen">Gezien</);

    // Opening it again tells nobody anything new.
    events.length = 0;
    await page(bram, conversationId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events).toEqual([]);
    socket.close(1000, "done");
  });
});
