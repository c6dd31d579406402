#!/usr/bin/env node
/**
 * Makes a VAPID key pair for web push (ADR 026) and prints how to configure it. One pair per
 * deployment: every site of the Worker pushes with it. A new pair invalidates every stored push
 * subscription (browsers subscribed with the old public key), so make it once.
 *
 *   npm run vapid-keys [-- mailto:support@example.com]
 */
const { subtle } = globalThis.crypto;
const pair = await subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
const { kty, crv, x, y, d } = await subtle.exportKey("jwk", pair.privateKey);
const privateJwk = JSON.stringify({ kty, crv, x, y, d });
const raw = new Uint8Array(await subtle.exportKey("raw", pair.publicKey));
const publicKey = Buffer.from(raw).toString("base64url");
const subject = process.argv[2] ?? "mailto:support@example.com";

console.log(`VAPID key pair (P-256)

Public key (browsers subscribe with it; the Worker derives it from the private key):
  ${publicKey}

Private key (JWK; a secret, never commit it):
  ${privateJwk}

Production:
  echo '${privateJwk}' | npx wrangler secret put VAPID_PRIVATE_KEY --env production
  and in wrangler.toml [env.production] vars: VAPID_SUBJECT = "${subject}"

Development (wrangler.toml [vars], or .dev.vars):
  VAPID_PRIVATE_KEY = '${privateJwk}'
  VAPID_SUBJECT = "${subject}"
`);
