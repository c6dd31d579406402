/**
 * The moderation area through the real routes: who may open it, approving and rejecting photos
 * (and what members see afterwards), profile texts, complaints, and the audit trail of each
 * decision. Runs on the English site (gay.localhost) so its queue holds only this file's photos.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { OwnPhoto } from "~/photos/photo-api";
import { createMember, loginCookie, type TestMember } from "./factories";
import { get, mainContent, post, sql } from "./helpers";
import { makeModerator, photoAction, uploadOk } from "./photo-helpers";

const host = "gay.localhost";
type Signed = TestMember & { cookie: string; host: string };

async function signedIn(options: Parameters<typeof createMember>[0] = {}): Promise<Signed> {
  const member = await createMember({ site: "en-gay", ...options });
  const memberHost = options.site === "nl-general" ? "localhost" : host;
  return { ...member, host: memberHost, cookie: await loginCookie(member, memberHost) };
}

async function photoRow(id: number) {
  const [row] = (await sql("SELECT status, rejection_reason, reviewed_at FROM photos WHERE id = ?", [id])) as [
    string,
    string | null,
    string | null,
  ][];
  return { status: row![0], reason: row![1], reviewed: row![2] !== null };
}

async function actions(targetType: string, targetId: number) {
  return (
    await sql("SELECT moderator_user_id, action, reason FROM moderation_actions WHERE target_type = ? AND target_id = ? ORDER BY id", [
      targetType,
      targetId,
    ])
  ).map(([moderatorUserId, action, reason]) => ({ moderatorUserId: Number(moderatorUserId), action, reason }));
}

async function ownPhotos(member: Signed) {
  return ((await (await get("/api/photos.php", { host, cookie: member.cookie })).json()) as { photos: OwnPhoto[] }).photos;
}

let moderator: Signed;
beforeAll(async () => {
  moderator = await signedIn({ name: "Modesty" });
  await makeModerator(moderator);
});

describe("the moderation area", () => {
  it("is a 404 for visitors and members, and open to moderators", async () => {
    expect((await get("/moderation", { host })).status).toBe(404);
    const member = await signedIn();
    const asMember = await get("/moderation", { host, cookie: member.cookie });
    expect(asMember.status).toBe(404);
    expect(mainContent(await asMember.text())).not.toContain("Moderation");
    const refused = await post("/moderation", { intent: "approve_photo", photoId: "1" }, { host, cookie: member.cookie });
    expect(refused.status).toBe(404);

    const page = await get("/moderation", { host, cookie: moderator.cookie });
    expect(page.status).toBe(200);
    const html = mainContent(await page.text());
    expect(html).toContain("<h1>Moderation</h1>");
    expect(html).toContain("Photos waiting for approval");
    expect(html).toContain("Profile texts");
    expect(html).toContain("Complaints");
  });
});

describe("reviewing photos", () => {
  it("approves a pending photo: it is shown to everyone from then on, and the decision is recorded", async () => {
    const member = await signedIn({ name: "Pendleton" });
    const photo = await uploadOk(member);
    expect((await get(photo.url, { host })).status).toBe(404);

    const queue = mainContent(await (await get("/moderation", { host, cookie: moderator.cookie })).text());
    expect(queue).toContain("Pendleton");
    expect(queue).toContain(photo.thumbUrl);
    expect(queue).toContain(`/members/${member.profileId}`);
    // The moderator may look at the pending photo itself.
    expect((await get(photo.url, { host, cookie: moderator.cookie })).status).toBe(200);

    const approved = await post("/moderation", { intent: "approve_photo", photoId: String(photo.id) }, { host, cookie: moderator.cookie });
    expect(approved.status).toBe(200);
    expect(mainContent(await approved.text())).toContain("Photo approved.");
    expect(await photoRow(photo.id)).toEqual({ status: "active", reason: null, reviewed: true });
    expect(await actions("photo", photo.id)).toEqual([{ moderatorUserId: moderator.userId, action: "approve", reason: null }]);
    expect((await get(photo.url, { host })).status).toBe(200);
    expect((await ownPhotos(member))[0]).toMatchObject({ id: photo.id, status: "active", isMain: true });

    // Deciding twice changes nothing and records nothing.
    const again = await post("/moderation", { intent: "approve_photo", photoId: String(photo.id) }, { host, cookie: moderator.cookie });
    expect(again.status).toBe(409);
    expect(await actions("photo", photo.id)).toHaveLength(1);
  });

  it("keeps the member's 'has a photo' mark (photo first in search) through uploads, reviews, main photo changes and deletes", async () => {
    const member = await signedIn({ name: "Flagg" });
    const hasPhoto = async () => Number((await sql("SELECT has_photo FROM profiles WHERE id = ?", [member.profileId]))[0]![0]);
    const approve = (photoId: number) =>
      post("/moderation", { intent: "approve_photo", photoId: String(photoId) }, { host, cookie: moderator.cookie });
    const act = (body: unknown) => photoAction(body, { host, cookie: member.cookie });

    const first = await uploadOk(member);
    expect(await hasPhoto()).toBe(0); // pending: other members see a silhouette
    expect((await approve(first.id)).status).toBe(200);
    expect(await hasPhoto()).toBe(1);

    const second = await uploadOk(member);
    expect(await hasPhoto()).toBe(1);
    expect((await act({ intent: "main", photoId: second.id })).status).toBe(200);
    expect(await hasPhoto()).toBe(0); // the new main photo still waits for review

    const rejected = await post(
      "/moderation",
      { intent: "reject_photo", photoId: String(second.id), reason: "nudity_main" },
      { host, cookie: moderator.cookie },
    );
    expect(rejected.status).toBe(200);
    expect(await hasPhoto()).toBe(1); // the approved photo took the rejected one's place

    expect((await act({ intent: "delete", photoId: first.id })).status).toBe(200);
    expect(await hasPhoto()).toBe(0);
  });

  it("rejects with a fixed reason or the moderator's own words; the member sees why", async () => {
    const member = await signedIn({ paidUser: true });
    const [main, second, third] = [await uploadOk(member), await uploadOk(member), await uploadOk(member)];
    expect(main!.isMain).toBe(true);

    const rejected = await post(
      "/moderation",
      { intent: "reject_photo", photoId: String(main!.id), reason: "nudity_main" },
      { host, cookie: moderator.cookie },
    );
    expect(rejected.status).toBe(200);
    expect(await photoRow(main!.id)).toEqual({ status: "rejected", reason: "nudity_main", reviewed: true });
    expect(await actions("photo", main!.id)).toEqual([{ moderatorUserId: moderator.userId, action: "reject", reason: "nudity_main" }]);

    // "Other" needs words; without them nothing happens.
    const withoutWords = await post(
      "/moderation",
      { intent: "reject_photo", photoId: String(second!.id), reason: "other", otherReason: " " },
      { host, cookie: moderator.cookie },
    );
    expect(withoutWords.status).toBe(400);
    expect(mainContent(await withoutWords.text())).toContain("Describe the reason.");
    expect((await photoRow(second!.id)).status).toBe("pending");
    await post(
      "/moderation",
      { intent: "reject_photo", photoId: String(second!.id), reason: "other", otherReason: "A photo of a screen" },
      { host, cookie: moderator.cookie },
    );
    expect(await photoRow(second!.id)).toMatchObject({ status: "rejected", reason: "A photo of a screen" });
    // An unknown reason is refused.
    expect(
      (
        await post(
          "/moderation",
          { intent: "reject_photo", photoId: String(third!.id), reason: "ugly" },
          { host, cookie: moderator.cookie },
        )
      ).status,
    ).toBe(400);

    const own = await ownPhotos(member);
    expect(own.map(({ id, status, rejectionReason, isMain }) => ({ id, status, rejectionReason, isMain }))).toEqual([
      { id: main!.id, status: "rejected", rejectionReason: "nudity_main", isMain: false },
      { id: second!.id, status: "rejected", rejectionReason: "A photo of a screen", isMain: false },
      // The rejected main photo handed its place to the next photo that may be one.
      { id: third!.id, status: "pending", rejectionReason: null, isMain: true },
    ]);
    // A rejected photo is never shown to others, and stays visible to its owner.
    expect((await get(main!.url, { host })).status).toBe(404);
    expect((await get(main!.url, { host, cookie: member.cookie })).status).toBe(200);
  });

  it("does not let a moderator of another site review this site's photos", async () => {
    const member = await signedIn();
    const photo = await uploadOk(member);
    const elsewhere = await signedIn({ site: "nl-general" });
    await makeModerator(elsewhere);
    expect((await get(photo.url, { host: "localhost", cookie: elsewhere.cookie })).status).toBe(404);
    const response = await post(
      "/moderation",
      { intent: "approve_photo", photoId: String(photo.id) },
      { host: "localhost", cookie: elsewhere.cookie },
    );
    expect(response.status).toBe(409);
    expect((await photoRow(photo.id)).status).toBe("pending");
  });
});

describe("reviewing profile texts", () => {
  it("approves a text as worded, puts it back in the queue when it changes, and removes it", async () => {
    const member = await signedIn({ name: "Wordsworth" });
    const text = `Hello, I like long walks ${crypto.randomUUID()}`;
    await sql("UPDATE profiles SET about_me = ? WHERE id = ?", [text, member.profileId]);
    const page = async () => mainContent(await (await get("/moderation", { host, cookie: moderator.cookie })).text());
    // The queue lists the most recently active members first.
    await sql("UPDATE profiles SET last_active_at = unixepoch() + 60 WHERE id = ?", [member.profileId]);
    expect(await page()).toContain(text);

    const approved = await post(
      "/moderation",
      { intent: "approve_text", profileId: String(member.profileId), aboutMe: text },
      { host, cookie: moderator.cookie },
    );
    expect(approved.status).toBe(200);
    expect(await page()).not.toContain(text);

    const changed = `${text} and rude words`;
    await sql("UPDATE profiles SET about_me = ? WHERE id = ?", [changed, member.profileId]);
    expect(await page()).toContain(changed);
    // A decision on a text the member has changed since does not apply.
    expect(
      (
        await post(
          "/moderation",
          { intent: "remove_text", profileId: String(member.profileId), aboutMe: text },
          { host, cookie: moderator.cookie },
        )
      ).status,
    ).toBe(409);

    const removed = await post(
      "/moderation",
      { intent: "remove_text", profileId: String(member.profileId), aboutMe: changed },
      { host, cookie: moderator.cookie },
    );
    expect(removed.status).toBe(200);
    expect(await sql("SELECT about_me FROM profiles WHERE id = ?", [member.profileId])).toEqual([[null]]);
    expect(await actions("profile_text", member.profileId)).toEqual([
      { moderatorUserId: moderator.userId, action: "approve_text", reason: text },
      { moderatorUserId: moderator.userId, action: "remove_text", reason: changed },
    ]);
  });
});

describe("handling complaints", () => {
  it("lists the site's complaints and moves one along, recording each step", async () => {
    const reported = await signedIn({ name: "Trouble" });
    const subject = `Rude messages ${crypto.randomUUID().slice(0, 8)}`;
    const [[complaintId]] = (await sql(
      "INSERT INTO complaints (site_id, name, email, subject, body, profile_id) VALUES (?, 'Ann', 'ann@example.test', ?, 'He keeps writing.', ?) RETURNING id",
      [reported.siteId, subject, reported.profileId],
    )) as [[string]];
    const page = mainContent(await (await get("/moderation", { host, cookie: moderator.cookie })).text());
    expect(page).toContain(subject);
    expect(page).toContain(`/members/${reported.profileId}`);

    for (const status of ["in_progress", "closed"]) {
      const response = await post(
        "/moderation",
        { intent: "complaint_status", complaintId: String(complaintId), status },
        { host, cookie: moderator.cookie },
      );
      expect(response.status).toBe(200);
      expect(await sql("SELECT status FROM complaints WHERE id = ?", [Number(complaintId)])).toEqual([[status]]);
    }
    expect(
      (
        await post(
          "/moderation",
          { intent: "complaint_status", complaintId: String(complaintId), status: "archived" },
          { host, cookie: moderator.cookie },
        )
      ).status,
    ).toBe(400);
    expect((await actions("complaint", Number(complaintId))).map((action) => action.action)).toEqual([
      "status:in_progress",
      "status:closed",
    ]);
  });
});

describe("banning a member", () => {
  const ban = (profileId: number, cookie: string) =>
    post("/moderation", { intent: "ban_member", profileId: String(profileId) }, { host, cookie });

  it("bans the reported member from a complaint: signed out everywhere, no way back in, recorded once", async () => {
    const reported = await signedIn({ name: "Pest" });
    const otherDevice = await loginCookie(reported, host);
    const subject = `Spam ${crypto.randomUUID().slice(0, 8)}`;
    await sql(
      "INSERT INTO complaints (site_id, name, email, subject, body, profile_id) VALUES (?, 'Ann', 'ann@example.test', ?, 'Sends spam.', ?)",
      [reported.siteId, subject, reported.profileId],
    );
    const before = mainContent(await (await get("/moderation", { host, cookie: moderator.cookie })).text());
    expect(before).toContain('name="intent" value="ban_member"');
    expect(before).toContain("Ban Pest now");

    const banned = await ban(reported.profileId, moderator.cookie);
    expect(banned.status).toBe(200);
    expect(mainContent(await banned.text())).toContain("Member banned and signed out everywhere.");
    expect(await sql("SELECT status FROM users WHERE id = ?", [reported.userId])).toEqual([["banned"]]);
    expect(await sql("SELECT count(*) FROM sessions WHERE user_id = ?", [reported.userId])).toEqual([["0"]]);
    for (const cookie of [reported.cookie, otherDevice]) {
      expect(await (await get("/api/user.php", { host, cookie })).json()).toEqual({ user: null });
    }
    await expect(loginCookie(reported, host)).rejects.toThrow();

    // Banned once: a second ban is stale, and the list says so instead of offering it again.
    expect((await ban(reported.profileId, moderator.cookie)).status).toBe(409);
    expect((await actions("profile", reported.profileId)).map((action) => action.action)).toEqual(["ban"]);
    // One notice telling how to appeal, written with the ban.
    expect(await sql("SELECT count(*) FROM mail_outbox WHERE user_id = ? AND template = 'account_banned'", [reported.userId])).toEqual([
      ["1"],
    ]);
    const after = mainContent(await (await get("/moderation", { host, cookie: moderator.cookie })).text());
    expect(after).toContain(subject);
    expect(after).not.toContain("Ban Pest now");
    expect(after).toContain("Banned");
  });

  it("bans no moderator, no other site's member, and is no member's to use", async () => {
    const colleague = await signedIn();
    await makeModerator(colleague);
    expect((await ban(colleague.profileId, moderator.cookie)).status).toBe(409);

    const elsewhere = await signedIn({ site: "nl-general" });
    expect((await ban(elsewhere.profileId, moderator.cookie)).status).toBe(409);

    const member = await signedIn();
    const target = await signedIn();
    expect((await ban(target.profileId, member.cookie)).status).toBe(404);
    expect((await post("/moderation", { intent: "ban_member", profileId: "x" }, { host, cookie: moderator.cookie })).status).toBe(400);
    for (const { userId } of [colleague, elsewhere, target]) {
      expect(await sql("SELECT status FROM users WHERE id = ?", [userId])).toEqual([["confirmed"]]);
    }
  });
});
