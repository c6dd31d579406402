import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createMember, loginCookie, TEST_PASSWORD } from "./factories";
import { get, sql } from "./helpers";

const origin = "http://localhost";

function loginCall(body: unknown, headers: Record<string, string> = {}) {
  return exports.default.fetch(
    new Request(`${origin}/api/user.php`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/json", "CF-Connecting-IP": "198.51.100.7", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
}

function loginForm(form: Record<string, string>, ip: string) {
  return exports.default.fetch(
    new Request(`${origin}/login`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": ip, Cookie: "locale=nl" },
      body: new URLSearchParams(form),
      redirect: "manual",
    }),
  );
}

describe("login", () => {
  it("signs in with the right password and sets a 30-day HttpOnly auth cookie", async () => {
    const member = await createMember();
    const response = await loginCall({ email: member.email.toUpperCase(), password: TEST_PASSWORD });
    expect(response.status).toBe(200);
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^auth=[a-z2-7]+; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax/);
    expect(cookie).not.toContain("Secure"); // localhost only
  });

  it("answers unknown addresses exactly like wrong passwords", async () => {
    const member = await createMember();
    const wrong = await loginCall({ email: member.email, password: "not the password" }, { Cookie: "locale=nl" });
    const unknown = await loginCall(
      { email: `nobody-${crypto.randomUUID()}@example.test`, password: "not the password" },
      { Cookie: "locale=nl" },
    );
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "login_failed", message: "Login mislukt, probeer opnieuw" });
    expect(await unknown.json()).toEqual({ error: "login_failed", message: "Login mislukt, probeer opnieuw" });
  });

  it("locks the account for 15 minutes after 5 failures, with the spec's message", async () => {
    const member = await createMember();
    const ip = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    for (let attempt = 0; attempt < 5; attempt++) {
      const failed = await loginForm({ email: member.email, password: "wrong password" }, ip);
      expect(failed.status).toBe(401);
    }
    const locked = await loginForm({ email: member.email, password: TEST_PASSWORD }, ip);
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain("Te veel foute pogingen, account voor 15 min geblokkeerd.");

    // The lock is temporary: once the failures are older than 15 minutes the right password works.
    await sql("UPDATE login_attempts SET created_at = created_at - 16 * 60 WHERE email = ?", [member.email]);
    const later = await loginForm({ email: member.email, password: TEST_PASSWORD }, ip);
    expect(later.status).toBe(302);
  });

  it("compares at most five passwords of thirty sent together, and the right one then waits for the lock", async () => {
    const member = await createMember();
    const ip = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    const guesses = Array.from({ length: 30 }, (_, i) => loginForm({ email: member.email, password: `guess number ${i}` }, ip));
    const statuses = (await Promise.all(guesses)).map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
    const [[tries]] = (await sql("SELECT count(*) FROM login_attempts WHERE email = ?", [member.email])) as [[string]];
    expect(Number(tries)).toBe(5);
    expect((await loginForm({ email: member.email, password: TEST_PASSWORD }, ip)).status).toBe(429);
  });

  it("refuses an overlong password without hashing it and never answers 500 to junk", async () => {
    const member = await createMember();
    expect((await loginCall({ email: member.email, password: "x".repeat(1_000) })).status).toBe(400);
    // A body over 4 KB is not even read (ADR 039).
    expect((await loginCall({ email: member.email, password: "x".repeat(100_000) })).status).toBe(413);
    expect((await loginCall("{not json")).status).toBe(400);
    expect((await loginCall([1, 2, 3])).status).toBe(400);
    expect((await loginCall({ email: 42, password: null })).status).toBe(400);
  });

  it("refuses a login call from another origin", async () => {
    const member = await createMember();
    const response = await loginCall({ email: member.email, password: TEST_PASSWORD }, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
  });
});

describe("the user call", () => {
  it("describes the signed-in member without secrets", async () => {
    const member = await createMember({ credits: 45 });
    const cookie = await loginCookie(member);
    const response = await get("/api/user.php", { cookie });
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const body = (await response.json()) as { user: Record<string, unknown> };
    expect(body.user).toMatchObject({ status: "confirmed", credits: 45, paid_user: false, language: "nl" });
    expect(body.user.profile).toMatchObject({ id: member.profileId, status: "active" });
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/password|scrypt|session|token/i);
  });

  it("answers signed-out visitors with user null, and 403 'authentication required' on member calls", async () => {
    expect(await (await get("/api/user.php")).json()).toEqual({ user: null });
    const put = await exports.default.fetch(
      new Request(`${origin}/api/user.php`, {
        method: "PUT",
        headers: { Origin: origin, "Content-Type": "application/json" },
        body: JSON.stringify({ language: "de" }),
      }),
    );
    expect(put.status).toBe(403);
    expect(await put.json()).toMatchObject({ error: "authentication_required" });
  });

  it("changes the member's language with PUT, validated", async () => {
    const member = await createMember();
    const cookie = await loginCookie(member);
    const put = (language: string) =>
      exports.default.fetch(
        new Request(`${origin}/api/user.php`, {
          method: "PUT",
          headers: { Origin: origin, "Content-Type": "application/json", Cookie: cookie },
          body: JSON.stringify({ language }),
        }),
      );
    expect((await put("klingon")).status).toBe(400);
    const ok = await put("de");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Set-Cookie")).toMatch(/^locale=de;/);
    const [[language]] = (await sql("SELECT language FROM users WHERE id = ?", [member.userId])) as [[string]];
    expect(language).toBe("de");
  });

  it("logs out: the session is gone and the cookie cleared", async () => {
    const member = await createMember();
    const cookie = await loginCookie(member);
    const logout = await get("/api/logout.php", { cookie });
    expect(logout.status).toBe(302);
    expect(logout.headers.get("Set-Cookie")).toMatch(/^auth=; Path=\/; Max-Age=0/);
    expect(await (await get("/api/user.php", { cookie })).json()).toEqual({ user: null });
  });

  it("logs out only on a navigation from this site, a typed address or a bookmark, never from another site", async () => {
    const member = await createMember();
    const logout = (cookie: string, headers: Record<string, string>) =>
      exports.default.fetch(new Request(`${origin}/api/logout.php`, { headers: { Cookie: cookie, ...headers }, redirect: "manual" }));
    const signedIn = async (cookie: string) => ((await (await get("/api/user.php", { cookie })).json()) as { user: unknown }).user !== null;
    const cookie = await loginCookie(member);

    // Another site, told by whichever header the browser sends: the session stays, the cookie too.
    const foreign: Record<string, string>[] = [
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { Referer: "https://evil.example/page" },
      { Referer: "https://localhost.evil.example/" },
      { "Sec-Fetch-Site": "same-origin", Referer: "https://evil.example/" },
    ];
    for (const headers of foreign) {
      const refused = await logout(cookie, headers);
      expect(refused.status, JSON.stringify(headers)).toBe(302);
      expect(refused.headers.get("Set-Cookie"), JSON.stringify(headers)).toBeNull();
      expect(await signedIn(cookie), JSON.stringify(headers)).toBe(true);
    }

    // This site's own pages, a typed address and a bookmark (no header at all) log out.
    const own: Record<string, string>[] = [
      { "Sec-Fetch-Site": "same-origin" },
      { "Sec-Fetch-Site": "none" },
      { Origin: origin },
      { Referer: `${origin}/settings` },
      {},
    ];
    for (const headers of own) {
      const session = await loginCookie(member);
      const done = await logout(session, headers);
      expect(done.status, JSON.stringify(headers)).toBe(302);
      expect(done.headers.get("Set-Cookie"), JSON.stringify(headers)).toMatch(/^auth=; Path=\/; Max-Age=0/);
      expect(await signedIn(session), JSON.stringify(headers)).toBe(false);
    }
  });

  it("shows the logged-in navigation with real unread and like counts", async () => {
    const member = await createMember({ name: "Navtester" });
    const admirer = await createMember();
    await sql("INSERT INTO likes (liker_id, liked_id) VALUES (?, ?)", [admirer.profileId, member.profileId]);
    const cookie = await loginCookie(member);
    const html = await (await get("/", { cookie: `${cookie}; locale=nl` })).text();
    expect(html).toContain("Navtester");
    expect(html).toContain("1 nieuwe like");
    expect(html).not.toContain(">Inloggen<");
  });
});

describe("a session past half its life", () => {
  it("is renewed in the browser too when the same response sets another cookie", async () => {
    const member = await createMember();
    const cookie = await loginCookie(member);
    // Let the session run into its second half.
    await sql("UPDATE sessions SET expires_at = unixepoch() + 86400 WHERE user_id = ?", [member.userId]);
    const response = await get("/members?network=adnet&sub1=renewal", { cookie });
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("auth=") && /Max-Age=2592000/i.test(c))).toBe(true);
    expect(cookies.some((c) => !c.startsWith("auth="))).toBe(true);
    const [[expires]] = (await sql("SELECT expires_at - unixepoch() FROM sessions WHERE user_id = ?", [member.userId])) as [[string]];
    expect(Number(expires)).toBeGreaterThan(29 * 86400);
  });
});
