/**
 * Settings: e-mail change through a single-use link to the new address, password
 * change (product.md §5 messages, other sessions ended), invisible mode for premium members only,
 * notification preferences, the data export, and that no member reaches another's data.
 */
import { describe, expect, it } from "vitest";
import { notificationTypes } from "#drizzle/schema";
import { createMember, loginCookie, TEST_PASSWORD } from "./factories";
import { get, mainContent, post, sql } from "./helpers";
import { apiUser, count, MESSAGES, postAs, tokenFromMail, userRow } from "./settings-helpers";

const NEW_PASSWORD = "another fine secret";

function newAddress() {
  return `changed-${crypto.randomUUID().slice(0, 12)}@example.test`;
}

describe("settings page", () => {
  it("is one tap from the account menu, beside the notifications, on every member page", async () => {
    const member = await createMember();
    const cookie = await loginCookie(member);
    for (const path of ["/members", "/likes", "/notifications"]) {
      const menu = /<ul class="account-menu__list">([\s\S]*?)<\/ul>/.exec(await (await get(path, { cookie })).text())?.[1] ?? "";
      expect(menu, path).toMatch(/<a[^>]*href="\/notifications"[^>]*>Meldingen<\/a>/);
      expect(menu, path).toMatch(/<a[^>]*href="\/settings"[^>]*>Instellingen<\/a>/);
    }
  });

  it("asks a signed-out visitor to log in first", async () => {
    const response = await get("/settings");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fsettings");
  });

  it("shows every section to a member", async () => {
    const member = await createMember();
    const html = mainContent(await (await get("/settings", { cookie: await loginCookie(member) })).text());
    expect(html).toContain(member.email);
    for (const id of ["email", "password", "notifications", "invisible", "passkeys", "data", "delete"])
      expect(html).toContain(`id="${id}"`);
    expect(html).toContain('href="/settings/export"');
  });
});

describe("e-mail change", () => {
  it("refuses an invalid new address with the spec's message", async () => {
    const member = await createMember();
    const response = await postAs(await loginCookie(member), "/settings", {
      intent: "email",
      newEmail: "not-an-address",
      currentPassword: TEST_PASSWORD,
    });
    expect(response.status).toBe(400);
    expect(mainContent(await response.text())).toContain(MESSAGES.newEmailInvalid);
  });

  it("refuses an address another account on this site uses", async () => {
    const [member, other] = await Promise.all([createMember(), createMember()]);
    const response = await postAs(await loginCookie(member), "/settings", {
      intent: "email",
      newEmail: other.email,
      currentPassword: TEST_PASSWORD,
    });
    expect(response.status).toBe(400);
    expect(mainContent(await response.text())).toContain(MESSAGES.emailTaken);
    expect(await count("SELECT count(*) FROM mail_outbox WHERE to_address = ? AND template = 'mail_change'", [other.email])).toBe(0);
  });

  it("needs the current password", async () => {
    const member = await createMember();
    const response = await postAs(await loginCookie(member), "/settings", {
      intent: "email",
      newEmail: newAddress(),
      currentPassword: "wrong one",
    });
    expect(response.status).toBe(400);
    expect(mainContent(await response.text())).toContain(MESSAGES.checkOldPassword);
  });

  it("changes the address only through the link sent to the new address, once", async () => {
    const member = await createMember();
    await sql("UPDATE users SET email_disabled_reason = 'bounce' WHERE id = ?", [member.userId]);
    const cookie = await loginCookie(member);
    const address = newAddress();
    const response = await postAs(cookie, "/settings", {
      intent: "email",
      newEmail: address.toUpperCase(),
      currentPassword: TEST_PASSWORD,
    });
    expect(response.status).toBe(200);
    expect(mainContent(await response.text())).toContain(address);
    expect((await userRow(member.userId)).email).toBe(member.email);

    const token = await tokenFromMail(address, "mail_change", "/mail-change/do");
    // Opening the link (or a mail scanner fetching it) changes nothing yet.
    const page = await get(`/mail-change/do?token=${token}`);
    expect(page.status).toBe(200);
    expect(mainContent(await page.text())).toContain(address);
    expect((await userRow(member.userId)).email).toBe(member.email);

    const confirmed = await post("/mail-change/do", { token });
    expect(confirmed.status).toBe(200);
    expect(mainContent(await confirmed.text())).toContain(address);
    const user = await userRow(member.userId);
    expect(user.email).toBe(address);
    expect(user.emailDisabledReason).toBeNull();

    const again = await post("/mail-change/do", { token });
    expect(again.status).toBe(400);
    expect(mainContent(await again.text())).toContain(MESSAGES.linkExpired);
    expect(mainContent(await (await get(`/mail-change/do?token=${token}`)).text())).toContain(MESSAGES.linkExpired);
  });

  it("re-checks that the address is still free when the link is used", async () => {
    const member = await createMember();
    const address = newAddress();
    await postAs(await loginCookie(member), "/settings", { intent: "email", newEmail: address, currentPassword: TEST_PASSWORD });
    const token = await tokenFromMail(address, "mail_change", "/mail-change/do");
    await createMember({ email: address });

    const response = await post("/mail-change/do", { token });
    expect(response.status).toBe(400);
    expect(mainContent(await response.text())).toContain(MESSAGES.emailTaken);
    expect((await userRow(member.userId)).email).toBe(member.email);
  });

  it("answers an unknown link with the expired message", async () => {
    const response = await get("/mail-change/do?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
    expect(mainContent(await response.text())).toContain(MESSAGES.linkExpired);
  });
});

describe("password change", () => {
  it("says to check the old password when it is wrong", async () => {
    const member = await createMember();
    const response = await postAs(await loginCookie(member), "/settings", {
      intent: "password",
      currentPassword: "not my password",
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.status).toBe(400);
    const html = mainContent(await response.text());
    expect(html).toContain(MESSAGES.checkOldPassword);
    expect(html).not.toContain("not my password");
  });

  it("says the passwords differ when the repeat does not match", async () => {
    const member = await createMember();
    const response = await postAs(await loginCookie(member), "/settings", {
      intent: "password",
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: `${NEW_PASSWORD}!`,
    });
    expect(response.status).toBe(400);
    expect(mainContent(await response.text())).toContain(MESSAGES.passwordsDiffer);
  });

  it("refuses a password shorter than 8 characters", async () => {
    const member = await createMember();
    const before = (await userRow(member.userId)).passwordHash;
    const response = await postAs(await loginCookie(member), "/settings", {
      intent: "password",
      currentPassword: TEST_PASSWORD,
      newPassword: "short",
      confirmPassword: "short",
    });
    expect(response.status).toBe(400);
    expect((await userRow(member.userId)).passwordHash).toBe(before);
  });

  it("changes the password and ends the member's other sessions, not this one", async () => {
    const member = await createMember();
    const here = await loginCookie(member);
    const elsewhere = await loginCookie(member);
    const response = await postAs(here, "/settings", {
      intent: "password",
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.status).toBe(200);
    expect((await apiUser(here))?.id).toBe(member.userId);
    expect(await apiUser(elsewhere)).toBeNull();
    expect(await count("SELECT count(*) FROM sessions WHERE user_id = ?", [member.userId])).toBe(1);

    await expect(loginCookie(member)).rejects.toThrow();
    expect(await loginCookie({ ...member, password: NEW_PASSWORD })).toMatch(/^auth=/);
  });
});

describe("invisible mode", () => {
  it("is refused to a free member by the server", async () => {
    const member = await createMember();
    const cookie = await loginCookie(member);
    const page = mainContent(await (await get("/settings", { cookie })).text());
    expect(page).toContain('href="/premium"');

    const response = await postAs(cookie, "/settings", { intent: "invisible", invisible: "on" });
    expect(response.status).toBe(403);
    expect((await userRow(member.userId)).invisible).toBe(0);
  });

  it("switches on and off for a premium member", async () => {
    const member = await createMember({ paidUser: true });
    const cookie = await loginCookie(member);
    expect((await postAs(cookie, "/settings", { intent: "invisible", invisible: "on" })).status).toBe(200);
    expect((await userRow(member.userId)).invisible).toBe(1);
    expect((await postAs(cookie, "/settings", { intent: "invisible", invisible: "off" })).status).toBe(200);
    expect((await userRow(member.userId)).invisible).toBe(0);
  });
});

describe("notification preferences", () => {
  const enabledForm = (off: string[]) => {
    const form: Record<string, string> = { intent: "save" };
    for (const type of notificationTypes) {
      for (const channel of ["push", "email"]) if (!off.includes(`${channel}.${type}`)) form[`${channel}.${type}`] = "on";
    }
    return form;
  };
  const storedOff = async (userId: number) =>
    (await sql("SELECT channel || '.' || type FROM notification_preferences WHERE user_id = ? AND enabled = 0 ORDER BY 1", [userId])).map(
      ([key]) => key,
    );

  it("stores only the switched-off channels and shows them", async () => {
    const [member, other] = await Promise.all([createMember(), createMember()]);
    const cookie = await loginCookie(member);
    const response = await postAs(cookie, "/notifications", enabledForm(["email.promotions", "push.like"]));
    expect(response.status).toBe(200);
    expect(await storedOff(member.userId)).toEqual(["email.promotions", "push.like"]);
    expect(await count("SELECT count(*) FROM notification_preferences WHERE user_id = ?", [member.userId])).toBe(2);

    const html = mainContent(await (await get("/notifications", { cookie })).text());
    const checkbox = (name: string) => new RegExp(`<input type="checkbox"[^>]*name="${name.replace(".", "\\.")}"[^>]*>`).exec(html)?.[0];
    expect(checkbox("email.promotions")).not.toContain("checked");
    expect(checkbox("push.like")).not.toContain("checked");
    expect(checkbox("email.news")).toContain("checked");
    expect(checkbox("push.promotions")).toContain("checked");

    // Switching one back on removes its row; another member is untouched.
    await postAs(cookie, "/notifications", enabledForm(["push.like"]));
    expect(await storedOff(member.userId)).toEqual(["push.like"]);
    expect(await storedOff(other.userId)).toEqual([]);
  });

  it("turns off every e-mail at once and reports the member's settings in the user call", async () => {
    const member = await createMember();
    const cookie = await loginCookie(member);
    expect((await postAs(cookie, "/notifications", { intent: "emails_off" })).status).toBe(200);
    expect(
      await count("SELECT count(*) FROM notification_preferences WHERE user_id = ? AND channel = 'email' AND enabled = 0", [member.userId]),
    ).toBe(8);
    expect(await count("SELECT count(*) FROM notification_preferences WHERE user_id = ? AND channel = 'push'", [member.userId])).toBe(0);
  });

  it("explains why e-mail is off after a bounce and lets the member switch it back on", async () => {
    const member = await createMember();
    await sql("UPDATE users SET email_disabled_reason = 'bounce' WHERE id = ?", [member.userId]);
    const cookie = await loginCookie(member);
    const html = mainContent(await (await get("/notifications", { cookie })).text());
    expect(html).toContain('value="email_on"');
    expect((await postAs(cookie, "/notifications", { intent: "email_on" })).status).toBe(200);
    expect((await userRow(member.userId)).emailDisabledReason).toBeNull();
  });

  it("shows the disabled-notifications alert with what is off, except on notifications and settings or once dismissed", async () => {
    const [member, untouched] = await Promise.all([createMember(), createMember()]);
    const cookie = await loginCookie(member);
    await postAs(cookie, "/notifications", enabledForm(["email.promotions", "push.like", "email.like"]));
    const alertOf = async (path: string, extraCookie = "") =>
      /<div class="alert alert-warning app-alert disabled-notifications-alert"[\s\S]*?<\/div>/.exec(
        await (await get(path, { cookie: `${cookie}${extraCookie}` })).text(),
      )?.[0];

    const alert = await alertOf("/members");
    expect(alert).toContain("Sommige meldingen staan uit.");
    expect(alert).toContain("Aanbiedingen en acties (E-mail)");
    expect(alert).toMatch(/Likes \(Push.+E-mail\)/);
    expect(alert).toContain('href="/notifications"');
    expect(await alertOf("/notifications")).toBeUndefined();
    expect(await alertOf("/settings")).toBeUndefined();
    // Dismissed (the cookie mirrors the localStorage key): not rendered.
    expect(await alertOf("/members", "; hide-disabled-notifications-alert=1700000000")).toBeUndefined();
    // Nothing switched off: no alert.
    expect(/disabled-notifications-alert/.test(await (await get("/members", { cookie: await loginCookie(untouched) })).text())).toBe(false);
  });

  it("rejects an unknown intent without a server error", async () => {
    const member = await createMember();
    expect((await postAs(await loginCookie(member), "/notifications", { intent: "nonsense" })).status).toBe(400);
    expect((await postAs(await loginCookie(member), "/settings", { intent: "nonsense" })).status).toBe(400);
  });
});

describe("data export", () => {
  it("downloads the member's own data without secrets or other members' addresses", async () => {
    const [member, other] = await Promise.all([createMember({ name: "Exporter" }), createMember({ name: "Otherone" })]);
    const [[conversationId]] = (await sql("INSERT INTO conversations (site_id, starter_id, recipient_id) VALUES (?, ?, ?) RETURNING id", [
      member.siteId,
      member.profileId,
      other.profileId,
    ])) as [[string]];
    await sql("INSERT INTO messages (conversation_id, sender_id, body) VALUES (?, ?, 'hello from me')", [
      Number(conversationId),
      member.profileId,
    ]);
    const [[photoMessageId]] = (await sql(
      "INSERT INTO messages (conversation_id, sender_id, kind, body) VALUES (?, ?, 'photo', '') RETURNING id",
      [Number(conversationId), member.profileId],
    )) as [[string]];
    await sql("INSERT INTO chat_photos (message_id, object_key, thumb_key, width, height, status) VALUES (?, ?, ?, 800, 600, 'pending')", [
      Number(photoMessageId),
      `chat/${photoMessageId}-export.webp`,
      `chat/${photoMessageId}-export_thumb.webp`,
    ]);
    await sql(
      "INSERT INTO landing_visits (id, site_id, page, slug, network, user_id) VALUES (?, ?, '/landers/video', 'nl-plain', 'tiktok', ?)",
      [`visit-export-${member.userId}`, member.siteId, member.userId],
    );
    await sql("INSERT INTO messages (conversation_id, sender_id, body) VALUES (?, ?, 'secret reply of the other')", [
      Number(conversationId),
      other.profileId,
    ]);
    await sql("INSERT INTO likes (liker_id, liked_id) VALUES (?, ?)", [other.profileId, member.profileId]);
    await sql("INSERT INTO credit_ledger (user_id, delta, balance_after, reason, cause_key) VALUES (?, 30, 30, 'signup', ?)", [
      member.userId,
      `signup:${member.userId}`,
    ]);
    await sql("INSERT INTO notification_preferences (user_id, type, channel, enabled) VALUES (?, 'news', 'email', 0)", [member.userId]);
    const cookie = await loginCookie(member);

    const response = await get("/settings/export", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="[a-z0-9-]+-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = await response.text();
    const data = JSON.parse(text);
    expect(data.account.email).toBe(member.email);
    expect(data.profile.name).toBe("Exporter");
    expect(data.likes.received).toEqual([expect.objectContaining({ profileId: other.profileId })]);
    expect(data.conversations[0].withProfileId).toBe(other.profileId);
    expect(data.conversations[0].myMessages.map((m: { body: string }) => m.body)).toEqual(["hello from me", ""]);
    expect(data.conversations[0].myMessages[1].photo).toEqual({ url: `/chat/${photoMessageId}-export.webp`, status: "pending" });
    expect(data.landingVisits).toEqual([expect.objectContaining({ page: "/landers/video", slug: "nl-plain", network: "tiktok" })]);
    expect(data.creditLedger).toEqual([expect.objectContaining({ delta: 30, reason: "signup" })]);
    expect(data.notificationPreferences.news).toEqual({ push: true, email: false });

    const [[hash]] = (await sql("SELECT password_hash FROM users WHERE id = ?", [member.userId])) as [[string]];
    const sessionIds = (await sql("SELECT id FROM sessions WHERE user_id = ?", [member.userId])).map(([id]) => String(id));
    expect(text).not.toContain(hash);
    expect(text).not.toMatch(/password|scrypt\$/i);
    for (const id of sessionIds) expect(text).not.toContain(id);
    expect(text).not.toContain(cookie.split("=")[1]!);
    expect(text).not.toContain(other.email);
    expect(text).not.toContain("secret reply of the other");
  });

  it("needs a signed-in member", async () => {
    const response = await get("/settings/export");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toContain("/login");
  });
});
