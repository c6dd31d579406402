/**
 * Password reset (product.md §10, ADR 010): the request answers alike for every address, at most 3
 * requests per address a day (then the message of product.md §8), links work once and for 1 hour,
 * and a reset ends every other session and signs the member in with the new password.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hashToken } from "~/security/tokens.server";
import { createMember, loginCookie, TEST_PASSWORD } from "./factories";
import { get, mainContent, sql } from "./helpers";
import { tokenFromMail } from "./settings-helpers";

const TOO_MANY = "Te veel wachtwoordherstel mails verstuurd, probeer het morgen nog eens.";
const LINK_EXPIRED = "Link verlopen of invalide, vraag een nieuwe e-mail aan";
const NEW_PASSWORD = "a brand new secret";

/** A fresh client address per request (the per-IP limit test exhausts one of its own). */
function randomIp() {
  return `2001:db8::${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}`;
}

/** A document form post, as the browser sends it, from a given IP address. */
function postForm(path: string, form: Record<string, string>, options: { ip?: string; cookie?: string } = {}) {
  const headers = new Headers({
    Origin: "http://localhost",
    "Content-Type": "application/x-www-form-urlencoded",
    "CF-Connecting-IP": options.ip ?? randomIp(),
  });
  if (options.cookie) headers.set("Cookie", options.cookie);
  return exports.default.fetch(
    new Request(`http://localhost${path}`, { method: "POST", headers, body: new URLSearchParams(form), redirect: "manual" }),
  );
}

function requestReset(email: string, ip?: string) {
  return postForm("/reset-password", { email }, { ip });
}

async function resetMails(email: string) {
  return (await sql("SELECT text FROM mail_outbox WHERE to_address = ? AND template = 'password_reset' ORDER BY id", [email])).map(
    ([text]) => String(text),
  );
}

/** The mail is written after the response (so timing tells nothing): wait for it. */
async function waitForResetMails(email: string, count: number) {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const mails = await resetMails(email);
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return resetMails(email);
}

function tokenIn(text: string) {
  const match = /\/reset-password\/do\?token=([a-z2-7]+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return match[1]!;
}

async function requestToken(email: string) {
  const before = (await resetMails(email)).length;
  expect((await requestReset(email)).status).toBe(200);
  const mails = await waitForResetMails(email, before + 1);
  expect(mails).toHaveLength(before + 1);
  return tokenIn(mails.at(-1)!);
}

/** The form posts back to its own URL, link token included, as React Router's <Form> does. */
function setPassword(token: string, password = NEW_PASSWORD, repeat = password) {
  return postForm(`/reset-password/do?token=${encodeURIComponent(token)}`, { token, password, passwordRepeat: repeat });
}

async function userOf(cookie: string) {
  return ((await (await get("/api/user.php", { cookie })).json()) as { user: unknown }).user;
}

async function passwordLogin(email: string, password: string) {
  return exports.default.fetch(
    new Request("http://localhost/api/user.php", {
      method: "POST",
      headers: { Origin: "http://localhost", "Content-Type": "application/json", "CF-Connecting-IP": randomIp() },
      body: JSON.stringify({ email, password }),
    }),
  );
}

describe("requesting a reset link", () => {
  it("answers a known and an unknown address alike, and mails only the known one", async () => {
    const member = await createMember();
    const unknown = `nobody-${crypto.randomUUID()}@example.test`;
    const known = await requestReset(member.email);
    const stranger = await requestReset(unknown);
    expect(known.status).toBe(200);
    expect(stranger.status).toBe(known.status);
    const knownPage = mainContent(await known.text());
    expect(knownPage).toContain("Als er een account met dit e-mailadres bestaat");
    expect(mainContent(await stranger.text())).toBe(knownPage);
    expect(knownPage).not.toContain("E-mailadres niet gevonden");

    const mails = await waitForResetMails(member.email, 1);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("http://localhost/reset-password/do?token=");
    expect(await resetMails(unknown)).toEqual([]);
  });

  it("allows 3 requests per address a day, then shows the spec's message, for known and unknown addresses", async () => {
    const member = await createMember();
    const unknown = `nobody-${crypto.randomUUID()}@example.test`;
    for (const email of [member.email, unknown]) {
      for (let i = 0; i < 3; i += 1) expect((await requestReset(email)).status).toBe(200);
      const fourth = await requestReset(email.toUpperCase());
      expect(fourth.status).toBe(429);
      expect(mainContent(await fourth.text())).toContain(TOO_MANY);
    }
    expect(await waitForResetMails(member.email, 3)).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await resetMails(member.email)).toHaveLength(3);
  });

  it("sends 3 mails when 20 requests for one address arrive at the same moment", async () => {
    const member = await createMember();
    const statuses = (await Promise.all(Array.from({ length: 20 }, () => requestReset(member.email)))).map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(17);
    expect(await waitForResetMails(member.email, 3)).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await resetMails(member.email)).toHaveLength(3);
  });

  it("limits requests per IP address", async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await requestReset(`spray-${i}-${crypto.randomUUID()}@example.test`, ip)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });

  it("answers invalid input with the form's message, and a filled honeypot like success without a mail", async () => {
    const invalid = await postForm("/reset-password", { email: "not an address" });
    expect(invalid.status).toBe(400);
    expect(mainContent(await invalid.text())).toContain("Ongeldige e-mail");
    expect((await postForm("/reset-password", {})).status).toBe(400);

    const member = await createMember();
    const bot = await postForm("/reset-password", { email: member.email, website: "http://spam.example" });
    expect(bot.status).toBe(200);
    expect(mainContent(await bot.text())).toContain("Als er een account met dit e-mailadres bestaat");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await resetMails(member.email)).toEqual([]);
  });

  it("makes a link valid for 1 hour, and a new link replaces the older one", async () => {
    const member = await createMember();
    const first = await requestToken(member.email);
    const [[ttl]] = (await sql("SELECT expires_at - created_at FROM verification_tokens WHERE token_hash = ?", [hashToken(first)])) as [
      [string],
    ];
    expect(Number(ttl)).toBe(3600);

    const second = await requestToken(member.email);
    expect(mainContent(await (await get(`/reset-password/do?token=${first}`)).text())).toContain(LINK_EXPIRED);
    expect(mainContent(await (await get(`/reset-password/do?token=${second}`)).text())).toContain('name="passwordRepeat"');
  });

  it("shows no entry warning on the reset pages", async () => {
    expect(await (await get("/login", { country: "NL" })).text()).toContain('class="entry-warning"');
    expect(await (await get("/reset-password", { country: "NL" })).text()).not.toContain('class="entry-warning"');
    expect(await (await get("/reset-password/do?token=x", { country: "NL" })).text()).not.toContain('class="entry-warning"');
  });
});

describe("setting a new password", () => {
  it("sets the password once, ends every other session and signs the member in", async () => {
    const member = await createMember();
    const otherDevice = await loginCookie(member);
    const token = await requestToken(member.email);

    const form = mainContent(await (await get(`/reset-password/do?token=${token}`)).text());
    expect(form).toContain('name="password"');
    expect(form).toContain(`value="${token}"`);

    // A new page load, signed in: the whole page shows the member (a visitor's page has no React, ADR 032).
    const done = await setPassword(token);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/reset-password/do?done");
    const fresh = done.headers.get("Set-Cookie")?.split(";")[0] ?? "";
    expect(fresh).toMatch(/^auth=[a-z2-7]+$/);
    expect(mainContent(await (await get("/reset-password/do?done", { cookie: fresh })).text())).toContain(
      "Je wachtwoord is gewijzigd en je bent ingelogd.",
    );
    expect(mainContent(await (await get("/reset-password/do?done")).text())).toContain(LINK_EXPIRED);
    expect(await userOf(fresh)).not.toBeNull();
    expect(await userOf(otherDevice)).toBeNull();
    expect(await sql("SELECT count(*) FROM sessions WHERE user_id = ?", [member.userId])).toEqual([["1"]]);

    expect((await passwordLogin(member.email, TEST_PASSWORD)).status).toBe(401);
    expect((await passwordLogin(member.email, NEW_PASSWORD)).status).toBe(200);

    const again = await setPassword(token, "yet another password");
    expect(again.status).toBe(410);
    expect(mainContent(await again.text())).toContain(LINK_EXPIRED);
    expect(mainContent(await (await get(`/reset-password/do?token=${token}`)).text())).toContain(LINK_EXPIRED);
    expect((await passwordLogin(member.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("refuses a link older than 1 hour", async () => {
    const member = await createMember();
    const token = "expiredresettokenexpiredresettoken";
    await sql(
      `INSERT INTO verification_tokens (user_id, kind, token_hash, expires_at, created_at)
       VALUES (?, 'password_reset', ?, unixepoch() - 1, unixepoch() - 3601)`,
      [member.userId, hashToken(token)],
    );
    const page = await get(`/reset-password/do?token=${token}`);
    const html = mainContent(await page.text());
    expect(html).toContain(LINK_EXPIRED);
    expect(html).toContain('href="/reset-password"');
    expect(html).not.toContain('name="password"');

    const attempt = await setPassword(token);
    expect(attempt.status).toBe(410);
    expect(attempt.headers.get("Set-Cookie")).toBeNull();
    expect((await passwordLogin(member.email, TEST_PASSWORD)).status).toBe(200);
  });

  it("checks the new password before using the link", async () => {
    const member = await createMember();
    const token = await requestToken(member.email);

    const differ = await setPassword(token, NEW_PASSWORD, `${NEW_PASSWORD}!`);
    expect(differ.status).toBe(400);
    expect(mainContent(await differ.text())).toContain("De opgegeven wachtwoorden zijn niet gelijk.");

    const short = await setPassword(token, "short");
    expect(short.status).toBe(400);
    expect(mainContent(await short.text())).toContain("Je wachtwoord moet minstens 8 tekens hebben.");

    const long = await setPassword(token, "x".repeat(257));
    expect(long.status).toBe(400);
    expect(mainContent(await long.text())).toContain("Je wachtwoord mag hoogstens 256 tekens hebben.");

    expect((await postForm("/reset-password/do", {})).status).toBe(400);
    expect((await setPassword(token)).status).toBe(302);
  });

  it("shows the expired message for a missing or malformed token", async () => {
    for (const query of ["", "?token=", "?token=NOT-A-TOKEN", `?token=${"a".repeat(500)}`]) {
      const page = await get(`/reset-password/do${query}`);
      expect(page.status).toBe(200);
      expect(mainContent(await page.text())).toContain(LINK_EXPIRED);
    }
    expect((await setPassword("NOT-A-TOKEN")).status).toBe(410);
  });
});

describe("links in the reset mail", () => {
  it("point at the site's own domain even when the request names another host", async () => {
    const member = await createMember();
    const response = await exports.default.fetch(
      new Request("http://evil.example/reset-password", {
        method: "POST",
        headers: { Origin: "http://evil.example", "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": randomIp() },
        body: new URLSearchParams({ email: member.email }),
        redirect: "manual",
      }),
    );
    expect(response.status).toBe(200);
    const [mail] = await waitForResetMails(member.email, 1);
    expect(mail).toContain("https://flirtparadijs.nl/reset-password/do?token=");
    expect(mail).not.toContain("evil.example");
  });
});

describe("reset links and a deleted account", () => {
  const userState = async (userId: number) => {
    const [[status, profile]] = (await sql("SELECT u.status, p.status FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.id = ?", [
      userId,
    ])) as [[string, string]];
    return { status, profile };
  };
  const openTokens = async (userId: number) =>
    (
      await sql("SELECT kind FROM verification_tokens WHERE user_id = ? AND used_at IS NULL AND expires_at > unixepoch() ORDER BY kind", [
        userId,
      ])
    ).map(([kind]) => kind);

  it("ends the reset, mail-change and activation links sent before the deletion; the recovery link still works", async () => {
    const member = await createMember();
    const token = await requestToken(member.email);
    for (const [kind, raw] of [
      ["mail_change", "mailchangebeforedeletion2345"],
      ["activation", "activationbeforedeletion2345"],
    ]) {
      await sql("INSERT INTO verification_tokens (user_id, kind, token_hash, target, expires_at) VALUES (?, ?, ?, ?, unixepoch() + 3600)", [
        member.userId,
        kind!,
        hashToken(`${raw}${member.userId}`),
        kind === "mail_change" ? `new-${member.email}` : null,
      ]);
    }
    const deleted = await postForm(
      "/settings",
      { intent: "delete", reason: "time", currentPassword: TEST_PASSWORD },
      { cookie: await loginCookie(member) },
    );
    expect(deleted.status).toBe(302);
    expect(await openTokens(member.userId)).toEqual(["account_recovery"]);

    // The reset link answers like any used or expired one, and the account stays deleted.
    expect(mainContent(await (await get(`/reset-password/do?token=${token}`)).text())).toContain(LINK_EXPIRED);
    const attempt = await setPassword(token);
    expect(attempt.status).toBe(410);
    expect(mainContent(await attempt.text())).toContain(LINK_EXPIRED);
    expect(attempt.headers.get("Set-Cookie")).toBeNull();
    expect(await userState(member.userId)).toEqual({ status: "deleted", profile: "deleted" });
    expect(await sql("SELECT count(*) FROM sessions WHERE user_id = ?", [member.userId])).toEqual([["0"]]);

    // The account's own recovery link brings it back.
    const recovery = await tokenFromMail(member.email, "account_deleted", "/account-recover");
    const recovered = await postForm("/account-recover", { token: recovery });
    expect(recovered.status).toBe(302);
    expect(recovered.headers.get("Location")).toBe("/account-recover?recovered");
    expect(await userState(member.userId)).toEqual({ status: "confirmed", profile: "active" });
  });

  it("refuses a reset link of an account that is deleted, whenever the link was made", async () => {
    const member = await createMember({ status: "deleted", deletedDaysAgo: 1 });
    const token = `resetofadeletedaccount${member.userId}`.replace(/[^a-z2-7]/g, "a");
    await sql(
      "INSERT INTO verification_tokens (user_id, kind, token_hash, expires_at) VALUES (?, 'password_reset', ?, unixepoch() + 3600)",
      [member.userId, hashToken(token)],
    );
    expect(mainContent(await (await get(`/reset-password/do?token=${token}`)).text())).toContain(LINK_EXPIRED);
    const attempt = await setPassword(token);
    expect(attempt.status).toBe(410);
    expect(attempt.headers.get("Set-Cookie")).toBeNull();
    expect(await userState(member.userId)).toEqual({ status: "deleted", profile: "disabled" });

    // A reset request for the deleted account answers like any other and mails no link.
    expect((await requestReset(member.email)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await resetMails(member.email)).toEqual([]);
  });
});
