/**
 * R2 failing at a photo upload (issue 29, ADR 044): a profile photo or a chat photo whose write
 * fails is refused with 503 `storage_unavailable` and a translated message; no row names an object
 * that is not there, a chat photo costs nothing and sends nothing, and the same upload (the same
 * client key) goes through once R2 is back. The Worker is made to fail through the test-only
 * `X-Test-Faults` header (app/http/test-faults.server.ts, honoured only when APP_ENV is "test");
 * the time limit and the clean-up of a half-written photo are checked on `storePhoto` itself.
 */
import chatNl from "#locales/nl/chat.json";
import photosNl from "#locales/nl/photos.json";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ProcessedImage } from "~/photos/process-image.server";
import { PhotoStorageUnavailable, storePhoto } from "~/photos/storage.server";
import { createMember, loginCookie, type MemberOptions } from "./factories";
import { post, sql } from "./helpers";
import { count } from "./likes-helpers";
import { testJpeg } from "./photo-helpers";

const ORIGIN = "http://localhost";
const R2_FAILS = { "X-Test-Faults": "photos-put" };

async function signedIn(options: MemberOptions = {}) {
  const member = await createMember({ credits: 100, ...options });
  return { ...member, cookie: await loginCookie(member) };
}
type Member = Awaited<ReturnType<typeof signedIn>>;

function postForm(path: string, member: Member, form: FormData, headers: Record<string, string> = {}) {
  return exports.default.fetch(
    new Request(`${ORIGIN}${path}`, { method: "POST", headers: { Cookie: member.cookie, Origin: ORIGIN, ...headers }, body: form }),
  );
}

async function photoForm(fields: Record<string, string | number> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  form.append("photo", new Blob([(await testJpeg()) as Uint8Array<ArrayBuffer>], { type: "image/jpeg" }), "IMG_0001.jpg");
  return form;
}

const credits = (member: Member) => count("SELECT credits FROM users WHERE id = ?", [member.userId]);

describe("a profile photo when R2 fails", () => {
  it("is refused with 503 and a translated message, leaves no photo row, and goes through once R2 is back", async () => {
    const owner = await signedIn();
    const refused = await postForm("/api/photos.php", owner, await photoForm(), R2_FAILS);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Cache-Control")).toContain("no-store");
    expect(await refused.json()).toEqual({ error: "storage_unavailable", message: photosNl.errors.storage_unavailable });
    expect(await count("SELECT count(*) FROM photos WHERE profile_id = ?", [owner.profileId])).toBe(0);
    expect(await count("SELECT has_photo FROM profiles WHERE id = ?", [owner.profileId])).toBe(0);

    const stored = await postForm("/api/photos.php", owner, await photoForm());
    expect(stored.status).toBe(201);
    const [[objectKey]] = (await sql("SELECT object_key FROM photos WHERE profile_id = ?", [owner.profileId])) as [[string]];
    expect(await env.PHOTOS.head(objectKey)).not.toBeNull();
  });
});

describe("a chat photo when R2 fails", () => {
  it("is refused with 503, sends nothing and charges nothing; the same photo (same client key) goes through afterwards", async () => {
    const [anna, bram] = await Promise.all([signedIn({ gender: "female" }), signedIn()]);
    const started = await post(
      `/members/${bram.profileId}/chat`,
      { intent: "text", clientKey: `r2-${crypto.randomUUID()}`, body: "Hoi!" },
      { cookie: anna.cookie },
    );
    const conversationId = Number(/^\/chats\/(\d+)$/.exec(started.headers.get("Location") ?? "")?.[1]);
    expect(conversationId).toBeGreaterThan(0);
    const before = await credits(anna);
    const ledgerBefore = await count("SELECT count(*) FROM credit_ledger WHERE user_id = ?", [anna.userId]);
    const clientKey = `r2-photo-${crypto.randomUUID()}`;

    const refused = await postForm("/api/chat-photo.php", anna, await photoForm({ conversation: conversationId, clientKey }), R2_FAILS);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ error: "storage_unavailable", message: chatNl.photo.unavailable });
    expect(await credits(anna)).toBe(before);
    expect(await count("SELECT count(*) FROM credit_ledger WHERE user_id = ?", [anna.userId])).toBe(ledgerBefore);
    expect(await count("SELECT count(*) FROM messages WHERE conversation_id = ?", [conversationId])).toBe(1);
    expect(
      await count("SELECT count(*) FROM chat_photos p JOIN messages m ON m.id = p.message_id WHERE m.conversation_id = ?", [
        conversationId,
      ]),
    ).toBe(0);

    // The member tries again (the screen keeps the key until a send succeeds): stored, sent and paid once.
    const sent = await postForm("/api/chat-photo.php", anna, await photoForm({ conversation: conversationId, clientKey }));
    expect(sent.status).toBe(201);
    expect(await credits(anna)).toBeLessThan(before);
    const [[objectKey]] = (await sql(
      "SELECT p.object_key FROM chat_photos p JOIN messages m ON m.id = p.message_id WHERE m.conversation_id = ?",
      [conversationId],
    )) as [[string]];
    expect(await env.PHOTOS.head(objectKey)).not.toBeNull();
  });
});

/** A bucket over the real one whose writes do what `write` says (the real write, a failure, or never an answer). */
function bucketWith(write: (key: string, real: () => Promise<R2Object | null>) => Promise<R2Object | null>) {
  const keys: string[] = [];
  const bucket = new Proxy(env.PHOTOS, {
    get(target, property) {
      if (property === "put")
        return (key: string, ...rest: Parameters<R2Bucket["put"]> extends [string, ...infer R] ? R : never) => {
          keys.push(key);
          return write(key, () => target.put(key, ...rest));
        };
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { bucket, keys };
}

const image = (width: number): ProcessedImage => ({
  bytes: new Uint8Array(64).fill(width % 256),
  contentType: "image/jpeg",
  width,
  height: width,
});
const processed = { full: image(800), thumb: image(400) };

describe("storePhoto when R2 fails", () => {
  it("removes the image that was written when the other one fails, and says storage is unavailable", async () => {
    const { bucket, keys } = bucketWith((key, real) => (key.endsWith("_thumb.jpg") ? Promise.reject(new Error("R2 is down")) : real()));
    await expect(storePhoto(bucket, processed)).rejects.toBeInstanceOf(PhotoStorageUnavailable);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await env.PHOTOS.head(key)).toBeNull();
  });

  it("gives up on a write that does not answer within the time limit", async () => {
    const late: (() => void)[] = [];
    const { bucket, keys } = bucketWith(
      (_, real) =>
        new Promise((resolve) => {
          late.push(() => void real().then(resolve));
        }),
    );
    const waited: Promise<unknown>[] = [];
    const started = Date.now();
    await expect(storePhoto(bucket, processed, { timeLimitMs: 50, waitUntil: (promise) => waited.push(promise) })).rejects.toThrow(
      PhotoStorageUnavailable,
    );
    expect(Date.now() - started).toBeLessThan(1_000);
    // The write lands after all: the clean-up, left to finish after the response, removes it.
    for (const write of late) write();
    await Promise.all(waited);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await env.PHOTOS.head(key)).toBeNull();
  });
});
