/**
 * The chat history limit (product.md §9 "Chat history"): on a site that sets `chatHistoryLimit`,
 * a free member sees only the newest messages of a conversation and the older ones as locked —
 * their text never reaches the browser — while a premium member sees everything. Off by default.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createMember, loginCookie, type MemberOptions } from "./factories";
import { get, mainContent, post, sql } from "./helpers";

let host: string;
let siteKey: string;

// Sites are cached per isolate for a minute: the site is made before this file's first request.
beforeAll(async () => {
  siteKey = `history-${crypto.randomUUID().slice(0, 8)}`;
  host = `${siteKey}.history.test`;
  const [[siteId]] = (await sql(
    `INSERT INTO sites (key, name, domain, domain_language, company_id, is_default, settings)
     SELECT ?, name, ?, domain_language, company_id, 0, json_set(settings, '$.chatHistoryLimit', 3) FROM sites WHERE is_default = 1
     RETURNING id`,
    [siteKey, host],
  )) as [[string]];
  await sql("INSERT INTO site_hosts (host, site_id) VALUES (?, ?)", [host, Number(siteId)]);
});

async function signedIn(options: MemberOptions = {}) {
  const member = await createMember({ site: siteKey, credits: 500, ...options });
  return { ...member, cookie: await loginCookie(member, host) };
}

let keys = 0;
const clientKey = () => `history-${Date.now()}-${(keys += 1)}-${crypto.randomUUID()}`;

async function screen(member: { cookie: string }, path: string) {
  const response = await get(path, { host, cookie: member.cookie });
  expect(response.status).toBe(200);
  return response.text();
}

describe("the chat history limit", () => {
  it("locks the older messages of a free member's conversation and shows a premium member all of them", async () => {
    const [anna, bram] = await Promise.all([signedIn({ gender: "female", paidUser: true }), signedIn()]);
    const first = await post(
      `/members/${bram.profileId}/chat`,
      { intent: "text", clientKey: clientKey(), body: "Bericht nummer 1" },
      { host, cookie: anna.cookie },
    );
    const conversationId = Number(/\/chats\/(\d+)/.exec(first.headers.get("Location") ?? "")?.[1]);
    for (let n = 2; n <= 5; n += 1) {
      const sent = await post(
        `/chats/${conversationId}`,
        { intent: "text", clientKey: clientKey(), body: `Bericht nummer ${n}` },
        { host, cookie: anna.cookie },
      );
      expect(sent.status).toBe(200);
    }

    // Bram (free) sees the newest three and a lock over the two before; their text is nowhere in the page.
    const free = await screen(bram, `/chats/${conversationId}`);
    for (const n of [3, 4, 5]) expect(mainContent(free)).toContain(`Bericht nummer ${n}`);
    for (const n of [1, 2]) expect(free).not.toContain(`Bericht nummer ${n}`);
    expect(mainContent(free)).toContain("2 oudere berichten zijn verborgen.");
    // Asking for the older page does not get round it.
    const older = await screen(bram, `/chats/${conversationId}?before=3`);
    expect(older).not.toContain("Bericht nummer 1");

    // Anna (premium) sees all five.
    const premium = mainContent(await screen(anna, `/chats/${conversationId}`));
    for (const n of [1, 2, 3, 4, 5]) expect(premium).toContain(`Bericht nummer ${n}`);
    expect(premium).not.toContain("chat-messages__locked");

    // Once Bram buys credits (premium for good), everything is his to read.
    await sql("UPDATE users SET paid_user = 1 WHERE id = ?", [bram.userId]);
    const bought = mainContent(await screen(bram, `/chats/${conversationId}`));
    for (const n of [1, 2, 3, 4, 5]) expect(bought).toContain(`Bericht nummer ${n}`);
  });

  it("is off by default: a free member on the default site sees the whole conversation", async () => {
    const [anna, bram] = await Promise.all([createMember({ credits: 500, gender: "female" }), createMember()]);
    const [annaCookie, bramCookie] = await Promise.all([loginCookie(anna), loginCookie(bram)]);
    const first = await post(
      `/members/${bram.profileId}/chat`,
      { intent: "text", clientKey: clientKey(), body: "Oudste bericht" },
      { cookie: annaCookie },
    );
    const conversationId = Number(/\/chats\/(\d+)/.exec(first.headers.get("Location") ?? "")?.[1]);
    for (let n = 0; n < 4; n += 1)
      await post(`/chats/${conversationId}`, { intent: "text", clientKey: clientKey(), body: `Later ${n}` }, { cookie: annaCookie });
    const page = mainContent(await (await get(`/chats/${conversationId}`, { cookie: bramCookie })).text());
    expect(page).toContain("Oudste bericht");
    expect(page).not.toContain("chat-messages__locked");
  });
});
