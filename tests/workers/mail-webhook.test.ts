/**
 * The mail provider's webhook (Resend, Svix-signed): a hard bounce disables e-mail with reason
 * `bounce`, a complaint with `fbl` (product.md §3); unsigned, forged or stale events change nothing.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createMember, loginCookie } from "./factories";
import { get, sql } from "./helpers";

const secret = (env as unknown as { MAIL_WEBHOOK_SECRET: string }).MAIL_WEBHOOK_SECRET;

async function sign(id: string, timestamp: number, body: string, key = secret) {
  const raw = Uint8Array.from(atob(key.replace(/^whsec_/, "")), (c) => c.charCodeAt(0));
  const hmac = await crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", hmac, new TextEncoder().encode(`${id}.${timestamp}.${body}`)));
  return `v1,${btoa(String.fromCharCode(...mac))}`;
}

async function deliver(event: unknown, options: { age?: number; key?: string; signature?: string } = {}) {
  const body = JSON.stringify(event);
  const id = `msg_${crypto.randomUUID()}`;
  const timestamp = Math.floor(Date.now() / 1000) - (options.age ?? 0);
  const signature = options.signature ?? (await sign(id, timestamp, body, options.key));
  return exports.default.fetch(
    new Request("http://localhost/api/mail-webhook.php", {
      method: "POST",
      headers: { "Content-Type": "application/json", "svix-id": id, "svix-timestamp": String(timestamp), "svix-signature": signature },
      body,
    }),
  );
}

async function reasonOf(userId: number) {
  const [[reason]] = (await sql("SELECT email_disabled_reason FROM users WHERE id = ?", [userId])) as [[string | null]];
  return reason;
}

describe("the mail provider's webhook", () => {
  it("disables e-mail after a hard bounce, and the member sees why", async () => {
    const member = await createMember();
    const response = await deliver({
      type: "email.bounced",
      created_at: new Date().toISOString(),
      data: { email_id: "e1", to: [member.email.toUpperCase()] },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ disabled: 1 });
    expect(await reasonOf(member.userId)).toBe("bounce");
    const page = await (await get("/members", { cookie: await loginCookie(member) })).text();
    expect(page).toContain("Onze e-mails naar je adres kwamen niet aan, daarom hebben we het versturen gestopt.");
  });

  it("disables e-mail after a spam complaint, and acknowledges other events without a change", async () => {
    const member = await createMember();
    expect((await deliver({ type: "email.delivered", data: { email_id: "e2", to: [member.email] } })).status).toBe(200);
    expect(await reasonOf(member.userId)).toBeNull();
    expect((await deliver({ type: "email.complained", data: { email_id: "e3", to: [member.email] } })).status).toBe(200);
    expect(await reasonOf(member.userId)).toBe("fbl");
  });

  it("refuses unsigned, forged and stale events", async () => {
    const member = await createMember();
    const bounce = { type: "email.bounced", data: { to: [member.email] } };
    expect((await deliver(bounce, { signature: "v1,AAAA" })).status).toBe(401);
    expect((await deliver(bounce, { key: "whsec_b3RoZXItc2VjcmV0" })).status).toBe(401);
    expect((await deliver(bounce, { age: 3600 })).status).toBe(401);
    expect(await reasonOf(member.userId)).toBeNull();
  });
});
