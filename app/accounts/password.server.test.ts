import { describe, expect, it } from "vitest";
import { hashPassword, SCRYPT_PARAMS, verifyPassword } from "./password.server";

describe("password hashing", () => {
  it("pins the scrypt parameters (changing them needs a migration plan)", () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 16384, r: 8, p: 1, keyLength: 32, saltLength: 16 });
  });

  it("verifies the right password only, with a fresh salt each time", async () => {
    const hash = await hashPassword("demo1234!demo");
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword("demo1234!demo", hash)).toBe(true);
    expect(await verifyPassword("demo1234!Demo", hash)).toBe(false);
    expect(await hashPassword("demo1234!demo")).not.toBe(hash);
  });

  it("rejects malformed stored hashes without throwing", async () => {
    expect(await verifyPassword("x", "not-a-hash")).toBe(false);
  });
});
