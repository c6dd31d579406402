/**
 * Passkeys (ADR 009) through `POST /api/passkeys/:step`, verified for real with a software
 * authenticator: registration needs a signed-in member, challenges work once and for 5 minutes,
 * bad input is a 400 (never a 500), cross-origin posts are refused, and a member can only touch
 * their own passkeys on their own site.
 */
import { exports } from "cloudflare:workers";
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { describe, expect, it } from "vitest";
import { createMember, loginCookie } from "./factories";
import { get, sql } from "./helpers";
import { createSoftAuthenticator, type SoftAuthenticator } from "./passkeys-authenticator";

type CallOptions = {
  cookie?: string;
  host?: string;
  origin?: string | null;
  secFetchSite?: string;
  body?: string;
  contentType?: string;
  method?: string;
};

/** A JSON call to the passkey API as the browser sends it, from its own (random) IP address. */
function call(step: string, json: unknown, options: CallOptions = {}) {
  const host = options.host ?? "localhost";
  const headers = new Headers({
    "Content-Type": options.contentType ?? "application/json",
    "CF-Connecting-IP": `2001:db8::${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}`,
  });
  if (options.origin !== null) headers.set("Origin", options.origin ?? `http://${host}`);
  if (options.secFetchSite) headers.set("Sec-Fetch-Site", options.secFetchSite);
  if (options.cookie) headers.set("Cookie", options.cookie);
  return exports.default.fetch(
    new Request(`http://${host}/api/passkeys/${step}`, {
      method: options.method ?? "POST",
      headers,
      body: (options.method ?? "POST") === "GET" ? undefined : (options.body ?? JSON.stringify(json)),
      redirect: "manual",
    }),
  );
}

type RegistrationStart = { challengeId: string; options: PublicKeyCredentialCreationOptionsJSON };
type LoginStart = { challengeId: string; options: PublicKeyCredentialRequestOptionsJSON };

async function registerPasskey(cookie: string, authenticator: SoftAuthenticator, host = "localhost", name?: string) {
  const start = (await (await call("register-options", {}, { cookie, host })).json()) as RegistrationStart;
  const response = await authenticator.register(start.options, `http://${host}`);
  return call("register", { challengeId: start.challengeId, response, name }, { cookie, host });
}

async function startLogin(host = "localhost") {
  const response = await call("login-options", {}, { host });
  expect(response.status).toBe(200);
  return (await response.json()) as LoginStart;
}

async function signedInUser(cookie: string, host = "localhost") {
  const response = await get("/api/user.php", { cookie, host });
  const body = (await response.json()) as { user: unknown };
  return body.user;
}

function cookieFrom(response: Response) {
  return response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
}

describe("passkey registration", () => {
  it("needs a signed-in member", async () => {
    const options = await call("register-options", {});
    expect(options.status).toBe(403);
    expect(await options.json()).toMatchObject({ error: "authentication_required" });
    const register = await call("register", { challengeId: "a".repeat(32), response: {} });
    expect(register.status).toBe(403);
    const remove = await call("remove", { id: "abc" });
    expect(remove.status).toBe(403);
  });

  it("offers discoverable, user-verifying credentials for this host and stores the verified passkey", async () => {
    const member = await createMember();
    const cookie = await loginCookie(member);
    const start = (await (await call("register-options", {}, { cookie })).json()) as RegistrationStart;
    expect(start.options.rp.id).toBe("localhost");
    expect(start.options.user.name).toBe(member.email);
    expect(start.options.authenticatorSelection).toMatchObject({ residentKey: "preferred", userVerification: "preferred" });
    expect(start.options.excludeCredentials).toEqual([]);

    const authenticator = await createSoftAuthenticator();
    const response = await authenticator.register(start.options, "http://localhost");
    const registered = await call("register", { challengeId: start.challengeId, response }, { cookie });
    expect(registered.status).toBe(200);
    expect(await registered.json()).toMatchObject({ passkey: { id: authenticator.credentialId, name: "Passkey 1", lastUsedAt: null } });

    const [row] = await sql("SELECT user_id, counter, transports, device_type, length(public_key) FROM passkeys WHERE id = ?", [
      authenticator.credentialId,
    ]);
    expect(row).toEqual([String(member.userId), "0", '["internal"]', "singleDevice", expect.any(String)]);

    // The next registration excludes the passkey the member already has.
    const again = (await (await call("register-options", {}, { cookie })).json()) as RegistrationStart;
    expect(again.options.excludeCredentials?.map((credential) => credential.id)).toEqual([authenticator.credentialId]);
  });

  it("keeps a name the member chose and refuses the same authenticator twice", async () => {
    const member = await createMember();
    const cookie = await loginCookie(member);
    const authenticator = await createSoftAuthenticator();
    const first = await registerPasskey(cookie, authenticator, "localhost", "  Mijn telefoon ");
    expect(await first.json()).toMatchObject({ passkey: { name: "Mijn telefoon" } });
    const second = await registerPasskey(cookie, authenticator);
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ error: "already_registered", message: "Deze passkey is al aan je account toegevoegd." });
  });

  it("uses a registration challenge once, only for the member who asked for it", async () => {
    const member = await createMember();
    const other = await createMember();
    const cookie = await loginCookie(member);
    const otherCookie = await loginCookie(other);
    const start = (await (await call("register-options", {}, { cookie })).json()) as RegistrationStart;
    const response = await (await createSoftAuthenticator()).register(start.options, "http://localhost");

    const stolen = await call("register", { challengeId: start.challengeId, response }, { cookie: otherCookie });
    expect(stolen.status).toBe(400);
    expect(await stolen.json()).toEqual({ error: "expired", message: "Dat duurde te lang. Probeer het opnieuw." });

    expect((await call("register", { challengeId: start.challengeId, response }, { cookie })).status).toBe(200);
    const replay = await call("register", { challengeId: start.challengeId, response }, { cookie });
    expect(replay.status).toBe(400);
    expect(await sql("SELECT count(*) FROM auth_challenges WHERE id = ?", [start.challengeId])).toEqual([["0"]]);
  });

  it("refuses a response signed for another origin", async () => {
    const member = await createMember();
    const cookie = await loginCookie(member);
    const start = (await (await call("register-options", {}, { cookie })).json()) as RegistrationStart;
    const response = await (await createSoftAuthenticator()).register(start.options, "https://phishing.example");
    const registered = await call("register", { challengeId: start.challengeId, response }, { cookie });
    expect(registered.status).toBe(400);
    expect(await sql("SELECT count(*) FROM passkeys WHERE user_id = ?", [member.userId])).toEqual([["0"]]);
  });
});

describe("passkey sign-in", () => {
  it("signs in without an e-mail address, counts the use and opens a session", async () => {
    const member = await createMember();
    const authenticator = await createSoftAuthenticator();
    expect((await registerPasskey(await loginCookie(member), authenticator)).status).toBe(200);

    const start = await startLogin();
    expect(start.options.rpId).toBe("localhost");
    expect(start.options.allowCredentials ?? []).toEqual([]);
    const response = await authenticator.authenticate(start.options, "http://localhost");
    const login = await call("login", { challengeId: start.challengeId, response, redirectTo: "/settings" });
    expect(login.status).toBe(200);
    expect(await login.json()).toEqual({ ok: true, redirectTo: "/settings" });
    expect(login.headers.get("Set-Cookie")).toMatch(/^auth=[a-z2-7]+; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax/);
    expect(await signedInUser(cookieFrom(login))).not.toBeNull();

    const [row] = await sql("SELECT counter, last_used_at IS NOT NULL FROM passkeys WHERE id = ?", [authenticator.credentialId]);
    expect(row).toEqual(["1", "1"]);
  });

  it("keeps redirects on this site", async () => {
    const member = await createMember();
    const authenticator = await createSoftAuthenticator();
    await registerPasskey(await loginCookie(member), authenticator);
    const start = await startLogin();
    const response = await authenticator.authenticate(start.options, "http://localhost");
    const login = await call("login", { challengeId: start.challengeId, response, redirectTo: "//evil.example/" });
    expect(await login.json()).toEqual({ ok: true, redirectTo: "/" });
  });

  it("uses an authentication challenge once", async () => {
    const member = await createMember();
    const authenticator = await createSoftAuthenticator();
    await registerPasskey(await loginCookie(member), authenticator);
    const start = await startLogin();
    const response = await authenticator.authenticate(start.options, "http://localhost");
    expect((await call("login", { challengeId: start.challengeId, response })).status).toBe(200);

    const replay = await call("login", { challengeId: start.challengeId, response });
    expect(replay.status).toBe(400);
    expect(replay.headers.get("Set-Cookie")).toBeNull();
    expect(await replay.json()).toEqual({ error: "expired", message: "Dat duurde te lang. Probeer het opnieuw." });
  });

  it("refuses a challenge older than 5 minutes", async () => {
    const member = await createMember();
    const authenticator = await createSoftAuthenticator();
    await registerPasskey(await loginCookie(member), authenticator);
    const start = await startLogin();
    const [[expiresAt]] = (await sql("SELECT expires_at - unixepoch() FROM auth_challenges WHERE id = ?", [start.challengeId])) as [
      [string],
    ];
    expect(Number(expiresAt)).toBeGreaterThan(290);
    expect(Number(expiresAt)).toBeLessThanOrEqual(300);

    await sql("UPDATE auth_challenges SET expires_at = unixepoch() - 1 WHERE id = ?", [start.challengeId]);
    const response = await authenticator.authenticate(start.options, "http://localhost");
    const login = await call("login", { challengeId: start.challengeId, response });
    expect(login.status).toBe(400);
    expect(login.headers.get("Set-Cookie")).toBeNull();
  });

  it("refuses a signature counter that went backwards (a cloned authenticator)", async () => {
    const member = await createMember();
    const authenticator = await createSoftAuthenticator();
    await registerPasskey(await loginCookie(member), authenticator);
    for (const counter of [5, 3]) {
      const start = await startLogin();
      const response = await authenticator.authenticate(start.options, "http://localhost", { counter });
      const login = await call("login", { challengeId: start.challengeId, response });
      expect(login.status).toBe(counter === 5 ? 200 : 401);
    }
    expect(await sql("SELECT counter FROM passkeys WHERE id = ?", [authenticator.credentialId])).toEqual([["5"]]);
  });

  it("signs in only members of the site it is used on", async () => {
    const member = await createMember({ site: "nl-general" });
    const authenticator = await createSoftAuthenticator();
    await registerPasskey(await loginCookie(member), authenticator);
    const start = await startLogin("reifeliebe.de");
    const response = await authenticator.authenticate(start.options, "http://reifeliebe.de");
    const login = await call("login", { challengeId: start.challengeId, response }, { host: "reifeliebe.de" });
    expect(login.status).toBe(401);
    expect(await login.json()).toHaveProperty("error");
    expect(login.headers.get("Set-Cookie")).toBeNull();
  });

  it("does not sign in a member whose passkey was removed", async () => {
    const member = await createMember();
    const cookie = await loginCookie(member);
    const authenticator = await createSoftAuthenticator();
    await registerPasskey(cookie, authenticator);
    expect((await call("remove", { id: authenticator.credentialId }, { cookie })).status).toBe(200);
    const start = await startLogin();
    const login = await call("login", {
      challengeId: start.challengeId,
      response: await authenticator.authenticate(start.options, "http://localhost"),
    });
    expect(login.status).toBe(401);
  });
});

describe("passkey list", () => {
  it("removes a member's own passkey, never another member's", async () => {
    const owner = await createMember();
    const intruder = await createMember();
    const authenticator = await createSoftAuthenticator();
    await registerPasskey(await loginCookie(owner), authenticator);

    const attempt = await call("remove", { id: authenticator.credentialId }, { cookie: await loginCookie(intruder) });
    expect(attempt.status).toBe(404);
    expect(await sql("SELECT user_id FROM passkeys WHERE id = ?", [authenticator.credentialId])).toEqual([[String(owner.userId)]]);

    const removed = await call("remove", { id: authenticator.credentialId }, { cookie: await loginCookie(owner) });
    expect(removed.status).toBe(200);
    expect(await sql("SELECT count(*) FROM passkeys WHERE id = ?", [authenticator.credentialId])).toEqual([["0"]]);
  });
});

describe("passkey API input", () => {
  it("answers bad input with a translated 400, never a 500", async () => {
    const member = await createMember();
    const cookie = await loginCookie(member);
    const cases: [string, CallOptions & { json?: unknown }][] = [
      ["login", { body: "{not json" }],
      ["login", { body: "[]" }],
      ["login", { json: { challengeId: 42, response: "x" } }],
      [
        "login",
        {
          json: { challengeId: "abcdefghijklmnopqrstuvwxyz234567", response: { id: "a b", rawId: "x", type: "public-key", response: {} } },
        },
      ],
      [
        "login",
        {
          json: {
            challengeId: "abcdefghijklmnopqrstuvwxyz234567",
            response: {
              id: "AAAA",
              rawId: "AAAA",
              type: "public-key",
              response: { clientDataJSON: "AAAA", authenticatorData: "AAAA", signature: "AAAA" },
            },
          },
        },
      ],
      ["login", { body: "email=a", contentType: "application/x-www-form-urlencoded" }],
      ["register", { cookie, body: "{" }],
      [
        "register",
        {
          cookie,
          json: {
            challengeId: "x",
            response: { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: "AAAA", attestationObject: "AAAA" } },
          },
        },
      ],
      ["register", { cookie, json: { challengeId: "x".repeat(500), response: null } }],
      ["remove", { cookie, json: { id: "" } }],
      ["remove", { cookie, body: "null" }],
    ];
    for (const [step, { json, ...options }] of cases) {
      const response = await call(step, json, options);
      expect([400, 401], `${step} ${options.body ?? JSON.stringify(json)}`).toContain(response.status);
      const body = (await response.json()) as { error: string; message: string };
      expect(body.error).toMatch(/^[a-z_]+$/);
      expect(body.message).toMatch(/^[A-Z]/);
    }
  });

  it("accepts only POST on known steps", async () => {
    expect((await call("register-options", undefined, { method: "GET" })).status).toBe(405);
    const unknown = await call("delete-everything", {});
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "invalid_request", message: "Ongeldig verzoek." });
  });

  it("refuses cross-origin posts with a 403", async () => {
    const member = await createMember();
    const cookie = await loginCookie(member);
    const foreign = await call("register-options", {}, { cookie, origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    const crossSite = await call("login-options", {}, { origin: null, secFetchSite: "cross-site" });
    expect(crossSite.status).toBe(403);
    const noOrigin = await call("remove", { id: "AAAA" }, { cookie, origin: null });
    expect(noOrigin.status).toBe(403);
  });
});
