/**
 * Web push (ADR 026, product.md §3 "Push"): a new message and a like reach the member's
 * subscription encrypted and signed with the deployment's VAPID key, in the member's language and
 * without the message's text; a type switched off for push sends nothing; a subscription the push
 * service answers 410 for is removed.
 */
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { vapidPublicKey } from "~/security/vapid";
import { createMember, loginCookie, type MemberOptions } from "./factories";
import { get, post, sql } from "./helpers";
import { runCronJob } from "./cron-helpers";
import { likeCall } from "./likes-helpers";
import { browserSubscription, decryptPush, fakePushService, PUSH_ORIGIN, verifyVapid, type BrowserSubscription } from "./push-helpers";

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
    expect(claims.aud).toBe(PUSH_ORIGIN);
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

describe("push subscriptions", () => {
  const keysOf = async (endpoint: string) =>
    (await sql("SELECT user_id, p256dh, auth FROM push_subscriptions WHERE endpoint = ?", [endpoint]))[0] ?? null;

  it("gives up on a push service that does not answer (the push has a time limit)", async () => {
    const deliveries = fakePushService();
    const [anna, bram] = await Promise.all([signedIn({ name: "Anna", gender: "female" }), signedIn({ name: "Bram" })]);
    expect((await subscribe(bram.cookie, await browserSubscription())).status).toBe(200);
    expect((await likeCall(anna.cookie, { profile_id: bram.profileId, action: "like" })).status).toBe(200);
    await vi.waitFor(() => expect(deliveries).toHaveLength(1), { timeout: 5_000 });
    expect(deliveries[0]?.signal).toBeInstanceOf(AbortSignal);
    expect(deliveries[0]?.signal?.aborted).toBe(false);
  });

  it("refuses an endpoint that is not a push service's, such as the cloud's metadata address, and stores nothing", async () => {
    const bram = await signedIn();
    const device = await browserSubscription();
    for (const endpoint of [
      "https://169.254.169.254/latest/meta-data/iam/security-credentials/",
      "https://metadata.google.internal/computeMetadata/v1/",
      "https://push.example.com/send/abc",
      "https://fcm.googleapis.com:8443/fcm/send/abc",
      "https://user:secret@fcm.googleapis.com/fcm/send/abc",
      "http://fcm.googleapis.com/fcm/send/abc",
    ]) {
      const response = await subscribe(bram.cookie, { ...device, endpoint });
      expect(response.status, endpoint).toBe(422);
      expect(await response.json()).toEqual({
        error: "unsupported_push_service",
        message: "Pushmeldingen kunnen in deze browser niet aan: we kunnen niet bezorgen via de pushdienst van deze browser.",
      });
    }
    expect(await subscriptionsOf(bram.userId)).toBe(0);
  });

  it("keeps at most 10 subscriptions per member, even when 20 arrive at once", async () => {
    const deliveries = fakePushService();
    const [anna, bram] = await Promise.all([signedIn({ name: "Anna", gender: "female" }), signedIn({ name: "Bram" })]);
    const devices = await Promise.all(Array.from({ length: 20 }, () => browserSubscription()));
    const responses = await Promise.all(devices.map((device) => subscribe(bram.cookie, device)));
    expect(responses.map((response) => response.status).filter((status) => status >= 500)).toEqual([]);
    expect(await subscriptionsOf(bram.userId)).toBe(10);

    // One like: at most 10 requests go out.
    expect((await likeCall(anna.cookie, { profile_id: bram.profileId, action: "like" })).status).toBe(200);
    await vi.waitFor(() => expect(deliveries).toHaveLength(10), { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deliveries).toHaveLength(10);
  });

  it("makes room for a new browser by dropping the member's least recently used one", async () => {
    const bram = await signedIn();
    const devices = await Promise.all(Array.from({ length: 10 }, () => browserSubscription()));
    for (const device of devices) expect((await subscribe(bram.cookie, device)).status).toBe(200);
    const now = Math.floor(Date.now() / 1000);
    // Every one got a push lately, except the fourth, which got its last a month ago.
    await sql("UPDATE push_subscriptions SET last_used_at = ? WHERE user_id = ?", [now - 60, bram.userId]);
    await sql("UPDATE push_subscriptions SET last_used_at = ? WHERE endpoint = ?", [now - 30 * 86400, devices[3]!.endpoint]);

    const newest = await browserSubscription();
    expect((await subscribe(bram.cookie, newest)).status).toBe(200);
    const stored = (await sql("SELECT endpoint FROM push_subscriptions WHERE user_id = ?", [bram.userId])).map(([endpoint]) => endpoint);
    expect(stored).toHaveLength(10);
    expect(stored).toContain(newest.endpoint);
    expect(stored).not.toContain(devices[3]!.endpoint);

    // Posting one of the ten again (the browser renewed its keys) drops nothing.
    const renewed = await browserSubscription();
    expect((await subscribe(bram.cookie, { ...renewed, endpoint: devices[0]!.endpoint })).status).toBe(200);
    expect(await subscriptionsOf(bram.userId)).toBe(10);
    expect(await keysOf(devices[0]!.endpoint)).toEqual([String(bram.userId), renewed.keys.p256dh, renewed.keys.auth]);
  });

  it("leaves an endpoint with the member who stored it first, without saying whose it is", async () => {
    const [anna, bram] = await Promise.all([signedIn({ name: "Anna", gender: "female" }), signedIn({ name: "Bram" })]);
    const annasDevice = await browserSubscription();
    expect((await subscribe(anna.cookie, annasDevice)).status).toBe(200);

    const bramsKeys = await browserSubscription();
    const taken = await subscribe(bram.cookie, { ...bramsKeys, endpoint: annasDevice.endpoint });
    expect(taken.status).toBe(409);
    const body = (await taken.json()) as { error: string; message: string };
    expect(body).toEqual({
      error: "push_subscription_taken",
      message:
        "Deze browser ontvangt al pushmeldingen voor een ander account op deze site en kan ze daarom niet ook voor dit account ontvangen.",
    });
    expect(JSON.stringify(body)).not.toContain("Anna");
    expect(JSON.stringify(body)).not.toContain(anna.email);
    expect(await keysOf(annasDevice.endpoint)).toEqual([String(anna.userId), annasDevice.keys.p256dh, annasDevice.keys.auth]);
    expect(await subscriptionsOf(bram.userId)).toBe(0);

    // Anna's own browser renewing its keys updates them.
    const renewed = await browserSubscription();
    expect((await subscribe(anna.cookie, { ...renewed, endpoint: annasDevice.endpoint })).status).toBe(200);
    expect(await keysOf(annasDevice.endpoint)).toEqual([String(anna.userId), renewed.keys.p256dh, renewed.keys.auth]);
  });

  it("stops pushing to a browser once the session it subscribed in ends, and the next member on it can turn push on", async () => {
    const [anna, bram] = await Promise.all([signedIn({ name: "Anna", gender: "female" }), signedIn({ name: "Bram" })]);
    const sharedBrowser = await browserSubscription();
    expect((await subscribe(anna.cookie, sharedBrowser)).status).toBe(200);
    expect((await subscribe(bram.cookie, { ...(await browserSubscription()), endpoint: sharedBrowser.endpoint })).status).toBe(409);

    // Anna logs out on the shared browser: it no longer gets her pushes.
    expect((await get("/api/logout.php", { cookie: anna.cookie })).status).toBe(302);
    expect(await subscriptionsOf(anna.userId)).toBe(0);
    expect((await subscribe(bram.cookie, { ...(await browserSubscription()), endpoint: sharedBrowser.endpoint })).status).toBe(200);
    expect(await subscriptionsOf(bram.userId)).toBe(1);
  });

  it("refuses a body over 4 KB with a 413 before reading it, and stores nothing", async () => {
    const bram = await signedIn();
    const device = await browserSubscription();
    const subscription = { endpoint: device.endpoint, keys: device.keys };
    const huge = JSON.stringify({ subscription, padding: "x".repeat(5 * 1024 * 1024) });
    const headers = { Origin: "http://localhost", "Content-Type": "application/json", Cookie: bram.cookie };

    const declared = await exports.default.fetch(
      new Request("http://localhost/api/user.php?push=1", { method: "POST", headers, body: huge }),
    );
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: "too_large", message: "Wat je verstuurde, is te groot." });

    // Sent in chunks without a Content-Length: cut off at the limit while reading.
    const bytes = new TextEncoder().encode(huge);
    let chunksRead = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const start = chunksRead * 1024;
        if (start >= bytes.length) return controller.close();
        chunksRead += 1;
        controller.enqueue(bytes.slice(start, start + 1024));
      },
    });
    const streamed = await exports.default.fetch(
      new Request("http://localhost/api/user.php?push=1", { method: "POST", headers, body: stream, duplex: "half" } as RequestInit),
    );
    expect(streamed.status).toBe(413);
    expect(chunksRead).toBeLessThan(64);
    expect(await subscriptionsOf(bram.userId)).toBe(0);

    // The same subscription in a body of ordinary size is stored.
    expect((await subscribe(bram.cookie, device)).status).toBe(200);
    expect(await subscriptionsOf(bram.userId)).toBe(1);
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

  /** The push retries' job of the five-minute schedule, alone (cron-helpers.ts). */
  const runFiveMinuteCron = (at: Date) => runCronJob("retry-pushes", at);

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
