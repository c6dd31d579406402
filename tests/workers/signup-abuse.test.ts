/**
 * Signup abuse (ADR 053) through the real form: throwaway addresses are refused with a translated
 * message, and a network range (/24, /48) is limited as a whole, so walking through neighbouring
 * addresses does not get around the per-address limit.
 */
import { describe, expect, it } from "vitest";
import { SIGNUPS_PER_NETWORK_PER_HOUR } from "~/accounts/signup-limits";
import { mainContent } from "./helpers";
import { accountForm, postAs, uniqueEmail, userRow } from "./signup-helpers";

describe("signup abuse", () => {
  it("refuses a disposable e-mail address, also on a subdomain, and stores nothing", async () => {
    for (const email of [
      `anna-${crypto.randomUUID().slice(0, 8)}@mailinator.com`,
      `bot-${crypto.randomUUID().slice(0, 8)}@x.yopmail.com`,
    ]) {
      const response = await postAs("/signup", accountForm({ email }));
      expect(response.status, email).toBe(400);
      expect(mainContent(await response.text())).toContain(
        "Gebruik je eigen e-mailadres: adressen van wegwerp-maildiensten worden niet geaccepteerd.",
      );
      expect(await userRow(email)).toBeNull();
    }
    expect((await postAs("/signup", accountForm({ email: uniqueEmail() }))).status).toBe(302);
  });

  it("limits signups per /24 network even from different addresses", async () => {
    const net = `203.0.${100 + Math.floor(Math.random() * 150)}`;
    for (let n = 0; n < SIGNUPS_PER_NETWORK_PER_HOUR; n += 1) {
      const response = await postAs("/signup", accountForm(), { ip: `${net}.${n + 1}` });
      expect(response.status, `signup ${n + 1}`).toBe(302);
    }
    const email = uniqueEmail();
    const refused = await postAs("/signup", accountForm({ email }), { ip: `${net}.250` });
    expect(refused.status).toBe(429);
    expect(await userRow(email)).toBeNull();
    // The next range is not affected.
    expect((await postAs("/signup", accountForm(), { ip: `198.18.${Math.floor(Math.random() * 250)}.9` })).status).toBe(302);
  });

  it("limits signups per /48 IPv6 network", async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}`;
    for (let n = 0; n < SIGNUPS_PER_NETWORK_PER_HOUR; n += 1)
      expect((await postAs("/signup", accountForm(), { ip: `${prefix}:${n.toString(16)}::1` })).status).toBe(302);
    expect((await postAs("/signup", accountForm(), { ip: `${prefix}:ffff::2` })).status).toBe(429);
  });
});
