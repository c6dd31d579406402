/**
 * Chat (product.md §2 chats, chats-id, members-id-chat; §4 "Chat"; §7 GET /api/chats.php, DELETE
 * /api/chat.php; product.md §10 credits and contact rules): sending costs credits exactly once, a
 * resent form is one message, a refused message costs nothing, unread counts, the free members'
 * cap, gifts, blocking, strangers, and removing chats.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { ChatsPayload } from "~/chat/chat-api";
import { createMember, loginCookie, type MemberOptions } from "./factories";
import { get, mainContent, post, sql } from "./helpers";
import { block, count, fetchAs, shapeProfile } from "./likes-helpers";

async function signedIn(options: MemberOptions = {}) {
  const member = await createMember({ credits: 30, ...options });
  return { ...member, cookie: await loginCookie(member) };
}

type Member = Awaited<ReturnType<typeof signedIn>>;

let keys = 0;
function clientKey() {
  keys += 1;
  return `test-${Date.now()}-${keys}-${crypto.randomUUID()}`;
}

/** The first message to a member, from the chat screen opened on their profile. */
function startChat(from: Member, to: { profileId: number }, body: string, key = clientKey()) {
  return post(`/members/${to.profileId}/chat`, { intent: "text", clientKey: key, body }, { cookie: from.cookie });
}

function reply(from: Member, conversationId: number, fields: Record<string, string>) {
  return post(`/chats/${conversationId}`, { intent: "text", clientKey: clientKey(), ...fields }, { cookie: from.cookie });
}

async function conversationOf(response: Response): Promise<number> {
  expect(response.status).toBe(302);
  const match = /^\/chats\/(\d+)$/.exec(response.headers.get("Location") ?? "");
  if (!match) throw new Error(`no conversation in ${response.headers.get("Location")}`);
  return Number(match[1]);
}

async function credits(member: { userId: number }) {
  return count("SELECT credits FROM users WHERE id = ?", [member.userId]);
}

async function chatsOf(member: Member): Promise<ChatsPayload> {
  const response = await fetchAs(member.cookie, "/api/chats.php");
  expect(response.status).toBe(200);
  return (await response.json()) as ChatsPayload;
}

function removeCall(cookie: string | null, body: unknown, origin = "http://localhost") {
  const headers = new Headers({ Origin: origin, "Content-Type": "application/json" });
  if (cookie) headers.set("Cookie", cookie);
  return exports.default.fetch(new Request("http://localhost/api/chat.php", { method: "DELETE", headers, body: JSON.stringify(body) }));
}

describe("visitors", () => {
  it("are sent to the login page from the chat pages and get the spec's 403 from the chat calls", async () => {
    const target = await createMember();
    for (const path of ["/chats", `/members/${target.profileId}/chat`, "/chats/1"]) {
      const response = await get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
    for (const response of [await get("/api/chats.php"), await removeCall(null, { conversation: 1 })]) {
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: "authentication_required" });
    }
  });
});

describe("sending", () => {
  it("starts a conversation from a profile, charges the message once and shows it unread to the other member", async () => {
    const [anna, bram] = await Promise.all([signedIn({ name: "Anna", gender: "female" }), signedIn({ name: "Bram" })]);
    const key = clientKey();
    const conversationId = await conversationOf(await startChat(anna, bram, "Hoi Bram, hoe gaat het?", key));

    // The same form sent again (a double click, a retry) is the same message and the same charge.
    expect(await conversationOf(await startChat(anna, bram, "Hoi Bram, hoe gaat het?", key))).toBe(conversationId);
    expect(await credits(anna)).toBe(15);
    expect(await count("SELECT count(*) FROM messages WHERE conversation_id = ?", [conversationId])).toBe(1);
    expect(await count("SELECT count(*) FROM credit_ledger WHERE user_id = ? AND reason = 'message' AND delta = -15", [anna.userId])).toBe(
      1,
    );

    // Anna's "send a message" now opens the conversation.
    const again = await get(`/members/${bram.profileId}/chat?gift=1`, { cookie: anna.cookie });
    expect(again.headers.get("Location")).toBe(`/chats/${conversationId}?gift=1`);

    const bramsChats = await chatsOf(bram);
    expect(bramsChats.total_unread_messages).toBe(1);
    expect(bramsChats.chats).toHaveLength(1);
    expect(bramsChats.chats[0]).toMatchObject({
      conversation: { id: conversationId },
      profile: { id: anna.profileId, name: "Anna" },
      num_unread_messages: 1,
      last_message: { mine: false, kind: "text", text: "Hoi Bram, hoe gaat het?" },
    });
    expect(JSON.stringify(bramsChats)).not.toContain(anna.email);

    // Opening the conversation reads it (product.md §4).
    const page = await get(`/chats/${conversationId}`, { cookie: bram.cookie });
    expect(page.status).toBe(200);
    expect(mainContent(await page.text())).toContain("Hoi Bram, hoe gaat het?");
    expect((await chatsOf(bram)).chats[0]?.num_unread_messages).toBe(0);
    expect((await chatsOf(anna)).chats[0]).toMatchObject({ num_unread_messages: 0, last_message: { mine: true } });

    // Bram answers in the same conversation; now Anna has one unread.
    expect((await reply(bram, conversationId, { body: "Goed hoor! En met jou?" })).status).toBe(200);
    expect(await credits(bram)).toBe(15);
    expect((await chatsOf(anna)).total_unread_messages).toBe(1);
  });

  it("stores and charges a message once when the same form arrives twice at the same moment", async () => {
    const [anna, bram] = await Promise.all([signedIn({ credits: 100 }), signedIn()]);
    const key = clientKey();
    const answers = await Promise.all([
      startChat(anna, bram, "Hallo!", key),
      startChat(anna, bram, "Hallo!", key),
      startChat(anna, bram, "Hallo!", key),
    ]);
    for (const answer of answers) expect(answer.status).toBe(302);
    expect(await credits(anna)).toBe(85);
    expect(await count("SELECT count(*) FROM messages WHERE sender_id = ?", [anna.profileId])).toBe(1);
  });

  it("refuses a message the member cannot pay for, says so, and stores nothing", async () => {
    const [anna, bram] = await Promise.all([signedIn({ credits: 10 }), signedIn()]);
    const response = await startChat(anna, bram, "Hoi!");
    expect(response.status).toBe(402);
    expect(mainContent(await response.text())).toContain("Je hebt niet genoeg credits: dit kost er 15 en je hebt 10 credits.");
    expect(await credits(anna)).toBe(10);
    expect(await count("SELECT count(*) FROM messages WHERE sender_id = ?", [anna.profileId])).toBe(0);
    expect(await count("SELECT count(*) FROM conversation_members WHERE profile_id IN (?, ?)", [anna.profileId, bram.profileId])).toBe(0);
    expect((await chatsOf(bram)).chats).toEqual([]);
  });

  it("refuses empty and overlong messages with the field's error, free of charge, and strips control characters", async () => {
    const [anna, bram] = await Promise.all([signedIn(), signedIn()]);
    for (const body of ["", "   \n  ", "x".repeat(2001)]) {
      const response = await startChat(anna, bram, body);
      expect(response.status, JSON.stringify(body.slice(0, 5))).toBe(400);
    }
    const tooLong = await startChat(anna, bram, "x".repeat(2001));
    expect(mainContent(await tooLong.text())).toContain("Je bericht is te lang (maximaal 2000 tekens).");
    expect(await credits(anna)).toBe(30);

    const conversationId = await conversationOf(await startChat(anna, bram, "Hoi\u0000 daar\u202E!\r\n\r\n\r\n\r\nTot snel"));
    const [[body]] = (await sql("SELECT body FROM messages WHERE conversation_id = ?", [conversationId])) as [[string]];
    expect(body).toBe("Hoi daar!\n\nTot snel");
  });

  it("needs a confirmed e-mail address (product.md §4) and a profile the sender may see", async () => {
    const [unconfirmed, bram] = await Promise.all([signedIn({ status: "not_confirmed" }), signedIn()]);
    const refused = await startChat(unconfirmed, bram, "Hoi!");
    expect(refused.status).toBe(403);
    expect(mainContent(await refused.text())).toContain("Bevestig eerst je e-mailadres");
    expect(await credits(unconfirmed)).toBe(30);

    const anna = await signedIn();
    const hidden = await createMember({ status: "not_confirmed" });
    const otherSite = await createMember({ site: "de-milf" });
    for (const target of [hidden, otherSite, { profileId: 999_999_999 }, anna]) {
      expect((await get(`/members/${target.profileId}/chat`, { cookie: anna.cookie })).status).toBe(404);
      expect((await startChat(anna, target, "Hoi!")).status).toBe(404);
    }
    expect(await credits(anna)).toBe(30);
  });

  it("lets a free member start two conversations, answer anyone, and premium members start as many as they like", async () => {
    const free = await signedIn({ credits: 200 });
    const [b1, b2, b3, writer] = await Promise.all([signedIn(), signedIn(), signedIn(), signedIn()]);
    await conversationOf(await startChat(free, b1, "Hoi 1"));
    await conversationOf(await startChat(free, b2, "Hoi 2"));
    const third = await startChat(free, b3, "Hoi 3");
    expect(third.status).toBe(403);
    expect(mainContent(await third.text())).toContain("Als gratis lid kun je 2 gesprekken beginnen.");
    expect(await credits(free)).toBe(170);

    // A conversation someone else started is not capped.
    const incoming = await conversationOf(await startChat(writer, free, "Hoi, ken ik jou?"));
    expect((await reply(free, incoming, { body: "Nog niet!" })).status).toBe(200);

    const premium = await signedIn({ credits: 200, paidUser: true });
    for (const target of [b1, b2, b3]) await conversationOf(await startChat(premium, target, "Hallo"));
    expect(await credits(premium)).toBe(155);
  });

  it("holds a free member to two conversations when ten first messages arrive at the same moment", async () => {
    const free = await signedIn({ credits: 300 });
    const partners = await Promise.all(Array.from({ length: 10 }, () => signedIn()));
    const responses = await Promise.all(partners.map((partner, i) => startChat(free, partner, `Hoi ${i}`)));
    expect(responses.filter((response) => response.status === 302)).toHaveLength(2);
    expect(responses.filter((response) => response.status === 403)).toHaveLength(8);
    expect(await count("SELECT count(*) FROM conversations WHERE starter_id = ? AND last_message_at IS NOT NULL", [free.profileId])).toBe(
      2,
    );
    expect(await count("SELECT count(*) FROM messages WHERE sender_id = ?", [free.profileId])).toBe(2);
    expect(await credits(free)).toBe(270);
  });

  it("sends no invisible or deceptive characters on to the other member", async () => {
    const [anna, bram] = await Promise.all([signedIn(), signedIn()]);
    const smuggled = "\u061C\u2060\uFEFF\u00AD\u180E\u2061\u2028\u2029\u{E0041}\u{E007F}\u3164";
    const conversationId = await conversationOf(await startChat(anna, bram, `Hoi${smuggled}Bram 👩‍❤️‍👨`));
    const [[body]] = (await sql("SELECT body FROM messages WHERE conversation_id = ?", [conversationId])) as [[string]];
    expect(body).toBe("Hoi\n\nBram 👩‍❤️‍👨");
  });

  it("sends a gift for the gift's price and shows it in the conversation", async () => {
    const [anna, bram] = await Promise.all([signedIn({ name: "Anna" }), signedIn({ credits: 0 })]);
    const conversationId = await conversationOf(
      await post(`/members/${bram.profileId}/chat`, { intent: "gift", clientKey: clientKey(), gift: "rose" }, { cookie: anna.cookie }),
    );
    expect(await credits(anna)).toBe(0);
    expect(await count("SELECT count(*) FROM credit_ledger WHERE user_id = ? AND reason = 'gift' AND delta = -30", [anna.userId])).toBe(1);
    expect((await chatsOf(bram)).chats[0]).toMatchObject({ last_message: { kind: "gift", gift: { key: "rose", icon: "🌹" } } });
    expect(mainContent(await (await get(`/chats/${conversationId}`, { cookie: bram.cookie })).text())).toContain(
      "Anna stuurde je een cadeautje: Roos",
    );

    const unknown = await reply(anna, conversationId, { intent: "gift", gift: "yacht" });
    expect(unknown.status).toBe(400);
    const broke = await reply(anna, conversationId, { intent: "gift", gift: "diamond" });
    expect(broke.status).toBe(402);
    expect(await count("SELECT count(*) FROM messages WHERE conversation_id = ?", [conversationId])).toBe(1);
  });
});

describe("who sees a conversation", () => {
  it("answers 404 to anyone outside it, and charges them nothing", async () => {
    const [anna, bram, carl] = await Promise.all([signedIn(), signedIn(), signedIn()]);
    const conversationId = await conversationOf(await startChat(anna, bram, "Alleen voor Bram"));
    expect((await get(`/chats/${conversationId}`, { cookie: carl.cookie })).status).toBe(404);
    expect((await reply(carl, conversationId, { body: "Ik ook!" })).status).toBe(404);
    expect((await get("/chats/abc", { cookie: carl.cookie })).status).toBe(404);
    expect(await credits(carl)).toBe(30);
    expect((await chatsOf(carl)).chats).toEqual([]);
  });

  it("hides the conversation from both sides while either one blocks the other, and brings it back on unblock", async () => {
    const [anna, bram] = await Promise.all([signedIn(), signedIn()]);
    const conversationId = await conversationOf(await startChat(anna, bram, "Hoi!"));
    await block(bram.profileId, anna.profileId);

    for (const member of [anna, bram]) {
      expect((await chatsOf(member)).chats).toEqual([]);
      expect((await get(`/chats/${conversationId}`, { cookie: member.cookie })).status).toBe(404);
    }
    expect((await reply(anna, conversationId, { body: "Hallo?" })).status).toBe(404);
    expect((await startChat(anna, bram, "Hallo?")).status).toBe(404);
    expect(await credits(anna)).toBe(15);

    await sql("DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?", [bram.profileId, anna.profileId]);
    expect((await chatsOf(bram)).chats.map((chat) => chat.conversation.id)).toEqual([conversationId]);
  });

  it("keeps a conversation going when the partner turns invisible, but nobody can start one with them", async () => {
    const [anna, bram, carl] = await Promise.all([signedIn(), signedIn(), signedIn()]);
    const conversationId = await conversationOf(await startChat(anna, bram, "Hoi!"));
    await sql("UPDATE users SET invisible = 1 WHERE id = ?", [bram.userId]);
    expect((await reply(anna, conversationId, { body: "Ben je er nog?" })).status).toBe(200);
    expect((await chatsOf(anna)).chats).toHaveLength(1);
    expect((await get(`/members/${bram.profileId}/chat`, { cookie: carl.cookie })).status).toBe(404);
  });
});

describe("removing chats (DELETE /api/chat.php)", () => {
  it("takes the chat off one member's list and clears its history for them; a new message brings it back", async () => {
    const [anna, bram] = await Promise.all([signedIn({ credits: 60 }), signedIn({ credits: 60 })]);
    const conversationId = await conversationOf(await startChat(anna, bram, "Eerste bericht"));
    await reply(bram, conversationId, { body: "Antwoord van Bram" });

    const removed = await removeCall(anna.cookie, { conversation: conversationId });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ removed: 1 });
    expect((await chatsOf(anna)).chats).toEqual([]);
    expect((await chatsOf(bram)).chats).toHaveLength(1);
    const cleared = mainContent(await (await get(`/chats/${conversationId}`, { cookie: anna.cookie })).text());
    expect(cleared).not.toContain("Eerste bericht");
    expect(cleared).not.toContain("Antwoord van Bram");

    // Removing it again, or a conversation that is not hers, is a 404 the page answers with an alert.
    expect((await removeCall(anna.cookie, { conversation: conversationId })).status).toBe(404);
    expect((await removeCall(anna.cookie, { conversation: 999_999_999 })).status).toBe(404);

    await reply(bram, conversationId, { body: "Ben je weg?" });
    const back = await chatsOf(anna);
    expect(back.chats[0]).toMatchObject({
      conversation: { id: conversationId },
      num_unread_messages: 1,
      last_message: { text: "Ben je weg?" },
    });
    const page = mainContent(await (await get(`/chats/${conversationId}`, { cookie: anna.cookie })).text());
    expect(page).toContain("Ben je weg?");
    expect(page).not.toContain("Eerste bericht");
  });

  it("removes every conversation with a profile, and refuses other origins and bad bodies", async () => {
    const [anna, bram] = await Promise.all([signedIn(), signedIn()]);
    await conversationOf(await startChat(anna, bram, "Hoi"));
    expect((await removeCall(anna.cookie, { profile: bram.profileId }, "https://evil.example")).status).toBe(403);
    expect((await removeCall(anna.cookie, { conversation: "x" })).status).toBe(400);
    expect((await removeCall(anna.cookie, { profile: bram.profileId })).status).toBe(200);
    expect((await chatsOf(anna)).chats).toEqual([]);
  });
});

describe("the chats overview", () => {
  it("lists the conversations newest first with the partner's name and the unread count", async () => {
    const [anna, bram, carl] = await Promise.all([signedIn({ credits: 60 }), signedIn({ name: "Bram" }), signedIn({ name: "Carl" })]);
    await shapeProfile(carl.profileId, { fictional: 1 });
    await conversationOf(await startChat(bram, anna, "Van Bram"));
    await conversationOf(await startChat(carl, anna, "Van Carl"));
    const html = mainContent(await (await get("/chats", { cookie: anna.cookie })).text());
    expect(html.indexOf("Carl")).toBeGreaterThan(-1);
    expect(html.indexOf("Carl")).toBeLessThan(html.indexOf("Bram"));
    expect(html).toContain("Van Bram");
    expect(html).toContain("1 ongelezen bericht");
  });
});

describe("e-mail about new messages", () => {
  async function mailsTo(member: { email: string }) {
    return (await sql("SELECT template, subject, text, html FROM mail_outbox WHERE to_address = ? ORDER BY id", [member.email])) as [
      string,
      string,
      string,
      string,
    ][];
  }
  /** The mail goes out after the send's response: the templates a member received once `count` arrived. */
  async function templatesOnceArrived(member: { email: string }, count: number) {
    await vi.waitFor(async () => expect(await mailsTo(member)).toHaveLength(count), { timeout: 5_000 });
    return (await mailsTo(member)).map(([template]) => template);
  }

  it("tells a member of a new conversation once per unread streak, without the message, with a working unsubscribe link", async () => {
    const [anna, bram] = await Promise.all([signedIn({ name: "Anna", credits: 100 }), signedIn({ name: "Bram" })]);
    const conversationId = await conversationOf(await startChat(anna, bram, "Geheim: ik vind je leuk"));
    // A second message right after the first: the streak's news is still the first one's mail.
    await reply(anna, conversationId, { body: "Nog een bericht" });

    expect(await templatesOnceArrived(bram, 1)).toEqual(["new_conversation"]);
    const [[, subject, text]] = (await mailsTo(bram)) as [[string, string, string, string]];
    expect(subject).toBe("Anna heeft je een bericht gestuurd op Flirtparadijs");
    expect(text).toContain(`http://localhost/chats/${conversationId}`);
    expect(text).not.toContain("Geheim");

    // Once Bram has read the conversation, the next message is news again.
    await get(`/chats/${conversationId}`, { cookie: bram.cookie });
    await reply(anna, conversationId, { body: "Ben je er?" });
    expect(await templatesOnceArrived(bram, 2)).toEqual(["new_conversation", "new_message"]);
    const mails = await mailsTo(bram);

    // The unsubscribe link asks first, then switches off only that type.
    const link = /http:\/\/localhost(\/notifications\/unsubscribe\?token=[a-z2-7]+)/.exec(mails[1]![2])![1]!;
    const page = await get(link);
    expect(page.status).toBe(200);
    expect(mainContent(await page.text())).toContain("Wil je geen e-mails meer ontvangen over &quot;Nieuwe berichten&quot;?");
    expect(await count("SELECT count(*) FROM notification_preferences WHERE user_id = ?", [bram.userId])).toBe(0);

    // A mail provider's one-click request (RFC 8058) comes from elsewhere, without an Origin.
    const oneClick = await exports.default.fetch(
      new Request(`http://localhost${link}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      }),
    );
    expect(oneClick.status).toBe(200);
    // The mail program's button switches e-mail off altogether, with the reason listunsubscribe (spec §3).
    expect(await sql("SELECT email_disabled_reason FROM users WHERE id = ?", [bram.userId])).toEqual([["listunsubscribe"]]);
    expect(await count("SELECT count(*) FROM notification_preferences WHERE user_id = ?", [bram.userId])).toBe(0);

    // Bram sees why on /notifications and switches e-mail back on; the next news is mailed again.
    const settings = mainContent(await (await get("/notifications", { cookie: bram.cookie })).text());
    expect(settings).toContain("Je hebt je via de afmeldlink in een e-mail afgemeld, daarom sturen we je geen e-mail meer.");
    expect((await post("/notifications", { intent: "email_on" }, { cookie: bram.cookie })).status).toBe(200);
    expect(await sql("SELECT email_disabled_reason FROM users WHERE id = ?", [bram.userId])).toEqual([[null]]);
    await get(`/chats/${conversationId}`, { cookie: bram.cookie });
    await reply(anna, conversationId, { body: "Hallo?" });
    expect(await templatesOnceArrived(bram, 3)).toEqual(["new_conversation", "new_message", "new_message"]);

    // The link's own page, clicked by the member, switches off only that type.
    expect((await post(link, {})).status).toBe(200);
    expect(await sql("SELECT type, channel, enabled FROM notification_preferences WHERE user_id = ?", [bram.userId])).toEqual([
      ["new_messages", "email", "0"],
    ]);
    expect((await get("/notifications/unsubscribe?token=nope")).status).toBe(200);
  });

  it("sends nothing to fictional profiles or members whose e-mail is switched off", async () => {
    const [anna, fictional, bounced, reader, writer] = await Promise.all([
      signedIn({ credits: 100 }),
      signedIn(),
      signedIn(),
      signedIn(),
      signedIn({ credits: 100 }),
    ]);
    await shapeProfile(fictional.profileId, { fictional: 1 });
    await sql("UPDATE users SET email_disabled_reason = 'bounce' WHERE id = ?", [bounced.userId]);
    await conversationOf(await startChat(anna, fictional, "Hoi"));
    await conversationOf(await startChat(anna, bounced, "Hoi"));
    // A member who does get mail, written to last: once theirs arrived, the others' would have.
    await conversationOf(await startChat(writer, reader, "Hoi"));
    expect(await templatesOnceArrived(reader, 1)).toEqual(["new_conversation"]);
    expect(await mailsTo(fictional)).toEqual([]);
    expect(await mailsTo(bounced)).toEqual([]);
  });
});
