/**
 * Password hashing with scrypt (node:crypto through nodejs_compat).
 *
 * Workers in production cap PBKDF2 at 100,000 iterations and give little CPU per request, so we use
 * scrypt with N=2^14, r=8, p=1 (16 MiB, ~50 ms natively), a 16-byte salt and a 32-byte key.
 * The encoded form carries its parameters: `scrypt$N$r$p$salt$hash` (base64), so they can be raised
 * later without invalidating stored hashes. `password.server.test.ts` pins these values.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";

export const SCRYPT_PARAMS = { N: 16384, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;

function scrypt(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize("NFKC"), salt, keyLength, { N, r, p, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p, keyLength, saltLength } = SCRYPT_PARAMS;
  const salt = randomBytes(saltLength);
  const key = await scrypt(password, salt, N, r, p, keyLength);
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const [algorithm, n, r, p, saltB64, hashB64] = encoded.split("$");
  if (algorithm !== "scrypt" || !n || !r || !p || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, "base64");
  const key = await scrypt(password, Buffer.from(saltB64, "base64"), Number(n), Number(r), Number(p), expected.length);
  return key.length === expected.length && timingSafeEqual(key, expected);
}
