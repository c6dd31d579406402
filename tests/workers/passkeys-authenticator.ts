/**
 * A software WebAuthn authenticator for the workerd tests: a P-256 key pair that answers
 * registration ("none" attestation) and authentication options exactly as a platform authenticator
 * with a discoverable credential would, so the server's real verification runs end to end.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

function concat(...parts: (Uint8Array | number[])[]): Uint8Array<ArrayBuffer> {
  const bytes = parts.map((part) => (part instanceof Uint8Array ? part : new Uint8Array(part)));
  const out = new Uint8Array(bytes.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of bytes) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

async function sha256(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", data));
}

function uint32(value: number): number[] {
  return [(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
}

/** WebCrypto signs ECDSA as r‖s; WebAuthn carries it DER-encoded. */
function derSignature(raw: Uint8Array): Uint8Array<ArrayBuffer> {
  const integer = (bytes: Uint8Array) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0 && !(bytes[start + 1]! & 0x80)) start += 1;
    let value = bytes.slice(start);
    if (value[0]! & 0x80) value = concat([0], value);
    return concat([0x02, value.length], value);
  };
  const r = integer(raw.slice(0, 32));
  const s = integer(raw.slice(32));
  return concat([0x30, r.length + s.length], r, s);
}

function b64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

/** The little CBOR (RFC 8949) an authenticator writes: integers, text, bytes and maps. Kept apart from the library under test. */
function cbor(value: Cbor): Uint8Array<ArrayBuffer> {
  const head = (major: number, length: number): number[] =>
    length < 24 ? [(major << 5) | length] : length < 256 ? [(major << 5) | 24, length] : [(major << 5) | 25, length >> 8, length & 255];
  if (typeof value === "number") return new Uint8Array(value >= 0 ? head(0, value) : head(1, -1 - value));
  if (typeof value === "string") {
    const text = new TextEncoder().encode(value);
    return concat(head(3, text.length), text);
  }
  if (value instanceof Uint8Array) return concat(head(2, value.length), value);
  return concat(head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)]));
}

export type SoftAuthenticator = {
  credentialId: string;
  register(options: PublicKeyCredentialCreationOptionsJSON, origin: string): Promise<RegistrationResponseJSON>;
  /** Signs in; `counter` overrides the signature counter (to play a cloned authenticator). */
  authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    origin: string,
    overrides?: { counter?: number },
  ): Promise<AuthenticationResponseJSON>;
};

export async function createSoftAuthenticator(): Promise<SoftAuthenticator> {
  const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const rawId = crypto.getRandomValues(new Uint8Array(16));
  const credentialId = b64(rawId);
  let counter = 0;
  let userHandle: string | null = null;

  const clientData = (type: string, challenge: string, origin: string) =>
    new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentialId,
    async register(options, origin) {
      userHandle = options.user.id;
      const publicKey = new Uint8Array((await crypto.subtle.exportKey("raw", keys.publicKey)) as ArrayBuffer);
      const coseKey = new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, publicKey.slice(1, 33)],
        [-3, publicKey.slice(33, 65)],
      ]);
      const authData = concat(
        await sha256(new TextEncoder().encode(options.rp.id)),
        [FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_CREDENTIAL],
        uint32(counter),
        new Uint8Array(16), // AAGUID
        [rawId.length >> 8, rawId.length & 255],
        rawId,
        cbor(coseKey),
      );
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", authData],
        ]),
      );
      return {
        id: credentialId,
        rawId: credentialId,
        type: "public-key",
        response: {
          clientDataJSON: b64(clientData("webauthn.create", options.challenge, origin)),
          attestationObject: b64(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
    async authenticate(options, origin, overrides = {}) {
      counter = overrides.counter ?? counter + 1;
      const authData = concat(
        await sha256(new TextEncoder().encode(options.rpId ?? "")),
        [FLAG_USER_PRESENT | FLAG_USER_VERIFIED],
        uint32(counter),
      );
      const clientDataJSON = clientData("webauthn.get", options.challenge, origin);
      const signed = concat(authData, await sha256(clientDataJSON));
      const signature = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, keys.privateKey, signed));
      return {
        id: credentialId,
        rawId: credentialId,
        type: "public-key",
        response: {
          clientDataJSON: b64(clientDataJSON),
          authenticatorData: b64(authData),
          signature: b64(derSignature(signature)),
          userHandle: userHandle ?? undefined,
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
}
