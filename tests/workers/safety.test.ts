/**
 * Safety in the chat (ADR 053) through the real routes: the "Are you sure?" prompt before a flagged
 * text is sent (nothing stored, nothing charged), a message sent anyway arriving with the
 * recipient's warning and report button, the report reaching the moderators with both sides of the
 * conversation, and a decision recorded, closing the report and telling the reporter.
 */
import { describe, expect, it } from "vitest";
import { createMember, loginCookie, type MemberOptions } from "./factories";
import { get, mainContent, post, sql } from "./helpers";
import { count } from "./likes-helpers";
import { makeModerator } from "./photo-helpers";

async function signedIn(options: MemberOptions = {}) {
  const member = await createMember({ credits: 100, ...options });
  return { ...member, cookie: await loginCookie(member) };
}
type Member = Awaited<ReturnType<typeof signedIn>>;

const clientKey = () => `safety-${crypto.randomUUID()}`;

function startChat(from: Member, to: { profileId: number }, body: string, extra: Record<string, string> = {}) {
  return post(`/members/${to.profileId}/chat`, { intent: "text", clientKey: clientKey(), body, ...extra }, { cookie: from.cookie });
}

const credits = (member: { userId: number }) => count("SELECT credits FROM users WHERE id = ?", [member.userId]);
const messagesFrom = (member: { profileId: number }) => count("SELECT count(*) FROM messages WHERE sender_id = ?", [member.profileId]);

function decideAbout(conversationId: number, member: Member, decision: string, through: number, moderator: Member) {
  return post(
    "/moderation",
    {
      intent: "decide_conversation",
      conversationId: String(conversationId),
      profileId: String(member.profileId),
      decision,
      throughMessageId: String(through),
    },
    { cookie: moderator.cookie },
  );
}

function conversationIdOf(response: Response): number {
  expect(response.status).toBe(302);
  return Number(/\/chats\/(\d+)$/.exec(response.headers.get("Location") ?? "")?.[1]);
}

describe("the 'Are you sure?' prompt", () => {
  it.each([
    ["Dutch", ["Bel me op 06-12345678", "mijn nummer: +31 6 1234 5678", "nul zes een twee drie vier vijf zes zeven acht"]],
    ["German", ["Ruf mich an: 0171 2345678", "+49 (0)171/234 56 78", "null eins sieben eins zwei drei vier fünf sechs sieben acht"]],
    ["Polish", ["zadzwoń 512 345 678", "+48 512-345-678", "pięć jeden dwa trzy cztery pięć sześć siedem osiem"]],
  ])(
    "holds back a %s phone number written three ways, storing and charging nothing",
    async (_language, texts) => {
      const [anna, bram] = await Promise.all([signedIn({ name: "Anna" }), signedIn({ name: "Bram" })]);
      const before = await credits(anna);
      for (const text of texts) {
        const response = await startChat(anna, bram, text);
        expect(response.status, text).toBe(409);
        const page = mainContent(await response.text());
        expect(page).toContain("Weet je zeker dat je dit wilt versturen?");
        expect(page).toContain("telefoonnummer");
        expect(page).toContain("Toch versturen");
        // The text stays in the box, to change or to send anyway.
        expect(page).toContain(text.replace(/'/g, "&#x27;"));
      }
      expect(await messagesFrom(anna)).toBe(0);
      expect(await credits(anna)).toBe(before);
    },
    90_000,
  );

  it("lets ordinary messages through without asking", async () => {
    const [anna, bram] = await Promise.all([signedIn(), signedIn()]);
    const sent = await startChat(anna, bram, "Zaterdag 12-05-2026 om zes uur? Ik ben 34 en woon in 1234 AB, het kost € 12,50");
    conversationIdOf(sent);
    expect(await count("SELECT count(*) FROM messages WHERE sender_id = ? AND safety_flags IS NULL", [anna.profileId])).toBe(1);
  });

  it("sends anyway once confirmed: charged once, stored with the reasons, shown to the recipient with a warning and a report button", async () => {
    const [anna, bram] = await Promise.all([signedIn({ name: "Anna" }), signedIn({ name: "Bram" })]);
    const before = await credits(anna);
    const key = clientKey();
    const body = "Stuur me 200 euro via western union, of app me op 06 12 34 56 78";
    const asked = await post(`/members/${bram.profileId}/chat`, { intent: "text", clientKey: key, body }, { cookie: anna.cookie });
    expect(asked.status).toBe(409);
    const conversationId = conversationIdOf(
      await post(`/members/${bram.profileId}/chat`, { intent: "text", clientKey: key, body, confirmSafety: "1" }, { cookie: anna.cookie }),
    );
    expect(await credits(anna)).toBeLessThan(before);
    const charged = before - (await credits(anna));
    expect(await sql("SELECT safety_flags, body FROM messages WHERE sender_id = ?", [anna.profileId])).toEqual([["contact,money", body]]);

    const bramsView = mainContent(await (await get(`/chats/${conversationId}`, { cookie: bram.cookie })).text());
    expect(bramsView).toContain("Let op: Anna wil ergens anders verder praten.");
    expect(bramsView).toContain("Stuur nooit geld, cadeaukaarten of bankgegevens");
    expect(bramsView).toContain("Anna melden");
    // The sender sees their own message without the warning.
    const annasView = mainContent(await (await get(`/chats/${conversationId}`, { cookie: anna.cookie })).text());
    expect(annasView).not.toContain("Anna melden");
    expect(annasView).not.toContain("Let op:");

    // The same confirmed form again is the same message and the same charge.
    await post(`/members/${bram.profileId}/chat`, { intent: "text", clientKey: key, body, confirmSafety: "1" }, { cookie: anna.cookie });
    expect(await messagesFrom(anna)).toBe(1);
    expect(before - (await credits(anna))).toBe(charged);
  });
});

describe("a report from the chat", () => {
  it("reaches the moderators with both sides, and the decision is recorded, closes the report and tells the reporter", async () => {
    const [anna, bram, moderator] = await Promise.all([
      signedIn({ name: "Annabel" }),
      signedIn({ name: "Bramwell" }),
      signedIn({ name: "Moderatrix" }),
    ]);
    await makeModerator(moderator);
    const conversationId = conversationIdOf(await startChat(bram, anna, "Hoi Annabel, leuk profiel!"));
    await post(`/chats/${conversationId}`, { intent: "text", clientKey: clientKey(), body: "Dank je, Bramwell!" }, { cookie: anna.cookie });
    await post(
      `/chats/${conversationId}`,
      { intent: "text", clientKey: clientKey(), body: "Kun je me geld lenen? Ik zit krap.", confirmSafety: "1" },
      { cookie: bram.cookie },
    );

    // One tap, twice (a double click): one report.
    for (let tap = 0; tap < 2; tap++) {
      const reported = await post(`/chats/${conversationId}`, { intent: "report", messageId: "0" }, { cookie: anna.cookie });
      expect(reported.status).toBe(200);
      expect(mainContent(await reported.text())).toContain("Bedankt voor je melding.");
    }
    expect(
      await sql("SELECT profile_id, status, subject, body FROM complaints WHERE conversation_id = ? AND user_id = ?", [
        conversationId,
        anna.userId,
      ]),
    ).toEqual([[String(bram.profileId), "open", "chat_report", ""]]);
    // Someone outside the conversation cannot report it.
    const stranger = await signedIn();
    expect((await post(`/chats/${conversationId}`, { intent: "report" }, { cookie: stranger.cookie })).status).toBe(404);

    const queue = mainContent(await (await get("/moderation", { cookie: moderator.cookie })).text());
    expect(queue).toContain("Hoi Annabel, leuk profiel!");
    expect(queue).toContain("Dank je, Bramwell!");
    expect(queue).toContain("Kun je me geld lenen? Ik zit krap.");
    expect(queue).toContain("Melding vanuit een chat");

    const [[through]] = (await sql("SELECT max(id) FROM messages WHERE conversation_id = ?", [conversationId])) as [[number]];
    const decide = () => decideAbout(conversationId, bram, "warn", through, moderator);
    expect((await decide()).status).toBe(200);
    // Posted again (a double click): already handled, nothing recorded or mailed twice.
    expect((await decide()).status).toBe(409);
    expect(
      await sql("SELECT moderator_user_id, action, reason FROM moderation_actions WHERE target_type = 'conversation' AND target_id = ?", [
        conversationId,
      ]),
    ).toEqual([[String(moderator.userId), `warn:${bram.profileId}`, String(through)]]);
    expect(await sql("SELECT status FROM complaints WHERE conversation_id = ?", [conversationId])).toEqual([["closed"]]);
    // The warned member gets the warning with how to object; the reporter only hears the report was handled.
    expect(await sql("SELECT template FROM mail_outbox WHERE user_id = ? AND template = 'safety_warning'", [bram.userId])).toHaveLength(1);
    const [[reporterMail]] = (await sql("SELECT text FROM mail_outbox WHERE user_id = ? AND template = 'report_handled'", [
      anna.userId,
    ])) as [[string]];
    expect(reporterMail).toContain("Onze moderators hebben het gesprek bekeken");
    expect(reporterMail).not.toMatch(/waarschuw|warn/i);
    expect(await sql("SELECT count(*) FROM mail_outbox WHERE user_id = ? AND template = 'report_handled'", [anna.userId])).toEqual([["1"]]);

    // Decided up to the newest message: the conversation leaves the queue.
    const after = mainContent(await (await get("/moderation", { cookie: moderator.cookie })).text());
    expect(after).not.toContain("Kun je me geld lenen? Ik zit krap.");
  });
});

describe("a moderator's ban from a conversation", () => {
  it("bans the member and writes one ban notice with the decision, also when the decision is posted twice", async () => {
    const [anna, bram, moderator] = await Promise.all([signedIn(), signedIn(), signedIn()]);
    await makeModerator(moderator);
    const conversationId = conversationIdOf(await startChat(bram, anna, "Hoi!"));
    await post(
      `/chats/${conversationId}`,
      { intent: "text", clientKey: clientKey(), body: "Kun je me geld lenen? Ik zit krap.", confirmSafety: "1" },
      { cookie: bram.cookie },
    );
    const [[through]] = (await sql("SELECT max(id) FROM messages WHERE conversation_id = ?", [conversationId])) as [[number]];

    const [first, second] = await Promise.all([
      decideAbout(conversationId, bram, "ban", through, moderator),
      decideAbout(conversationId, bram, "ban", through, moderator),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect((await decideAbout(conversationId, bram, "ban", through, moderator)).status).toBe(409);

    expect(await sql("SELECT status FROM users WHERE id = ?", [bram.userId])).toEqual([["banned"]]);
    expect(await sql("SELECT count(*) FROM sessions WHERE user_id = ?", [bram.userId])).toEqual([["0"]]);
    expect(
      await sql("SELECT count(*) FROM moderation_actions WHERE target_type = 'conversation' AND target_id = ?", [conversationId]),
    ).toEqual([["1"]]);
    expect(await sql("SELECT count(*) FROM moderation_actions WHERE target_type = 'profile' AND target_id = ?", [bram.profileId])).toEqual([
      ["1"],
    ]);
    const notices = (await sql("SELECT template, text FROM mail_outbox WHERE user_id = ?", [bram.userId])) as [string, string][];
    expect(notices.filter(([template]) => template === "account_banned")).toHaveLength(1);
    expect(notices.filter(([template]) => template === "safety_warning")).toHaveLength(0);
  });
});
