/**
 * Account deletion (product.md §10 "Accounts"): deleting with a reason signs the member out and
 * mails a recovery link; logging in or the link (once) reactivates within the grace period; the
 * nightly job erases accounts after 14 days and keeps payment records.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hashToken } from "~/security/tokens.server";
// @ts-expect-error: the built Worker (npm run build) ships no type declarations
import builtWorker from "#build/server/index.js";
import { createMember, loginCookie, TEST_PASSWORD, type TestMember } from "./factories";
import { get, mainContent, post, sql } from "./helpers";
import { count, MESSAGES, postAs, tokenFromMail, userRow } from "./settings-helpers";

const DAY = 24 * 60 * 60 * 1000;

async function deleteViaSettings(member: TestMember, form: Record<string, string> = {}) {
  return postAs(await loginCookie(member), "/settings", {
    intent: "delete",
    reason: "found_someone",
    remarks: "Met someone here, thanks!",
    currentPassword: TEST_PASSWORD,
    ...form,
  });
}

const worker = builtWorker as ExportedHandler<Env>;

/** Fires the built Worker's nightly schedule at `now`, as Cloudflare's scheduler would. */
async function runNightly(now: Date) {
  const ctx = createExecutionContext();
  await worker.scheduled!(createScheduledController({ cron: "0 3 * * *", scheduledTime: now.getTime() }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/**
 * The nightly erasure works in batches; other tests leave deleted accounts too, so run it until the
 * member's account is no longer waiting (or a few nights have passed).
 */
async function finalize(userId: number, now = new Date()) {
  for (let night = 0; night < 10; night += 1) {
    await runNightly(now);
    if ((await userRow(userId)).status !== "deleted") return;
  }
}

describe("deleting an account", () => {
  it("stores the reason, hides the profile, ends every session and mails a recovery link", async () => {
    const member = await createMember();
    const otherSession = await loginCookie(member);
    const response = await deleteViaSettings(member);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/account-deleted\?until=\d{4}-\d{2}-\d{2}$/);
    expect(response.headers.get("Set-Cookie")).toMatch(/^auth=; .*Max-Age=0/);

    const user = await userRow(member.userId);
    expect(user).toMatchObject({ status: "deleted", deleteReason: "found_someone", deleteRemarks: "Met someone here, thanks!" });
    const [[profileStatus]] = (await sql("SELECT status FROM profiles WHERE id = ?", [member.profileId])) as [[string]];
    expect(profileStatus).toBe("deleted");
    expect(await count("SELECT count(*) FROM sessions WHERE user_id = ?", [member.userId])).toBe(0);
    expect((await get("/settings", { cookie: otherSession })).status).toBe(302);
    await tokenFromMail(member.email, "account_deleted", "/account-recover");
  });

  it("offers the alternatives before the form, and every reason of the spec", async () => {
    const member = await createMember();
    const html = mainContent(await (await get("/settings", { cookie: await loginCookie(member) })).text());
    const section = html.slice(html.indexOf('id="delete"'));
    expect(section.indexOf('value="emails_off"')).toBeGreaterThan(0);
    expect(section.indexOf('value="emails_off"')).toBeLessThan(section.indexOf('value="delete"'));
    expect(section).toContain('href="/notifications"');
    for (const reason of ["price", "found_someone", "not_looking", "site_problems", "no_members", "time", "other"]) {
      expect(section).toContain(`value="${reason}"`);
    }
  });

  it("needs the current password and a reason", async () => {
    const member = await createMember();
    const wrong = await deleteViaSettings(member, { currentPassword: "not it" });
    expect(wrong.status).toBe(400);
    expect(mainContent(await wrong.text())).toContain(MESSAGES.checkOldPassword);
    const noReason = await deleteViaSettings(member, { reason: "" });
    expect(noReason.status).toBe(400);
    const tooLong = await deleteViaSettings(member, { remarks: "x".repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect((await userRow(member.userId)).status).toBe("confirmed");
  });

  it("lets a member without a password confirm by typing the address", async () => {
    const member = await createMember({ password: null });
    await sql("INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)", [
      hashToken("passkeyonlysessiontokenaaaaaaaaa"),
      member.userId,
      Math.floor(Date.now() / 1000) + 3600,
    ]);
    const cookie = "auth=passkeyonlysessiontokenaaaaaaaaa";
    const wrong = await postAs(cookie, "/settings", { intent: "delete", reason: "time", confirmation: "someone@else.test" });
    expect(wrong.status).toBe(400);
    expect((await userRow(member.userId)).status).toBe("confirmed");
    const right = await postAs(cookie, "/settings", { intent: "delete", reason: "time", confirmation: member.email.toUpperCase() });
    expect(right.status).toBe(302);
    expect((await userRow(member.userId)).status).toBe("deleted");
  });

  it("tells on the account-deleted page until when it can be recovered", async () => {
    const response = await get("/account-deleted?until=2099-01-01");
    const html = mainContent(await response.text());
    expect(response.status).toBe(200);
    // An implausible date is replaced by the grace period counted from today.
    expect(html).not.toContain("2099");
    expect(html).toContain(String(new Date(Date.now() + 14 * DAY).getUTCFullYear()));
    expect(html).toContain('href="/login"');
  });
});

describe("recovering within the grace period", () => {
  it("reactivates on logging in again", async () => {
    const member = await createMember();
    await deleteViaSettings(member);
    const cookie = await loginCookie(member);
    expect((await get("/settings", { cookie })).status).toBe(200);
    const user = await userRow(member.userId);
    expect(user).toMatchObject({ status: "confirmed", deleteReason: null });
    const [[profileStatus]] = (await sql("SELECT status FROM profiles WHERE id = ?", [member.profileId])) as [[string]];
    expect(profileStatus).toBe("active");
  });

  it("reactivates through the mailed link exactly once, and signs the member in", async () => {
    const member = await createMember();
    await deleteViaSettings(member);
    const token = await tokenFromMail(member.email, "account_deleted", "/account-recover");

    const page = await get(`/account-recover?token=${token}`);
    expect(page.status).toBe(200);
    expect(mainContent(await page.text())).toContain(`value="${token}"`);
    expect((await userRow(member.userId)).status).toBe("deleted");

    // A new page load, signed in: the whole page shows the member (a visitor's page has no React, ADR 032).
    const recovered = await post("/account-recover", { token });
    expect(recovered.status).toBe(302);
    expect(recovered.headers.get("Location")).toBe("/account-recover?recovered");
    const cookie = recovered.headers.get("Set-Cookie")?.split(";")[0];
    expect(cookie).toMatch(/^auth=[a-z2-7]+$/);
    expect(mainContent(await (await get("/account-recover?recovered", { cookie: cookie! })).text())).toContain("Welkom terug!");
    expect((await userRow(member.userId)).status).toBe("confirmed");
    expect((await get("/settings", { cookie: cookie! })).status).toBe(200);

    const again = await post("/account-recover", { token });
    expect(again.status).toBe(400);
    expect(mainContent(await again.text())).toContain(MESSAGES.linkExpired);
  });

  it("deletes once on a double click: one mail, whose recovery link works", async () => {
    const member = await createMember();
    const cookie = await loginCookie(member);
    const form = { intent: "delete", reason: "time", currentPassword: TEST_PASSWORD };
    const answers = await Promise.all([postAs(cookie, "/settings", form), postAs(cookie, "/settings", form)]);
    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    expect((await userRow(member.userId)).status).toBe("deleted");
    // Mail is sent after the answer: wait for the one there is, then make sure no second one came.
    const token = await tokenFromMail(member.email, "account_deleted", "/account-recover");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await count("SELECT count(*) FROM mail_outbox WHERE to_address = ? AND template = 'account_deleted'", [member.email])).toBe(1);
    const recovered = await post("/account-recover", { token });
    expect(recovered.status).toBe(302);
    expect((await userRow(member.userId)).status).toBe("confirmed");
  });

  it("retires the mailed link when the member came back by logging in", async () => {
    const member = await createMember();
    await deleteViaSettings(member);
    const token = await tokenFromMail(member.email, "account_deleted", "/account-recover");
    await loginCookie(member);
    const response = await post("/account-recover", { token });
    expect(response.status).toBe(400);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("refuses the link once the grace period is over", async () => {
    const member = await createMember();
    await deleteViaSettings(member);
    const token = await tokenFromMail(member.email, "account_deleted", "/account-recover");
    await sql("UPDATE users SET deleted_at = deleted_at - 15 * 86400 WHERE id = ?", [member.userId]);
    const response = await post("/account-recover", { token });
    expect(response.status).toBe(400);
    expect((await userRow(member.userId)).status).toBe("deleted");
  });
});

describe("finalising deletions", () => {
  /** A deleted member with something of every kind the erasure touches. */
  async function deletedMemberWithData(deletedDaysAgo: number) {
    const member = await createMember({ status: "deleted", deletedDaysAgo });
    const other = await createMember();
    const keys = [
      `photos/test-${crypto.randomUUID()}.webp`,
      `photos/test-${crypto.randomUUID()}-thumb.webp`,
      `chat/test-${crypto.randomUUID()}.webp`,
      `photos/chat-${crypto.randomUUID()}.jpg`,
      `photos/chat-${crypto.randomUUID()}_thumb.jpg`,
    ];
    for (const key of keys) await env.PHOTOS.put(key, "image bytes");
    const [[photoId]] = (await sql(
      "INSERT INTO photos (profile_id, object_key, thumb_key, content_type, width, height, status) VALUES (?, ?, ?, 'image/webp', 10, 10, 'active') RETURNING id",
      [member.profileId, keys[0]!, keys[1]!],
    )) as [[string]];
    await sql("UPDATE profiles SET main_photo_id = ?, about_me = 'All about me', hair_color = 'brown' WHERE id = ?", [
      Number(photoId),
      member.profileId,
    ]);
    const [[conversationId]] = (await sql("INSERT INTO conversations (site_id, starter_id, recipient_id) VALUES (?, ?, ?) RETURNING id", [
      member.siteId,
      member.profileId,
      other.profileId,
    ])) as [[string]];
    await sql("INSERT INTO messages (conversation_id, sender_id, body) VALUES (?, ?, 'my words')", [
      Number(conversationId),
      member.profileId,
    ]);
    await sql("INSERT INTO messages (conversation_id, sender_id, kind, object_key) VALUES (?, ?, 'photo', ?)", [
      Number(conversationId),
      member.profileId,
      keys[2]!,
    ]);
    // A photo sent in the chat (product.md §10 "Photos in chat"): its row and both objects go too.
    const [[chatPhotoMessageId]] = (await sql(
      "INSERT INTO messages (conversation_id, sender_id, kind) VALUES (?, ?, 'photo') RETURNING id",
      [Number(conversationId), member.profileId],
    )) as [[string]];
    await sql("INSERT INTO chat_photos (message_id, object_key, thumb_key, width, height, status) VALUES (?, ?, ?, 10, 10, 'active')", [
      Number(chatPhotoMessageId),
      keys[3]!,
      keys[4]!,
    ]);
    await sql("INSERT INTO messages (conversation_id, sender_id, body) VALUES (?, ?, 'their words')", [
      Number(conversationId),
      other.profileId,
    ]);
    await sql("INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES (?, ?, 'k', 'a')", [
      member.userId,
      `https://push.example/${crypto.randomUUID()}`,
    ]);
    await sql("INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)", [`s-${crypto.randomUUID()}`, member.userId, 4102444800]);
    await sql("INSERT INTO passkeys (id, user_id, public_key, device_type) VALUES (?, ?, x'00', 'singleDevice')", [
      `pk-${crypto.randomUUID()}`,
      member.userId,
    ]);
    await sql("INSERT INTO notification_preferences (user_id, type, channel, enabled) VALUES (?, 'news', 'email', 0)", [member.userId]);
    await sql("INSERT INTO verification_tokens (user_id, kind, token_hash, expires_at) VALUES (?, 'account_recovery', ?, ?)", [
      member.userId,
      `hash-${crypto.randomUUID()}`,
      4102444800,
    ]);
    await sql("INSERT INTO credit_ledger (user_id, delta, balance_after, reason, cause_key) VALUES (?, 100, 100, 'purchase', ?)", [
      member.userId,
      `test-order:${member.userId}`,
    ]);
    const [[orderId]] = (await sql(
      `INSERT INTO orders (user_id, site_id, package_key, credits, currency, amount_cents, status, terms_accepted_at)
       VALUES (?, ?, 'p0', 100, 'EUR', 1495, 'paid', unixepoch()) RETURNING id`,
      [member.userId, member.siteId],
    )) as [[string]];
    await sql(
      "INSERT INTO payments (order_id, provider, provider_payment_id, method, status, amount_cents, currency) VALUES (?, 'test', ?, 'ideal', 'paid', 1495, 'EUR')",
      [Number(orderId), `tr_${crypto.randomUUID()}`],
    );
    return { member, other, keys };
  }

  it("erases an account deleted more than 14 days ago and keeps its payment records", async () => {
    const { member, other, keys } = await deletedMemberWithData(15);
    await finalize(member.userId);

    const user = await userRow(member.userId);
    expect(user).toMatchObject({ status: "erased", email: `erased-${member.userId}@invalid`, passwordHash: null });
    const [[name, aboutMe, hairColor, status, mainPhotoId]] = (await sql(
      "SELECT name, about_me, hair_color, status, main_photo_id FROM profiles WHERE id = ?",
      [member.profileId],
    )) as [[string, null, null, string, null]];
    expect({ name, aboutMe, hairColor, status, mainPhotoId }).toEqual({
      name: "—",
      aboutMe: null,
      hairColor: null,
      status: "deleted",
      mainPhotoId: null,
    });
    expect(await count("SELECT count(*) FROM photos WHERE profile_id = ?", [member.profileId])).toBe(0);
    expect(
      await count("SELECT count(*) FROM chat_photos WHERE message_id IN (SELECT id FROM messages WHERE sender_id = ?)", [member.profileId]),
    ).toBe(0);
    for (const key of keys) expect(await env.PHOTOS.get(key)).toBeNull();
    expect(
      await count("SELECT count(*) FROM messages WHERE sender_id = ? AND (body IS NOT NULL OR object_key IS NOT NULL)", [member.profileId]),
    ).toBe(0);
    expect(await count("SELECT count(*) FROM messages WHERE sender_id = ? AND body = 'their words'", [other.profileId])).toBe(1);
    for (const table of ["push_subscriptions", "sessions", "passkeys", "notification_preferences", "verification_tokens", "mail_outbox"]) {
      expect(await count(`SELECT count(*) FROM ${table} WHERE user_id = ?`, [member.userId]), table).toBe(0);
    }
    // Kept, as the law requires.
    expect(await count("SELECT count(*) FROM credit_ledger WHERE user_id = ?", [member.userId])).toBe(1);
    expect(await count("SELECT count(*) FROM orders WHERE user_id = ?", [member.userId])).toBe(1);
    expect(await count("SELECT count(*) FROM payments WHERE order_id IN (SELECT id FROM orders WHERE user_id = ?)", [member.userId])).toBe(
      1,
    );

    // A second run changes nothing, and the old address no longer logs in.
    await runNightly(new Date());
    expect((await userRow(member.userId)).status).toBe("erased");
    await expect(loginCookie(member)).rejects.toThrow();
  });

  it("leaves an account alone before its 14 days are over", async () => {
    const { member, keys } = await deletedMemberWithData(13);
    await runNightly(new Date());
    expect((await userRow(member.userId)).status).toBe("deleted");
    expect(await count("SELECT count(*) FROM photos WHERE profile_id = ?", [member.profileId])).toBe(1);
    expect(await env.PHOTOS.get(keys[0]!)).not.toBeNull();
    // It can still come back.
    expect(await loginCookie(member)).toMatch(/^auth=/);
  });

  it("erases it once the 14 days have passed", async () => {
    const { member } = await deletedMemberWithData(13);
    await finalize(member.userId, new Date(Date.now() + 2 * DAY));
    expect((await userRow(member.userId)).status).toBe("erased");
  });
});
