/**
 * A push service for the browser tests, on this machine: headless Chromium cannot reach a real one,
 * so the test makes the browser's side of a subscription itself (an ECDH P-256 key pair and an auth
 * secret, as a browser does) and listens on 127.0.0.1 for the Worker's push. What arrives is
 * decrypted as a browser would (RFC 8291, aes128gcm) and its VAPID header checked (RFC 8292).
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { webcrypto } from "node:crypto";

const { subtle } = webcrypto;
const encoder = new TextEncoder();

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

export type Delivery = { path: string; headers: IncomingHttpHeaders; body: Uint8Array };

export type FakeSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  privateKey: webcrypto.CryptoKey;
  publicKey: Uint8Array;
  authSecret: Uint8Array;
};

/** Starts the push service; each push the Worker sends is answered 201 and kept in `deliveries`. */
export async function startPushService() {
  const deliveries: Delivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      deliveries.push({ path: request.url ?? "", headers: request.headers, body: new Uint8Array(Buffer.concat(chunks)) });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  /** What the browser would make when it subscribes, with an endpoint on this push service. */
  async function subscription(): Promise<FakeSubscription> {
    const pair = (await subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as webcrypto.CryptoKeyPair;
    const publicKey = new Uint8Array(await subtle.exportKey("raw", pair.publicKey));
    const authSecret = webcrypto.getRandomValues(new Uint8Array(16));
    return {
      endpoint: `http://127.0.0.1:${port}/push/${webcrypto.randomUUID()}`,
      keys: { p256dh: b64url(publicKey), auth: b64url(authSecret) },
      privateKey: pair.privateKey,
      publicKey,
      authSecret,
    };
  }

  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { deliveries, subscription, close };
}

async function hkdf(ikm: Uint8Array, salt: Uint8Array, info: Uint8Array, bits: number) {
  const key = await subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bits));
}

/** Decrypts an aes128gcm push body (one record) as the subscribed browser would; returns its text. */
export async function decryptPush(subscription: FakeSubscription, body: Uint8Array): Promise<string> {
  const salt = body.slice(0, 16);
  const idLength = body[20] ?? 0;
  const senderPublic = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  const senderKey = await subtle.importKey("raw", senderPublic, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const shared = new Uint8Array(await subtle.deriveBits({ name: "ECDH", public: senderKey }, subscription.privateKey, 256));
  const keyInfo = Buffer.concat([encoder.encode("WebPush: info\0"), subscription.publicKey, senderPublic]);
  const ikm = await hkdf(shared, subscription.authSecret, keyInfo, 256);
  const cek = await hkdf(ikm, salt, encoder.encode("Content-Encoding: aes128gcm\0"), 128);
  const nonce = await hkdf(ikm, salt, encoder.encode("Content-Encoding: nonce\0"), 96);
  const aesKey = await subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await subtle.decrypt({ name: "AES-GCM", iv: nonce }, aesKey, ciphertext));
  // The last record ends with the delimiter 0x02, then padding zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return new TextDecoder().decode(padded.slice(0, end));
}

/** Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292): the signature verifies with k; resolves with k and the claims. */
export async function verifyVapid(header: string | undefined) {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header ?? "");
  if (!match) throw new Error(`not a VAPID header: ${header}`);
  const [, head, claims, signature, k] = match as unknown as [string, string, string, string, string];
  const key = await subtle.importKey("raw", Buffer.from(k, "base64url"), { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
  const valid = await subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    key,
    Buffer.from(signature, "base64url"),
    encoder.encode(`${head}.${claims}`),
  );
  if (!valid) throw new Error("VAPID signature does not verify");
  return {
    k,
    header: JSON.parse(Buffer.from(head, "base64url").toString()) as { alg: string; typ: string },
    claims: JSON.parse(Buffer.from(claims, "base64url").toString()) as { aud: string; exp: number; sub: string },
  };
}
