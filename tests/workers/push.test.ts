/**
 * Web push (ADR 026, product.md §3 "Push"): a new message and a like reach the member's
 * subscription encrypted and signed with the deployment's VAPID key, in the member's language and
 * without the message's text; a type switched off for push sends nothing; a subscription the push
 * service answers 410 for is removed.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
// @ts-expect-error: the built Worker (npm run build) ships no type declarations
import builtWorker from "#build/server/index.js";
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

const worker = builtWorker as ExportedHandler<Env>;

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

/**
 * Issue 29: a push service that fails. The retries are moved to a moment far ahead and the cron is
 * fired then, so the other test files' cron runs, fired at the present, never touch them.
 */
describe("when the push service fails", () => {
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  const someday = () => new Date(Math.floor(Date.now() / 1000 + (400 + Math.random() * 3000) * 86400) * 1000);

  async function retryOf(endpoint: string) {
    const rows = (await sql(
      `SELECT r.id, r.attempts, r.send_after, r.expires_at, r.last_error, r.created_at FROM push_retries r
       JOIN push_subscriptions s ON s.id = r.subscription_id WHERE s.endpoint = ?`,
      [endpoint],
    )) as [string, string, string, string, string | null, string][];
    return rows.map(([id, attempts, sendAfter, expiresAt, lastError, createdAt]) => ({
      id: Number(id),
      attempts: Number(attempts),
      sendAfter: Number(sendAfter),
      expiresAt: Number(expiresAt),
      lastError,
      createdAt: Number(createdAt),
    }))[0];
  }

  /** Moves a waiting retry to `at`, keeping the time it has left until its TTL ends. */
  async function moveRetry(id: number, at: Date, secondsLeft?: number) {
    const [[sendAfter, expiresAt]] = (await sql("SELECT send_after, expires_at FROM push_retries WHERE id = ?", [id])) as [
      [string, string],
    ];
    const left = secondsLeft ?? Number(expiresAt) - Number(sendAfter);
    await sql("UPDATE push_retries SET send_after = ?, expires_at = ? WHERE id = ?", [seconds(at), seconds(at) + left, id]);
  }

  async function runFiveMinuteCron(at: Date) {
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: "*/5 * * * *", scheduledTime: at.getTime() }), env, ctx);
    await waitOnExecutionContext(ctx);
  }

  /** Bram, subscribed on one device, and Anna, who is about to like him. */
  async function likedMember() {
    const [anna, bram] = await Promise.all([signedIn({ name: "Anna", gender: "female" }), signedIn({ name: "Bram" })]);
    await sql("UPDATE users SET language = 'en' WHERE id = ?", [bram.userId]);
    const device = await browserSubscription();
    expect((await subscribe(bram.cookie, device)).status).toBe(200);
    return { anna, bram, device };
  }

  it("keeps a push answered 503 for the cron, which delivers it once the push service answers 201", async () => {
    let answer = 503;
    const deliveries = fakePushService(() => answer);
    const { anna, bram, device } = await likedMember();
    const before = seconds(new Date());
    expect((await likeCall(anna.cookie, { profile_id: bram.profileId, action: "like" })).status).toBe(200);
    await vi.waitFor(async () => expect(await retryOf(device.endpoint)).toBeDefined(), { timeout: 5_000 });
    const waiting = (await retryOf(device.endpoint))!;
    expect(deliveries).toHaveLength(1);
    expect(waiting).toMatchObject({ attempts: 1, lastError: "push service answered 503" });
    // Tried again in a minute; dropped when the push's TTL (a day) ends.
    expect(waiting.sendAfter - waiting.createdAt).toBe(60);
    expect(waiting.expiresAt - waiting.createdAt).toBe(86400);
    expect(waiting.createdAt).toBeGreaterThanOrEqual(before);

    const start = someday();
    await moveRetry(waiting.id, start);
    await runFiveMinuteCron(start);
    expect(deliveries).toHaveLength(2);
    expect(await retryOf(device.endpoint)).toMatchObject({ attempts: 2, sendAfter: seconds(start) + 120 });

    answer = 201;
    const later = new Date(start.getTime() + 5 * 60_000);
    await Promise.all([runFiveMinuteCron(later), runFiveMinuteCron(later)]);
    expect(deliveries).toHaveLength(3);
    expect(await retryOf(device.endpoint)).toBeUndefined();
    expect(await decryptPush(device, deliveries[2]!.body)).toMatchObject({ body: "Anna likes you", url: `/members/${anna.profileId}` });
    // The push service keeps it only for what is left of its day.
    expect(Number(deliveries[2]!.headers.get("TTL"))).toBe(86400 - 60 - 5 * 60);
    expect(await subscriptionsOf(bram.userId)).toBe(1);
  });

  it("removes the subscription when a retried push is answered 410, and drops a push older than its TTL", async () => {
    let answer = 503;
    const deliveries = fakePushService(() => answer);
    const gone = await likedMember();
    const stale = await likedMember();
    expect((await likeCall(gone.anna.cookie, { profile_id: gone.bram.profileId, action: "like" })).status).toBe(200);
    expect((await likeCall(stale.anna.cookie, { profile_id: stale.bram.profileId, action: "like" })).status).toBe(200);
    await vi.waitFor(async () => expect(await retryOf(gone.device.endpoint)).toBeDefined(), { timeout: 5_000 });
    await vi.waitFor(async () => expect(await retryOf(stale.device.endpoint)).toBeDefined(), { timeout: 5_000 });
    expect(deliveries).toHaveLength(2);

    const start = someday();
    await moveRetry((await retryOf(gone.device.endpoint))!.id, start);
    // This one's day ended before the cron got to it.
    await moveRetry((await retryOf(stale.device.endpoint))!.id, start, 0);
    answer = 410;
    await runFiveMinuteCron(start);
    expect(deliveries).toHaveLength(3);
    expect(deliveries[2]!.url).toBe(gone.device.endpoint);
    expect(await subscriptionsOf(gone.bram.userId)).toBe(0);
    expect(await retryOf(stale.device.endpoint)).toBeUndefined();
    expect(await subscriptionsOf(stale.bram.userId)).toBe(1);
  });

  it("answers the message at once while the push service hangs, gives the push a time limit, and keeps it for the cron", async () => {
    const deliveries = fakePushService(() => "hang");
    const [anna, bram] = await Promise.all([signedIn({ name: "Anna", gender: "female" }), signedIn({ name: "Bram" })]);
    const device = await browserSubscription();
    expect((await subscribe(bram.cookie, device)).status).toBe(200);

    const started = Date.now();
    const sent = await post(
      `/members/${bram.profileId}/chat`,
      { intent: "text", clientKey: crypto.randomUUID(), body: "Hello while the push service hangs" },
      { cookie: anna.cookie },
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toMatch(/\/chats\/\d+/);
    // Had it waited for the push service, it would have taken the push's whole time limit (10 s).
    expect(Date.now() - started).toBeLessThan(8_000);
    await vi.waitFor(() => expect(deliveries).toHaveLength(1), { timeout: 5_000 });
    expect(deliveries[0]!.signal).toBeInstanceOf(AbortSignal);

    deliveries.release(503);
    await vi.waitFor(async () => expect(await retryOf(device.endpoint)).toMatchObject({ attempts: 1 }), { timeout: 5_000 });
    // No retry left behind for other test files' cron runs to send to push.test: it goes with its subscription.
    const { id } = (await retryOf(device.endpoint))!;
    await sql("DELETE FROM push_subscriptions WHERE endpoint = ?", [device.endpoint]);
    expect(await sql("SELECT id FROM push_retries WHERE id = ?", [id])).toEqual([]);
  });
});
