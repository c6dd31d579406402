/**
 * Spam accounts held (ADR 053) through the real routes: the same first message to twenty members
 * holds the sender's messages once the site's threshold is reached — the recipients see nothing and
 * get no mail, the sender's credits for them are set aside — until a moderator delivers them or
 * removes them with a refund.
 */
import { describe, expect, it } from "vitest";
import { createMember, loginCookie, type MemberOptions } from "./factories";
import { get, mainContent, post, sql } from "./helpers";
import { count } from "./likes-helpers";
import { makeModerator } from "./photo-helpers";

/** The site's default (site-settings.ts `spamHold.sameFirstMessages`). */
const SAME_FIRST_MESSAGES = 8;

async function signedIn(options: MemberOptions = {}) {
  const member = await createMember(options);
  return { ...member, cookie: await loginCookie(member) };
}
type Member = Awaited<ReturnType<typeof signedIn>>;

const credits = (member: { userId: number }) => count("SELECT credits FROM users WHERE id = ?", [member.userId]);

/** Sends the same first message to each member, a second apart in the clock the messages carry, so only the text counts. */
async function sendToAll(spammer: Member, recipients: { profileId: number }[], body: string) {
  for (const [n, recipient] of recipients.entries()) {
    const response = await post(
      `/members/${recipient.profileId}/chat`,
      { intent: "text", clientKey: `spam-${crypto.randomUUID()}`, body: `${body}${n % 2 ? "!" : ""}` },
      { cookie: spammer.cookie },
    );
    expect(response.status, `message ${n + 1}`).toBe(302);
    // Spread the first messages over more than a minute, so the "faster than a person" rule is not what holds them.
    await sql(
      "UPDATE messages SET created_at = created_at - ? WHERE sender_id = ? AND id = (SELECT max(id) FROM messages WHERE sender_id = ?)",
      [(recipients.length - n) * 30, spammer.profileId, spammer.profileId],
    );
  }
}

/** Twenty recipients; only the ones a test looks through the pages with sign in (logins are limited per address). */
async function twentyMembers(): Promise<(Member | (Awaited<ReturnType<typeof createMember>> & { cookie: null }))[]> {
  return Promise.all(Array.from({ length: 20 }, async (_, n) => ({ ...(await createMember({ name: `Ontvanger${n}` })), cookie: null })));
}

const withCookie = async <T extends Awaited<ReturnType<typeof createMember>>>(member: T) => ({
  ...member,
  cookie: await loginCookie(member),
});

describe("the same first message to twenty members", () => {
  it("holds the sender's messages: unseen and unannounced for the recipients, credits set aside, released by a moderator", async () => {
    const spammer = await signedIn({ name: "Spammy", credits: 1000, paidUser: true });
    const [recipients, moderator] = await Promise.all([twentyMembers(), signedIn({ name: "Moderosa" })]);
    await makeModerator(moderator);
    await sendToAll(spammer, recipients, "Hoi schat, ik zag je profiel en vond je echt heel leuk. Zin om te kletsen");

    const delivered = recipients.slice(0, SAME_FIRST_MESSAGES - 1);
    const held = recipients.slice(SAME_FIRST_MESSAGES - 1);
    expect(await count("SELECT count(*) FROM messages WHERE sender_id = ? AND held = 1", [spammer.profileId])).toBe(held.length);
    expect(await count("SELECT count(*) FROM users WHERE id = ? AND messages_held_at IS NOT NULL", [spammer.userId])).toBe(1);
    // Every message was paid for: the held ones' credits are set aside, not lost.
    const afterSending = await credits(spammer);
    expect(afterSending).toBe(1000 - 20 * 15);

    for (const recipient of held) {
      expect(await count("SELECT count(*) FROM mail_outbox WHERE user_id = ?", [recipient.userId])).toBe(0);
      expect(await count("SELECT count(*) FROM conversation_members WHERE profile_id = ?", [recipient.profileId])).toBe(0);
    }
    const [heldOne, deliveredOne] = await Promise.all([withCookie(held[0]!), withCookie(delivered[0]!)]);
    expect(mainContent(await (await get("/chats", { cookie: heldOne.cookie })).text())).not.toContain("Spammy");
    // Those before the threshold got it as usual.
    expect(mainContent(await (await get("/chats", { cookie: deliveredOne.cookie })).text())).toContain("Spammy");

    // The moderator sees the account with what it sent, and delivers the held messages.
    const queue = mainContent(await (await get("/moderation", { cookie: moderator.cookie })).text());
    expect(queue).toContain("Vastgehouden accounts");
    expect(queue).toContain("Hoi schat, ik zag je profiel");
    const released = await post(
      "/moderation",
      { intent: "release_held", profileId: String(spammer.profileId) },
      { cookie: moderator.cookie },
    );
    expect(released.status).toBe(200);
    expect(await count("SELECT count(*) FROM messages WHERE sender_id = ? AND held = 1", [spammer.profileId])).toBe(0);
    expect(await credits(spammer)).toBe(afterSending);
    expect(mainContent(await (await get("/chats", { cookie: heldOne.cookie })).text())).toContain("Spammy");
    for (const recipient of held)
      expect(await count("SELECT unread_count FROM conversation_members WHERE profile_id = ?", [recipient.profileId])).toBe(1);
    expect(await sql("SELECT action FROM moderation_actions WHERE target_type = 'profile' AND target_id = ?", [spammer.profileId])).toEqual(
      [["release_held"]],
    );
    // A second click changes nothing.
    expect(
      (await post("/moderation", { intent: "release_held", profileId: String(spammer.profileId) }, { cookie: moderator.cookie })).status,
    ).toBe(409);
  }, 240_000);

  it("refunds the held messages' credits once when a moderator rejects them", async () => {
    const spammer = await signedIn({ name: "Spamford", credits: 1000, paidUser: true });
    const [recipients, moderator] = await Promise.all([twentyMembers(), signedIn({ name: "Modesto" })]);
    await makeModerator(moderator);
    await sendToAll(spammer, recipients, "Hallo! Bekijk mijn profiel, ik heb een verrassing voor je");
    const heldCount = await count("SELECT count(*) FROM messages WHERE sender_id = ? AND held = 1", [spammer.profileId]);
    expect(heldCount).toBe(20 - (SAME_FIRST_MESSAGES - 1));
    const before = await credits(spammer);

    for (let click = 0; click < 2; click++)
      await post("/moderation", { intent: "reject_held", profileId: String(spammer.profileId) }, { cookie: moderator.cookie });
    expect(await credits(spammer)).toBe(before + heldCount * 15);
    expect(await count("SELECT count(*) FROM messages WHERE sender_id = ?", [spammer.profileId])).toBe(SAME_FIRST_MESSAGES - 1);
    expect(
      await count("SELECT count(*) FROM moderation_actions WHERE target_type = 'profile' AND target_id = ? AND action = 'reject_held'", [
        spammer.profileId,
      ]),
    ).toBe(1);
    // The account stays held: its next message waits too.
    expect(await count("SELECT count(*) FROM users WHERE id = ? AND messages_held_at IS NOT NULL", [spammer.userId])).toBe(1);
  }, 240_000);
});

describe("conversations started faster than a person writes", () => {
  it("holds the first messages past the per-minute limit, different texts or not", async () => {
    const spammer = await signedIn({ name: "Speedy", credits: 500, paidUser: true });
    const recipients = await Promise.all(Array.from({ length: 5 }, (_, n) => createMember({ name: `Snel${n}` })));
    for (const [n, recipient] of recipients.entries()) {
      const sent = await post(
        `/members/${recipient.profileId}/chat`,
        {
          intent: "text",
          clientKey: `fast-${crypto.randomUUID()}`,
          body: [
            "Wat een mooie foto bij de zee!",
            "Ik hou ook van wandelen in het bos.",
            "Welke muziek luister je graag?",
            "Heb je zin om koffie te drinken?",
            "Mijn hond heet Bobbie, en de jouwe?",
          ][n]!,
        },
        { cookie: spammer.cookie },
      );
      expect(sent.status, `message ${n + 1}`).toBe(302);
    }
    // The default allows 3 a minute: the fourth and fifth are held.
    expect(await count("SELECT count(*) FROM messages WHERE sender_id = ? AND held = 1", [spammer.profileId])).toBe(2);
  }, 120_000);

  it("holds a burst of first messages sent all at once: none of them waits for the others to be stored", async () => {
    const spammer = await signedIn({ name: "Burst", credits: 500, paidUser: true });
    const recipients = await Promise.all(Array.from({ length: 6 }, (_, n) => createMember({ name: `Tegelijk${n}` })));
    const sent = await Promise.all(
      recipients.map((recipient, n) =>
        post(
          `/members/${recipient.profileId}/chat`,
          { intent: "text", clientKey: `burst-${crypto.randomUUID()}`, body: `Hallo daar, nummer ${n}` },
          { cookie: spammer.cookie },
        ),
      ),
    );
    expect(sent.map((response) => response.status)).toEqual(recipients.map(() => 302));
    // All six paid and stored; past the three a minute, held, and the account with them.
    expect(await count("SELECT count(*) FROM messages WHERE sender_id = ?", [spammer.profileId])).toBe(6);
    expect(await count("SELECT count(*) FROM messages WHERE sender_id = ? AND held = 1", [spammer.profileId])).toBe(3);
    expect(await count("SELECT count(*) FROM users WHERE id = ? AND messages_held_at IS NOT NULL", [spammer.userId])).toBe(1);
  }, 120_000);
});
