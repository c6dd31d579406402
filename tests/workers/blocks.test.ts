/**
 * A blocked pair is treated exactly like a profile that does not exist, on every path: private
 * photos, the block call itself (which must not tell who exists), and "send a message".
 */
import { describe, expect, it } from "vitest";
import { createMember, loginCookie, type MemberOptions } from "./factories";
import { get, sql } from "./helpers";
import { block } from "./likes-helpers";
import { setPhotoState, uploadOk } from "./photo-helpers";
import { postJson } from "./profiles-helpers";

async function signedIn(options: MemberOptions = {}) {
  const member = await createMember(options);
  return { ...member, cookie: await loginCookie(member) };
}

/** A conversation of two members with one message, as the paid send path leaves it. */
async function conversationOf(starter: { profileId: number; siteId: number }, recipient: { profileId: number }) {
  const now = Math.floor(Date.now() / 1000);
  const [[id]] = (await sql(
    "INSERT INTO conversations (site_id, starter_id, recipient_id, last_message_at, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
    [starter.siteId, starter.profileId, recipient.profileId, now, now],
  )) as [[string]];
  for (const profileId of [starter.profileId, recipient.profileId]) {
    await sql("INSERT INTO conversation_members (conversation_id, profile_id, last_message_at) VALUES (?, ?, ?)", [
      Number(id),
      profileId,
      now,
    ]);
  }
  await sql("INSERT INTO messages (conversation_id, sender_id, kind, body, created_at) VALUES (?, ?, 'text', 'Hoi!', ?)", [
    Number(id),
    starter.profileId,
    now,
  ]);
  return Number(id);
}

const blockCall = (cookie: string, profileId: number) =>
  postJson("/api/blocks.php", { profile_id: profileId, action: "block" }, { cookie });

describe("a blocked pair", () => {
  it("cannot see each other's private photos, even as premium members", async () => {
    const owner = await signedIn();
    const premium = await signedIn({ paidUser: true });
    const photo = await uploadOk(owner);
    await setPhotoState(photo.id, { status: "active", private: true });
    expect((await get(photo.url, { cookie: premium.cookie })).status).toBe(200);

    await block(owner.profileId, premium.profileId);
    for (const url of [photo.url, photo.thumbUrl]) expect((await get(url, { cookie: premium.cookie })).status).toBe(404);
    expect((await get(photo.url, { cookie: owner.cookie })).status).toBe(200);

    // The same when the premium member is the one who blocked.
    await sql("DELETE FROM blocks WHERE blocker_id = ?", [owner.profileId]);
    await block(premium.profileId, owner.profileId);
    expect((await get(photo.url, { cookie: premium.cookie })).status).toBe(404);
  });

  it("answers the block call for a hidden profile exactly as for one that does not exist", async () => {
    const member = await signedIn();
    const unknown = await blockCall(member.cookie, 999_999_999);
    expect(unknown.status).toBe(404);
    const unknownBody = await unknown.json();

    const unconfirmed = await createMember({ status: "not_confirmed" });
    const invisible = await createMember();
    await sql("UPDATE users SET invisible = 1 WHERE id = ?", [invisible.userId]);
    const blocker = await createMember();
    await block(blocker.profileId, member.profileId);
    const deleted = await createMember({ status: "deleted" });
    const otherSite = await createMember({ site: "de-milf" });

    for (const hidden of [unconfirmed, invisible, blocker, deleted, otherSite]) {
      const response = await blockCall(member.cookie, hidden.profileId);
      expect(response.status, `profile ${hidden.profileId}`).toBe(404);
      expect(await response.json()).toEqual(unknownBody);
    }
    expect(await sql("SELECT count(*) FROM blocks WHERE blocker_id = ?", [member.profileId])).toEqual([["0"]]);
  });

  it("can still block a visible member, one they chat with who went invisible, and one they blocked already", async () => {
    const member = await signedIn();
    const visible = await createMember();
    expect((await blockCall(member.cookie, visible.profileId)).status).toBe(200);
    expect((await blockCall(member.cookie, visible.profileId)).status).toBe(200);

    const partner = await createMember();
    await conversationOf(partner, member);
    await sql("UPDATE users SET invisible = 1 WHERE id = ?", [partner.userId]);
    expect((await blockCall(member.cookie, partner.profileId)).status).toBe(200);
    expect(await sql("SELECT count(*) FROM blocks WHERE blocker_id = ?", [member.profileId])).toEqual([["2"]]);
  });

  it("does not lead to their conversation from 'send a message'", async () => {
    const member = await signedIn({ credits: 30 });
    const partner = await createMember();
    const conversationId = await conversationOf(member, partner);
    const before = await get(`/members/${partner.profileId}/chat`, { cookie: member.cookie });
    expect(before.status).toBe(302);
    expect(before.headers.get("Location")).toBe(`/chats/${conversationId}`);

    await block(partner.profileId, member.profileId);
    const after = await get(`/members/${partner.profileId}/chat`, { cookie: member.cookie });
    expect(after.status).toBe(404);
    expect((await get(`/chats/${conversationId}`, { cookie: member.cookie })).status).toBe(404);
  });
});
