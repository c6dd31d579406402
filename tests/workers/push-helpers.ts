/**
 * A fake push service for the push tests: the Worker's outgoing fetch to FCM's host (one of the
 * push services an endpoint may be on, app/notifications/push-endpoint.ts) is answered here (the tests and the Worker share one isolate), and the test holds the browser's
 * side of each subscription (its ECDH key pair and auth secret) to decrypt what arrives
 * (RFC 8291, aes128gcm) and check the VAPID header (RFC 8292).
 */
import { vi } from "vitest";

const encoder = new TextEncoder();

/** Where the test subscriptions' endpoints are: a real push service's host, answered by `fakePushService`. */
export const PUSH_ORIGIN = "https://fcm.googleapis.com";

export const b64url = {
  encode(bytes: ArrayBuffer | Uint8Array) {
    let binary = "";
    for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  },
  decode(value: string) {
    const base64 = value.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (value.length % 4)) % 4);
    return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  },
};

export type BrowserSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  privateKey: CryptoKey;
  publicKey: Uint8Array<ArrayBuffer>;
  authSecret: Uint8Array<ArrayBuffer>;
};

/** What a browser makes when it subscribes: an ECDH P-256 key pair and a 16-byte auth secret. */
export async function browserSubscription(): Promise<BrowserSubscription> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const publicKey = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const authSecret = crypto.getRandomValues(new Uint8Array(16));
  const endpoint = `${PUSH_ORIGIN}/fcm/send/test-${crypto.randomUUID()}`;
  return {
    endpoint,
    keys: { p256dh: b64url.encode(publicKey), auth: b64url.encode(authSecret) },
    privateKey: pair.privateKey,
    publicKey,
    authSecret,
  };
}

type Bytes = Uint8Array<ArrayBuffer>;

async function hkdf(ikm: Bytes, salt: Bytes, info: Bytes, bits: number) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bits));
}

const concat = (...parts: Uint8Array[]): Bytes => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

/** Decrypts an aes128gcm push body (one record) with the subscription's private key and auth secret. */
export async function decryptPush(subscription: BrowserSubscription, body: Uint8Array<ArrayBuffer>): Promise<unknown> {
  const salt = body.slice(0, 16);
  const idLength = body[20] ?? 0;
  const senderPublic = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  const senderKey = await crypto.subtle.importKey("raw", senderPublic, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const shared = new Uint8Array(await crypto.subtle.deriveBits({ name: "ECDH", public: senderKey }, subscription.privateKey, 256));
  const keyInfo = concat(encoder.encode("WebPush: info\0"), subscription.publicKey, senderPublic);
  const ikm = await hkdf(shared, subscription.authSecret, keyInfo, 256);
  const cek = await hkdf(ikm, salt, encoder.encode("Content-Encoding: aes128gcm\0"), 128);
  const nonce = await hkdf(ikm, salt, encoder.encode("Content-Encoding: nonce\0"), 96);
  const aesKey = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, aesKey, ciphertext));
  // The last record ends with the delimiter 0x02, then padding zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return JSON.parse(new TextDecoder().decode(padded.slice(0, end)));
}

/** Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292); resolves with the JWT's claims. */
export async function verifyVapid(header: string | null, expectedPublicKey: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? "");
  if (!match) throw new Error(`not a VAPID header: ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  if (k !== expectedPublicKey) throw new Error("VAPID k is not the deployment's public key");
  const [head, claims, signature] = jwt.split(".") as [string, string, string];
  const key = await crypto.subtle.importKey("raw", b64url.decode(k), { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
  const valid = await crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    key,
    b64url.decode(signature),
    encoder.encode(`${head}.${claims}`),
  );
  if (!valid) throw new Error("VAPID signature does not verify");
  return {
    header: JSON.parse(new TextDecoder().decode(b64url.decode(head))) as { alg: string; typ: string },
    claims: JSON.parse(new TextDecoder().decode(b64url.decode(claims))) as { aud: string; exp: number; sub: string },
  };
}

export type Delivery = { url: string; headers: Headers; body: Uint8Array<ArrayBuffer>; signal?: AbortSignal | null };

/**
 * Answers the Worker's requests to PUSH_ORIGIN with `status()` and records them; every other
 * request goes out as before. `"hang"` answers nothing until `release()` (a push service that does
 * not respond; the Worker's own time limit still applies). Restore with `vi.restoreAllMocks()`.
 */
export function fakePushService(status: () => number | "hang" = () => 201) {
  const deliveries: Delivery[] = [];
  const released = { count: 0, status: 503 };
  const original = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    // Other calls (the database) go out untouched: making a Request of theirs would use up their body.
    const url = input instanceof Request ? input.url : String(input);
    if (new URL(url).origin !== PUSH_ORIGIN) return original(input, init);
    const request = new Request(input, init);
    deliveries.push({
      url: request.url,
      headers: request.headers,
      body: new Uint8Array(await request.arrayBuffer()),
      signal: init?.signal,
    });
    const answer = status();
    if (answer === "hang") {
      // Waits in the Worker's own context (a promise settled from the test's would cross I/O contexts).
      const generation = released.count;
      while (released.count === generation) {
        if (init?.signal?.aborted) throw init.signal.reason;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return new Response(null, { status: released.status });
    }
    return new Response(null, { status: answer });
  });
  return Object.assign(deliveries, {
    /** Ends every hanging request with this status. */
    release(answer = 503) {
      released.status = answer;
      released.count += 1;
    },
  });
}
