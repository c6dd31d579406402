/**
 * Re-authentication (issue 26; ADR 039): adding a passkey, setting a first password and changing
 * the e-mail address need a sign-in or re-authentication within the last 10 minutes of this
 * session. The settings page asks for the password in place (or a passkey), which counts toward
 * the login lock; the e-mail form's own password field is such a re-authentication.
 */
import { exports } from "cloudflare:workers";
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { describe, expect, it } from "vitest";
import { createMember, loginCookie, TEST_PASSWORD, type TestMember } from "./factories";
import { get, mainContent, sql } from "./helpers";
import { createSoftAuthenticator, type SoftAuthenticator } from "./passkeys-authenticator";
import { count, MESSAGES } from "./settings-helpers";

const REAUTH_REQUIRED = "Bevestig voor je veiligheid eerst dat jij het bent.";
const CONFIRMED = "Bedankt, dat is bevestigd. Je kunt nu verder.";
const PASSKEY_REAUTH_REQUIRED = "Bevestig voor je veiligheid dat jij het bent voordat je een passkey toevoegt.";

/** Each test posts from its own address, so its failed attempts lock nobody else's IP. */
const testIp = () => `2001:db8:26::${crypto.randomUUID().slice(0, 4)}`;

function settingsPost(cookie: string, form: Record<string, string>, ip: string) {
  return exports.default.fetch(
    new Request("http://localhost/settings", {
      method: "POST",
      headers: { Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, "CF-Connecting-IP": ip },
      body: new URLSearchParams(form),
      redirect: "manual",
    }),
  );
}

function passkeyCall(step: string, json: unknown, cookie: string | undefined, ip: string) {
  const headers = new Headers({ Origin: "http://localhost", "Content-Type": "application/json", "CF-Connecting-IP": ip });
  if (cookie) headers.set("Cookie", cookie);
  return exports.default.fetch(
    new Request(`http://localhost/api/passkeys/${step}`, { method: "POST", headers, body: JSON.stringify(json) }),
  );
}

function apiLogin(member: TestMember, password: string, ip: string) {
  return exports.default.fetch(
    new Request("http://localhost/api/user.php", {
      method: "POST",
      headers: { Origin: "http://localhost", "Content-Type": "application/json", "CF-Connecting-IP": ip },
      body: JSON.stringify({ email: member.email, password }),
    }),
  );
}

/** The member's sessions began `minutes` ago (the tests' clock is the real one). */
async function signedInMinutesAgo(member: TestMember, minutes: number) {
  await sql("UPDATE sessions SET created_at = ?, authenticated_at = NULL WHERE user_id = ?", [
    Math.floor(Date.now() / 1000) - minutes * 60,
    member.userId,
  ]);
}

async function addPasskey(cookie: string, authenticator: SoftAuthenticator, ip: string) {
  const start = await passkeyCall("register-options", {}, cookie, ip);
  if (start.status !== 200) return start;
  const { challengeId, options } = (await start.json()) as { challengeId: string; options: PublicKeyCredentialCreationOptionsJSON };
  const response = await authenticator.register(options, "http://localhost");
  return passkeyCall("register", { challengeId, response }, cookie, ip);
}

async function reauthenticateWithPasskey(cookie: string, authenticator: SoftAuthenticator, ip: string) {
  const start = (await (await passkeyCall("login-options", {}, undefined, ip)).json()) as {
    challengeId: string;
    options: PublicKeyCredentialRequestOptionsJSON;
  };
  const response = await authenticator.authenticate(start.options, "http://localhost");
  return passkeyCall("reauthenticate", { challengeId: start.challengeId, response }, cookie, ip);
}

const newAddress = () => `reauth-${crypto.randomUUID().slice(0, 12)}@example.test`;
const mailsTo = (address: string) => count("SELECT count(*) FROM mail_outbox WHERE to_address = ?", [address]);

async function authenticatedAt(member: TestMember) {
  const [[value]] = (await sql("SELECT authenticated_at FROM sessions WHERE user_id = ?", [member.userId])) as [[string | null]];
  return value === null ? null : Number(value);
}

describe("adding a passkey", () => {
  it("is refused 11 minutes after sign-in, and allowed right after confirming with the password in settings", async () => {
    const ip = testIp();
    const member = await createMember();
    const cookie = await loginCookie(member);
    await signedInMinutesAgo(member, 11);

    const refused = await passkeyCall("register-options", {}, cookie, ip);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "reauthentication_required", message: PASSKEY_REAUTH_REQUIRED });
    expect(await count("SELECT count(*) FROM auth_challenges WHERE user_id = ?", [member.userId])).toBe(0);

    // The settings page asks for the password where the passkey would be added.
    const page = mainContent(await (await get("/settings", { cookie })).text());
    expect(page).toMatch(
      /<input type="hidden" name="intent" value="reauthenticate"\/><input type="hidden" name="section" value="passkeys"\/>/,
    );

    const confirmed = await settingsPost(cookie, { intent: "reauthenticate", section: "passkeys", currentPassword: TEST_PASSWORD }, ip);
    expect(confirmed.status).toBe(200);
    expect(mainContent(await confirmed.text())).toContain(CONFIRMED);
    expect(await authenticatedAt(member)).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 5);
    expect(mainContent(await (await get("/settings", { cookie })).text())).not.toContain('value="reauthenticate"');

    expect((await addPasskey(cookie, await createSoftAuthenticator(), ip)).status).toBe(200);
  });

  it("is allowed within 10 minutes of signing in, without asking", async () => {
    const ip = testIp();
    const member = await createMember();
    const cookie = await loginCookie(member);
    await signedInMinutesAgo(member, 9);
    expect(mainContent(await (await get("/settings", { cookie })).text())).not.toContain('value="reauthenticate"');
    expect((await addPasskey(cookie, await createSoftAuthenticator(), ip)).status).toBe(200);
  });

  it("is allowed again after confirming with one of the member's own passkeys, not another member's", async () => {
    const ip = testIp();
    const [member, other] = await Promise.all([createMember(), createMember()]);
    const [cookie, otherCookie] = await Promise.all([loginCookie(member), loginCookie(other)]);
    const [mine, theirs] = await Promise.all([createSoftAuthenticator(), createSoftAuthenticator()]);
    expect((await addPasskey(cookie, mine, ip)).status).toBe(200);
    expect((await addPasskey(otherCookie, theirs, ip)).status).toBe(200);
    await signedInMinutesAgo(member, 11);

    const wrong = await reauthenticateWithPasskey(cookie, theirs, ip);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: "reauthentication_failed" });
    expect((await passkeyCall("register-options", {}, cookie, ip)).status).toBe(403);

    expect((await reauthenticateWithPasskey(cookie, mine, ip)).status).toBe(200);
    expect((await passkeyCall("register-options", {}, cookie, ip)).status).toBe(200);
  });
});

describe("the re-authentication form", () => {
  it("counts wrong passwords toward the login lock: after 5, neither it nor the login form lets the member in", async () => {
    const ip = testIp();
    const member = await createMember();
    const cookie = await loginCookie(member);
    await signedInMinutesAgo(member, 11);

    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await settingsPost(cookie, { intent: "reauthenticate", section: "passkeys", currentPassword: `guess ${attempt}` }, ip);
      expect(wrong.status).toBe(400);
      expect(mainContent(await wrong.text())).toContain(MESSAGES.checkOldPassword);
    }
    const locked = await settingsPost(cookie, { intent: "reauthenticate", section: "passkeys", currentPassword: TEST_PASSWORD }, ip);
    expect(locked.status).toBe(429);
    expect(mainContent(await locked.text())).toContain("Te veel foute pogingen, account voor 15 min geblokkeerd.");
    expect(await authenticatedAt(member)).toBeNull();
    expect((await passkeyCall("register-options", {}, cookie, ip)).status).toBe(403);

    // The account's login is locked too, from any address.
    expect((await apiLogin(member, TEST_PASSWORD, testIp())).status).toBe(429);
  });

  it("answers bad input with a 400, never a 500", async () => {
    const ip = testIp();
    const cookie = await loginCookie(await createMember());
    const forms: Record<string, string>[] = [
      { intent: "reauthenticate" },
      { intent: "reauthenticate", section: "nowhere", currentPassword: TEST_PASSWORD },
      { intent: "reauthenticate", section: "passkeys", currentPassword: "" },
      { intent: "reauthenticate", section: "passkeys", currentPassword: "x".repeat(10_000) },
    ];
    for (const form of forms) {
      expect((await settingsPost(cookie, form, ip)).status).toBe(400);
    }
  });
});

describe("changing the e-mail address", () => {
  it("takes the password in its own form as the proof, at any time, and that counts as re-authenticating", async () => {
    const ip = testIp();
    const member = await createMember();
    const cookie = await loginCookie(member);
    await signedInMinutesAgo(member, 11);
    const address = newAddress();

    const sent = await settingsPost(cookie, { intent: "email", newEmail: address, currentPassword: TEST_PASSWORD }, ip);
    expect(sent.status).toBe(200);
    expect(await mailsTo(address)).toBe(1);
    expect(await authenticatedAt(member)).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 5);
    expect((await passkeyCall("register-options", {}, cookie, ip)).status).toBe(200);
  });

  it("counts wrong passwords in its form toward the login lock", async () => {
    const ip = testIp();
    const member = await createMember();
    const cookie = await loginCookie(member);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await settingsPost(cookie, { intent: "email", newEmail: newAddress(), currentPassword: `guess ${attempt}` }, ip);
      expect(wrong.status).toBe(400);
    }
    const address = newAddress();
    const locked = await settingsPost(cookie, { intent: "email", newEmail: address, currentPassword: TEST_PASSWORD }, ip);
    expect(locked.status).toBe(429);
    expect(mainContent(await locked.text())).toContain("Te veel foute pogingen, account voor 15 min geblokkeerd.");
    expect(await mailsTo(address)).toBe(0);
    expect((await apiLogin(member, TEST_PASSWORD, testIp())).status).toBe(429);
  });

  it("is refused to a member without a password 11 minutes after sign-in, and allowed right after confirming with a passkey", async () => {
    const ip = testIp();
    const member = await createMember();
    const cookie = await loginCookie(member);
    const authenticator = await createSoftAuthenticator();
    expect((await addPasskey(cookie, authenticator, ip)).status).toBe(200);
    // A member who signs in with passkeys only.
    await sql("UPDATE users SET password_hash = NULL WHERE id = ?", [member.userId]);
    await signedInMinutesAgo(member, 11);

    // In the e-mail section, the request to confirm (with a passkey, a button once the page runs) instead of the form.
    const page = mainContent(await (await get("/settings", { cookie })).text());
    expect(/<section[^>]* id="email"[\s\S]*?<\/section>/.exec(page)?.[0]).toContain('<div class="reauthenticate">');
    expect(page).not.toContain('name="newEmail"');

    const address = newAddress();
    const refused = await settingsPost(cookie, { intent: "email", newEmail: address }, ip);
    expect(refused.status).toBe(403);
    expect(mainContent(await refused.text())).toContain(REAUTH_REQUIRED);
    expect(await mailsTo(address)).toBe(0);

    // Setting a first password is adding a way in, like a passkey: refused too.
    const firstPassword = await settingsPost(
      cookie,
      { intent: "password", newPassword: "a brand new secret", confirmPassword: "a brand new secret" },
      ip,
    );
    expect(firstPassword.status).toBe(403);
    expect(await count("SELECT count(*) FROM users WHERE id = ? AND password_hash IS NOT NULL", [member.userId])).toBe(0);

    expect((await reauthenticateWithPasskey(cookie, authenticator, ip)).status).toBe(200);
    expect(mainContent(await (await get("/settings", { cookie })).text())).toContain('name="newEmail"');
    expect((await settingsPost(cookie, { intent: "email", newEmail: address }, ip)).status).toBe(200);
    expect(await mailsTo(address)).toBe(1);
    expect(
      (await settingsPost(cookie, { intent: "password", newPassword: "a brand new secret", confirmPassword: "a brand new secret" }, ip))
        .status,
    ).toBe(200);
  });

  it("is allowed to a member without a password within 10 minutes of signing in", async () => {
    const ip = testIp();
    const member = await createMember();
    const cookie = await loginCookie(member);
    await sql("UPDATE users SET password_hash = NULL WHERE id = ?", [member.userId]);
    const address = newAddress();
    expect((await settingsPost(cookie, { intent: "email", newEmail: address }, ip)).status).toBe(200);
    expect(await mailsTo(address)).toBe(1);
  });
});
