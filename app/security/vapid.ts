/**
 * The deployment's VAPID key (ADR 026): one P-256 key pair per deployment, the private half a JWK
 * in the `VAPID_PRIVATE_KEY` secret. Browsers subscribe with the public half, which is part of the
 * JWK (x, y), so the two can never disagree.
 */
type VapidJwk = { kty: "EC"; crv: "P-256"; x: string; y: string; d: string };

function parse(value: string): VapidJwk | null {
  try {
    const jwk = JSON.parse(value) as Partial<VapidJwk> | null;
    if (!jwk || jwk.kty !== "EC" || jwk.crv !== "P-256") return null;
    if (![jwk.x, jwk.y, jwk.d].every((part) => typeof part === "string" && /^[A-Za-z0-9_-]{43}$/.test(part))) return null;
    return jwk as VapidJwk;
  } catch {
    return null;
  }
}

export const isVapidJwk = (value: string) => parse(value) !== null;

function fromBase64Url(value: string): Uint8Array {
  const base64 = value.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (value.length % 4)) % 4);
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The key pair as the push library takes it: the public key as the uncompressed point
 * 0x04 ‖ x ‖ y and the private scalar d, both base64url; null when no (valid) key is configured.
 */
export function vapidKeys(privateJwk: string | undefined): { publicKey: string; privateKey: string } | null {
  // Every page asks (the root passes the public key to browsers): the secret's keys are worked out once.
  if (!lastKeys || lastKeys.privateJwk !== privateJwk) lastKeys = { privateJwk, keys: keysOf(privateJwk) };
  return lastKeys.keys;
}

let lastKeys: { privateJwk: string | undefined; keys: { publicKey: string; privateKey: string } | null } | undefined;

function keysOf(privateJwk: string | undefined): { publicKey: string; privateKey: string } | null {
  const jwk = privateJwk ? parse(privateJwk) : null;
  if (!jwk) return null;
  const point = new Uint8Array(65);
  point[0] = 4;
  point.set(fromBase64Url(jwk.x), 1);
  point.set(fromBase64Url(jwk.y), 33);
  return { publicKey: toBase64Url(point), privateKey: jwk.d };
}

/** The application server key browsers subscribe with; "" when push is not configured. */
export const vapidPublicKey = (privateJwk: string | undefined) => vapidKeys(privateJwk)?.publicKey ?? "";
