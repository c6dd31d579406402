/**
 * No request a client can send makes the app answer 500: every route of app/routes.ts gets plain
 * text, broken JSON, a broken multipart body, a body without a type, an empty form, NUL bytes, huge
 * values and JSON of the wrong shape, signed in and signed out, and every method. A page says in
 * the member's language that what was sent could not be read.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import routesSource from "../../app/routes.ts?raw";
import { createMember, loginCookie } from "./factories";

/**
 * Every path of app/routes.ts, with sample values for its parameters (an existing-looking id, a
 * known page, an optional part left out).
 */
const routePaths = [...routesSource.matchAll(/route\("([^"]*)"/g)]
  .map((match) => `/${match[1]}`)
  .map((path) =>
    path
      .replace(/\/:[a-z]+\?/g, "")
      .replace(/:step/g, "login-options")
      .replace(/:type/g, "visitors")
      .replace(/:page/g, "privacy")
      .replace(/:[a-z]+/g, "1")
      .replace(/\*/g, "x"),
  );
const postRoutes = [...new Set(["/", "/credits/p2/ideal", ...routePaths])];

/** Field names the app's forms and calls use, to fill with values no form would send. */
const fieldNames = [
  "email",
  "password",
  "name",
  "body",
  "text",
  "token",
  "intent",
  "profile_id",
  "action",
  "code",
  "iban",
  "gift",
  "clientKey",
  "redirectTo",
  "about_me",
  "birth_date",
  "gender",
  "message",
  "language",
  "conversation",
  "photoId",
  "id",
  "reason",
  "terms",
];
const formOf = (value: string) => new URLSearchParams(fieldNames.map((name) => [name, value])).toString();
const jsonOf = (value: unknown) => JSON.stringify(Object.fromEntries(fieldNames.map((name) => [name, value])));

const bodies: { name: string; type: string | null; body: string }[] = [
  { name: "plain text", type: "text/plain", body: "hello" },
  { name: "broken JSON", type: "application/json", body: "{" },
  { name: "broken multipart", type: "multipart/form-data; boundary=x", body: "--y\r\nnonsense" },
  { name: "no type", type: null, body: "a=1&b=\u0000" },
  { name: "an empty form (every field missing)", type: "application/x-www-form-urlencoded", body: "" },
  { name: "NUL bytes in every field", type: "application/x-www-form-urlencoded", body: formOf("a\u0000b\u0000") },
  { name: "huge values", type: "application/x-www-form-urlencoded", body: formOf("x".repeat(100_000)) },
  { name: "JSON with wrong types", type: "application/json", body: jsonOf({ nested: [1, null] }) },
  { name: "JSON with huge numbers", type: "application/json", body: jsonOf(1e308) },
  { name: "JSON with NUL bytes", type: "application/json", body: jsonOf("\u0000") },
];

function send(path: string, init: { method: string; type?: string | null; body?: string; cookie?: string }) {
  const headers = new Headers({ Origin: "http://localhost" });
  if (init.type) headers.set("Content-Type", init.type);
  if (init.cookie) headers.set("Cookie", init.cookie);
  return exports.default.fetch(
    new Request(`http://localhost${path}`, { method: init.method, headers, body: init.body, redirect: "manual" }),
  );
}

describe("bodies a client can send", () => {
  // Two tests, so that each sends half the requests within the test's time limit on a busy machine.
  for (const who of ["visitor", "member"] as const) {
    it(`never answer 500 (${who})`, async () => {
      const cookie = who === "member" ? await loginCookie(await createMember()) : undefined;
      const failures: string[] = [];
      for (const path of postRoutes) {
        for (const { name, type, body } of bodies) {
          const response = await send(path, { method: "POST", type, body, cookie });
          if (response.status >= 500) failures.push(`POST ${path} (${name}, ${who}): ${response.status}`);
          await response.body?.cancel();
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it("never answer 500 to any method on any route", async () => {
    const cookie = await loginCookie(await createMember());
    const failures: string[] = [];
    for (const path of postRoutes) {
      for (const method of ["GET", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
        const withBody = method !== "GET" && method !== "HEAD";
        const response = await send(path, {
          method,
          type: withBody ? "application/x-www-form-urlencoded" : null,
          body: withBody ? "a=1" : undefined,
          cookie,
        });
        if (response.status >= 500) failures.push(`${method} ${path}: ${response.status}`);
        await response.body?.cancel();
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuse in one JSON shape on every /api/*.php call: a code for programs, a sentence for people", async () => {
    const cookie = await loginCookie(await createMember());
    const failures: string[] = [];
    for (const path of postRoutes.filter((path) => path.startsWith("/api/"))) {
      for (const [method, who] of [
        ["POST", cookie],
        ["POST", undefined],
        ["DELETE", cookie],
        ["PATCH", cookie],
      ] as const) {
        const response = await send(path, { method, type: "application/json", body: "{", cookie: who });
        if (response.status < 400 || !response.headers.get("Content-Type")?.includes("application/json")) {
          await response.body?.cancel();
          continue;
        }
        const body = ((await response.json()) ?? {}) as { error?: unknown; message?: unknown };
        if (typeof body.error !== "string" || !/^[a-z_]+$/.test(body.error) || typeof body.message !== "string" || body.message === "") {
          failures.push(`${method} ${path} ${response.status}: ${JSON.stringify(body)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("tells a person in their language that the form could not be read", async () => {
    const response = await send("/login", { method: "POST", type: "text/plain", body: "hello" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Wat je verstuurde, konden we niet lezen.");
  });
});
