/**
 * Nobody walks the member base: search pages and profile views are limited per client IP and per
 * signed-in member (ADR 019), with a translated 429 page once a client reads faster than a person.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BROWSE_LIMITS } from "~/security/browse-limits";
import { createMember, loginCookie } from "./factories";
import { mainContent } from "./helpers";

function browse(path: string, headers: Record<string, string>) {
  return exports.default.fetch(new Request(`http://localhost${path}`, { headers, redirect: "manual" }));
}

/** Makes `count` requests one after another; the statuses in order. */
async function statuses(count: number, request: (i: number) => { path: string; headers: Record<string, string> }) {
  const result: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const { path, headers } = request(i);
    const response = await browse(path, headers);
    await response.body?.cancel();
    result.push(response.status);
  }
  return result;
}

const randomIp = () => `2001:db8:ffff::${crypto.randomUUID().slice(0, 4)}`;

describe("browsing limits", () => {
  it("answers 429 with a translated page once one IP address reads more search pages than a person could", async () => {
    const ip = randomIp();
    const seen = await statuses(BROWSE_LIMITS.perIp, (i) => ({
      path: `/members?gender=female&country=NL&page=${i}`,
      headers: { "CF-Connecting-IP": ip },
    }));
    expect(seen.every((status) => status === 200)).toBe(true);

    const refused = await browse("/members", { "CF-Connecting-IP": ip, "Accept-Language": "nl" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe(String(BROWSE_LIMITS.windowSeconds));
    expect(mainContent(await refused.text())).toContain("Wacht een minuut");

    // Another address is not affected.
    expect((await browse("/members", { "CF-Connecting-IP": randomIp() })).status).toBe(200);
  });

  it("limits a signed-in member's profile views, whichever address they use", async () => {
    const [viewer, seen] = await Promise.all([createMember(), createMember()]);
    const cookie = await loginCookie(viewer);
    const views = await statuses(BROWSE_LIMITS.perMember, (i) => ({
      path: `/members/${seen.profileId}?v=${i}`,
      headers: { Cookie: cookie, "CF-Connecting-IP": randomIp() },
    }));
    expect(views.every((status) => status === 200)).toBe(true);
    expect((await browse(`/members/${seen.profileId}`, { Cookie: cookie, "CF-Connecting-IP": "2001:db8:2::1" })).status).toBe(429);
    expect((await browse("/members", { Cookie: cookie })).status).toBe(429);

    // Another member is not affected.
    const other = await loginCookie(await createMember());
    expect((await browse(`/members/${seen.profileId}`, { Cookie: other })).status).toBe(200);
  });
});
