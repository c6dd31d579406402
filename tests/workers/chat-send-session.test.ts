/**
 * A message into a conversation checks its session in its own paid batch (ADR 059): the send
 * (`POST /chats/{id}.data`, as the composer posts it) names the member by the browser's `member`
 * cookie and waits for one round trip. These tests hold what that must not weaken: an expired,
 * ended or other site's session sends and charges nothing and is answered as before (the login
 * page); a hint naming someone else never sends as them; a resent form is charged once; the
 * session still slides for a member who only chats.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { browserCookies, createMember, loginCookie, type MemberOptions, type TestMember } from "./factories";
import { post, sql } from "./helpers";
import { count } from "./likes-helpers";

async function chatting(options: MemberOptions = {}) {
  const [anna, bram] = await Promise.all([
    createMember({ credits: 30, name: "Anna", gender: "female", ...options }),
    createMember({ credits: 30, name: "Bram" }),
  ]);
  const cookie = await browserCookies(anna);
  const started = await post(
    `/members/${bram.profileId}/chat`,
    { intent: "text", clientKey: crypto.randomUUID(), body: "Hoi Bram!" },
    { cookie },
  );
  const conversationId = Number(/^\/chats\/(\d+)$/.exec(started.headers.get("Location") ?? "")?.[1]);
  expect(conversationId).toBeGreaterThan(0);
  return { anna: { ...anna, cookie }, bram, conversationId };
}

/** The composer's send as the running app posts it (single fetch): the action alone. */
function send(conversationId: number, cookie: string, fields: Record<string, string> = {}, host = "localhost") {
  const headers = new Headers({ Origin: `http://${host}`, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie });
  const body = new URLSearchParams({ intent: "text", clientKey: crypto.randomUUID(), body: "Zin in koffie?", ...fields });
  return exports.default.fetch(
    new Request(`http://${host}/chats/${conversationId}.data`, { method: "POST", headers, body, redirect: "manual" }),
  );
}

const credits = (member: TestMember) => count("SELECT credits FROM users WHERE id = ?", [member.userId]);
const messagesIn = (conversationId: number) => count("SELECT count(*) FROM messages WHERE conversation_id = ?", [conversationId]);
const ledgerRows = (member: TestMember) => count("SELECT count(*) FROM credit_ledger WHERE user_id = ?", [member.userId]);

/** Where a single-fetch action sends the browser, when it does (the login page for a signed-out member). */
async function redirectOf(response: Response): Promise<string | null> {
  const text = await response.text();
  return response.headers.get("X-Remix-Redirect") ?? /"redirect","([^"]+)"/.exec(text)?.[1] ?? null;
}

describe("a chat send on its claimed session", () => {
  it("sends and charges once, and a resent form charges nothing", async () => {
    const { anna, bram, conversationId } = await chatting();
    const before = await credits(anna);
    const fields = { clientKey: crypto.randomUUID(), body: "Vanavond tijd?" };
    const first = await send(conversationId, anna.cookie, fields);
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    const paid = await credits(anna);
    expect(paid).toBeLessThan(before);
    const again = await send(conversationId, anna.cookie, fields);
    expect(again.status).toBe(200);
    await again.arrayBuffer();
    expect(await credits(anna)).toBe(paid);
    expect(
      await count("SELECT count(*) FROM messages WHERE conversation_id = ? AND client_key = ?", [conversationId, fields.clientKey]),
    ).toBe(1);
    // One ledger row for the send, with the balance it left.
    const ledger = await sql("SELECT delta, balance_after FROM credit_ledger WHERE cause_key = ?", [
      `message:${anna.profileId}:${fields.clientKey}`,
    ]);
    expect(ledger.map(([delta, after]) => [Number(delta), Number(after)])).toEqual([[paid - before, paid]]);
    // The recipient sees it unread.
    expect(
      await count("SELECT unread_count FROM conversation_members WHERE conversation_id = ? AND profile_id = ?", [
        conversationId,
        bram.profileId,
      ]),
    ).toBe(2);
  });

  it("refuses an expired session as a signed-out member: the login page, nothing sent or charged", async () => {
    const { anna, conversationId } = await chatting();
    await sql("UPDATE sessions SET expires_at = unixepoch() - 1 WHERE user_id = ?", [anna.userId]);
    const [balance, rows, messages] = [await credits(anna), await ledgerRows(anna), await messagesIn(conversationId)];
    const response = await send(conversationId, anna.cookie);
    expect(await redirectOf(response)).toMatch(/^\/login\?redirectTo=/);
    expect([await credits(anna), await ledgerRows(anna), await messagesIn(conversationId)]).toEqual([balance, rows, messages]);
  });

  it("refuses an ended session (after logging out) and a cookie that names no session", async () => {
    const { anna, conversationId } = await chatting();
    const hint = anna.cookie.split("; ").find((pair) => pair.startsWith("member="))!;
    const [balance, messages] = [await credits(anna), await messagesIn(conversationId)];
    const logout = await exports.default.fetch(new Request("http://localhost/api/logout.php", { headers: { Cookie: anna.cookie } }));
    await logout.arrayBuffer();
    for (const cookie of [anna.cookie, `auth=${"a".repeat(32)}; ${hint}`]) {
      const response = await send(conversationId, cookie);
      expect(await redirectOf(response)).toMatch(/^\/login\?redirectTo=/);
    }
    expect([await credits(anna), await messagesIn(conversationId)]).toEqual([balance, messages]);
  });

  it("refuses a session on another site, even with its member hint", async () => {
    const { anna, conversationId } = await chatting();
    const [balance, messages] = [await credits(anna), await messagesIn(conversationId)];
    const response = await send(conversationId, anna.cookie, {}, "de.localhost");
    expect(await redirectOf(response)).toMatch(/^\/login\?redirectTo=/);
    expect([await credits(anna), await messagesIn(conversationId)]).toEqual([balance, messages]);
  });

  it("never sends as the member a hint names but the session does not", async () => {
    const { anna, bram, conversationId } = await chatting();
    const bramBefore = await credits(bram);
    const auth = anna.cookie.split("; ").find((pair) => pair.startsWith("auth="))!;
    const response = await send(conversationId, `${auth}; member=${bram.userId}.${bram.profileId}`, { body: "Wie ben ik?" });
    // The session is Anna's: the send is hers, read the ordinary way; Bram pays nothing.
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    expect(await credits(bram)).toBe(bramBefore);
    const [[sender]] = (await sql("SELECT sender_id FROM messages WHERE conversation_id = ? AND body = 'Wie ben ik?'", [
      conversationId,
    ])) as [[string]];
    expect(Number(sender)).toBe(anna.profileId);
  });

  it("explains what it cannot send as before: too few credits, an unconfirmed address", async () => {
    const poor = await chatting();
    await sql("UPDATE users SET credits = 0 WHERE id = ?", [poor.anna.userId]);
    const refused = await send(poor.conversationId, poor.anna.cookie);
    expect(refused.status).toBe(402);
    expect(await refused.text()).toContain("insufficient_credits");

    const unconfirmed = await chatting();
    await sql("UPDATE users SET status = 'not_confirmed' WHERE id = ?", [unconfirmed.anna.userId]);
    const before = await credits(unconfirmed.anna);
    const blocked = await send(unconfirmed.conversationId, unconfirmed.anna.cookie);
    expect(blocked.status).toBe(403);
    expect(await blocked.text()).toContain("unconfirmed");
    expect(await credits(unconfirmed.anna)).toBe(before);
  });

  it("files a report posted to the conversation like a message, for the session's member", async () => {
    const { anna, conversationId } = await chatting();
    const response = await send(conversationId, anna.cookie, { intent: "report" });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    expect(await count("SELECT count(*) FROM complaints WHERE conversation_id = ? AND user_id = ?", [conversationId, anna.userId])).toBe(1);
  });

  it("renews a session in its second half for a member who only chats", async () => {
    const { anna, conversationId } = await chatting();
    await sql("UPDATE sessions SET expires_at = unixepoch() + 86400 WHERE user_id = ?", [anna.userId]);
    const response = await send(conversationId, anna.cookie);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("auth="))).toBe(true);
    const left = await count("SELECT max(expires_at) - unixepoch() FROM sessions WHERE user_id = ?", [anna.userId]);
    expect(left).toBeGreaterThan(29 * 86400);
  });
});

it("gives the member hint only to a signed-in member's pages", async () => {
  const member = await createMember();
  const auth = await loginCookie(member);
  const page = await exports.default.fetch(new Request("http://localhost/chats", { headers: { Cookie: auth }, redirect: "manual" }));
  await page.arrayBuffer();
  expect(page.headers.getSetCookie().find((cookie) => cookie.startsWith("member="))).toMatch(
    new RegExp(`^member=${member.userId}\\.${member.profileId}; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Lax`),
  );
  const visitor = await exports.default.fetch(new Request("http://localhost/pricing"));
  await visitor.arrayBuffer();
  expect(visitor.headers.getSetCookie().some((cookie) => cookie.startsWith("member="))).toBe(false);
});
