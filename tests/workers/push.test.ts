/**
 * Web push (ADR 026, product.md §3 "Push"): a new message and a like reach the member's
 * subscription encrypted and signed with the deployment's VAPID key, in the member's language and
 * without the message's text; a type switched off for push sends nothing; a subscription the push
 * service answers 410 for is removed.
 */
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { vapidPublicKey } from "~/notifications/vapid";
import { createMember, loginCookie, type MemberOptions } from "./factories";
import { post, sql } from "./helpers";
import { likeCall } from "./likes-helpers";
import { browserSubscription, decryptPush, fakePushService, verifyVapid, type BrowserSubscription } from "./push-helpers";

const publicKey = vapidPublicKey(env.VAPID_PRIVATE_KEY);

async function signedIn(options: MemberOptions = {}) {
  const member = await createMember({ credits: 60, ...options });
  return { ...member, cookie: await loginCookie(member) };
}

function subscribe(cookie: string, subscription: BrowserSubscription) {
  return exports.default.fetch(
    new Request("http://localhost/api/user.php?push=1", {
      method: "POST",
      headers: { Origin: "http://localhost", "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ subscription: { endpoint: subscription.endpoint, keys: subscription.keys } }),
    }),
  );
}

const subscriptionsOf = async (userId: number) => (await sql("SELECT endpoint FROM push_subscriptions WHERE user_id = ?", [userId])).length;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("push", () => {
  it("has the deployment's public key on the page and in the settings call", async () => {
    expect(publicKey).toMatch(/^B[\w-]{86}$/);
    const settings = (await (await exports.default.fetch(new Request("http://localhost/api/settings.php"))).json()) as {
      push_public_key: string;
    };
    expect(settings.push_public_key).toBe(publicKey);
  });

  it("serves each site's web app manifest, linked from every page", async () => {
    const response = await exports.default.fetch(new Request("http://localhost/manifest.webmanifest"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/manifest+json");
    const manifest = (await response.json()) as Record<string, unknown>;
    const [[siteName]] = (await sql("SELECT name FROM sites WHERE key = 'nl-general'")) as [[string]];
    expect(manifest).toMatchObject({
      name: siteName,
      short_name: siteName,
      start_url: "/",
      display: "standalone",
      theme_color: "#8b1226",
      icons: [{ src: "/favicon.svg", sizes: "any", type: "image/svg+xml" }],
    });
    const page = await (await exports.default.fetch(new Request("http://localhost/login"))).text();
    expect(page).toMatch(/<link [^>]*rel="manifest" href="\/manifest\.webmanifest"/);
  });

  it("tells of a new conversation and a like, encrypted, signed, in the member's language, without the text", async () => {
    const deliveries = fakePushService();
    const [anna, bram] = await Promise.all([signedIn({ name: "Anna", gender: "female" }), signedIn({ name: "Bram" })]);
    await sql("UPDATE users SET language = 'en' WHERE id = ?", [bram.userId]);
    const device = await browserSubscription();
    expect((await subscribe(bram.cookie, device)).status).toBe(200);

    const sent = await post(
      `/members/${bram.profileId}/chat`,
      { intent: "text", clientKey: crypto.randomUUID(), body: "Secret hello" },
      { cookie: anna.cookie },
    );
    expect(sent.status).toBe(302);
    const conversationId = Number(/\/chats\/(\d+)/.exec(sent.headers.get("Location") ?? "")?.[1]);
    await vi.waitFor(() => expect(deliveries).toHaveLength(1), { timeout: 5_000 });

    const [push] = deliveries;
    expect(push?.url).toBe(device.endpoint);
    expect(push?.headers.get("Content-Encoding")).toBe("aes128gcm");
    expect(Number(push?.headers.get("TTL"))).toBeGreaterThan(0);
    const { header, claims } = await verifyVapid(push?.headers.get("Authorization") ?? null, publicKey);
    expect(header.alg).toBe("ES256");
    expect(claims.aud).toBe("https://push.test");
    expect(claims.sub).toBe(env.VAPID_SUBJECT);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    const payload = await decryptPush(device, push!.body);
    expect(payload).toEqual({
      title: expect.any(String),
      body: "Anna started a conversation with you",
      url: `/chats/${conversationId}`,
      tag: `chat-${conversationId}`,
      count: 1,
    });
    expect(JSON.stringify(payload)).not.toContain("Secret");

    expect((await likeCall(anna.cookie, { profile_id: bram.profileId, action: "like" })).status).toBe(200);
    await vi.waitFor(() => expect(deliveries).toHaveLength(2), { timeout: 5_000 });
    expect(await decryptPush(device, deliveries[1]!.body)).toMatchObject({
      body: "Anna likes you",
      url: `/members/${anna.profileId}`,
      count: 2,
    });

    // A repeated like is no news.
    expect((await likeCall(anna.cookie, { profile_id: bram.profileId, action: "like" })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deliveries).toHaveLength(2);
  });

  it("speaks the member's language and sends nothing for a type switched off for push", async () => {
    const deliveries = fakePushService();
    const [anna, bram] = await Promise.all([signedIn({ name: "Anna", gender: "female" }), signedIn({ name: "Bram" })]);
    await sql("UPDATE users SET language = 'de' WHERE id = ?", [anna.userId]);
    await sql("INSERT INTO notification_preferences (user_id, type, channel, enabled) VALUES (?, 'like', 'push', 0)", [bram.userId]);
    const [annaDevice, bramDevice] = await Promise.all([browserSubscription(), browserSubscription()]);
    await subscribe(anna.cookie, annaDevice);
    await subscribe(bram.cookie, bramDevice);

    expect((await likeCall(anna.cookie, { profile_id: bram.profileId, action: "like" })).status).toBe(200);
    expect((await likeCall(bram.cookie, { profile_id: anna.profileId, action: "like" })).status).toBe(200);
    await vi.waitFor(() => expect(deliveries).toHaveLength(1), { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deliveries.map((delivery) => delivery.url)).toEqual([annaDevice.endpoint]);
    expect(await decryptPush(annaDevice, deliveries[0]!.body)).toMatchObject({ body: expect.stringContaining("Bram") });
    expect(await decryptPush(annaDevice, deliveries[0]!.body)).toMatchObject({
      body: "Du und Bram habt euch gegenseitig geliked: ein Match!",
    });
  });

  it("removes a subscription the push service answers 410 Gone for", async () => {
    const deliveries = fakePushService(() => 410);
    const [anna, bram] = await Promise.all([signedIn({ name: "Anna", gender: "female" }), signedIn({ name: "Bram" })]);
    await subscribe(bram.cookie, await browserSubscription());
    expect(await subscriptionsOf(bram.userId)).toBe(1);

    expect((await likeCall(anna.cookie, { profile_id: bram.profileId, action: "like" })).status).toBe(200);
    await vi.waitFor(async () => expect(await subscriptionsOf(bram.userId)).toBe(0), { timeout: 5_000 });
    expect(deliveries).toHaveLength(1);
  });
});
