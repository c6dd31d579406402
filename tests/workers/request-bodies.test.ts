/**
 * No body a client can send makes the app answer 500 (issue 14, item 1): every route that takes a
 * POST gets plain text, broken JSON, a broken multipart body and a body without a type, signed in
 * and signed out, and other methods it does not take. A page says in the member's language that
 * what was sent could not be read.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createMember, loginCookie } from "./factories";

const postRoutes = [
  "/login",
  "/signup",
  "/settings",
  "/notifications",
  "/profile",
  "/complaints",
  "/reset-password",
  "/reset-password/do",
  "/activate",
  "/activate/resend",
  "/complete-signup",
  "/moderation",
  "/mail-change/do",
  "/account-recover",
  "/credits/p2/ideal",
  "/transactions/1",
  "/directdebit",
  "/chats/1",
  "/members/1/chat",
  "/lang-config",
  "/entry-warning",
  "/api/user.php",
  "/api/blocks.php",
  "/api/likes.php",
  "/api/chat.php",
  "/api/photos.php",
  "/api/passkeys/login-options",
  "/api/payment-webhook.php",
  "/api/discountcode.php",
  "/members",
  "/",
];

const bodies: { name: string; type: string | null; body: string }[] = [
  { name: "plain text", type: "text/plain", body: "hello" },
  { name: "broken JSON", type: "application/json", body: "{" },
  { name: "broken multipart", type: "multipart/form-data; boundary=x", body: "--y\r\nnonsense" },
  { name: "no type", type: null, body: "a=1&b=\u0000" },
];

function send(path: string, init: { method: string; type?: string | null; body?: string; cookie?: string }) {
  const headers = new Headers({ Origin: "http://localhost" });
  if (init.type) headers.set("Content-Type", init.type);
  if (init.cookie) headers.set("Cookie", init.cookie);
  return exports.default.fetch(new Request(`http://localhost${path}`, { method: init.method, headers, body: init.body, redirect: "manual" }));
}

describe("bodies a client can send", () => {
  it("never answer 500, signed out or signed in", async () => {
    const member = await createMember();
    const cookie = await loginCookie(member);
    const failures: string[] = [];
    for (const path of postRoutes) {
      for (const { name, type, body } of bodies) {
        for (const who of [undefined, cookie]) {
          const response = await send(path, { method: "POST", type, body, cookie: who });
          if (response.status >= 500) failures.push(`POST ${path} (${name}, ${who ? "member" : "visitor"}): ${response.status}`);
          await response.body?.cancel();
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("never answer 500 to methods a route does not take", async () => {
    const cookie = await loginCookie(await createMember());
    const failures: string[] = [];
    for (const path of postRoutes) {
      for (const method of ["PUT", "PATCH", "DELETE"]) {
        const response = await send(path, { method, type: "application/x-www-form-urlencoded", body: "a=1", cookie });
        if (response.status >= 500) failures.push(`${method} ${path}: ${response.status}`);
        await response.body?.cancel();
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
