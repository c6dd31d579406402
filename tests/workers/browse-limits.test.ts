/**
 * Nobody walks the member base: search pages and profile views are limited per client IP and per
 * signed-in member (ADR 019), with a translated 429 page once a client reads faster than a person.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BROWSE_LIMITS } from "~/security/browse-limits";
import { createMember, loginCookie } from "./factories";
import { mainContent, sql } from "./helpers";

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

describe("browsing limits on the member landers", () => {
  const landers = (id: number | string) => [
    `/members/${id}/landing`,
    `/members/${id}/landing2/nl-plain`,
    `/members/${id}/landing3`,
    `/members/${id}/signup`,
  ];

  it("counts lander views with profile views, on the same counters, and refuses them with the profile page's 429", async () => {
    const seen = await createMember({ gender: "female", name: "Landerlies" });
    const ip = randomIp();
    const paths = [`/members/${seen.profileId}`, ...landers(seen.profileId)];
    const views = await statuses(BROWSE_LIMITS.perIp, (i) => ({
      path: `${paths[i % paths.length]}?v=${i}`,
      headers: { "CF-Connecting-IP": ip },
    }));
    expect(views.every((status) => status === 200)).toBe(true);

    const profile = await browse(`/members/${seen.profileId}`, { "CF-Connecting-IP": ip, "Accept-Language": "nl" });
    expect(profile.status).toBe(429);
    expect(profile.headers.get("Retry-After")).toBe(String(BROWSE_LIMITS.windowSeconds));
    const profileText = mainContent(await profile.text());
    expect(profileText).toContain("Wacht een minuut");
    for (const path of landers(seen.profileId)) {
      const refused = await browse(path, { "CF-Connecting-IP": ip, "Accept-Language": "nl" });
      expect(refused.status, path).toBe(429);
      expect(refused.headers.get("Retry-After"), path).toBe(String(BROWSE_LIMITS.windowSeconds));
      const text = mainContent(await refused.text());
      expect(text, path).toBe(profileText);
      expect(text, path).not.toContain("Landerlies");
    }
    // Another address is not affected.
    expect((await browse(`/members/${seen.profileId}/landing`, { "CF-Connecting-IP": randomIp() })).status).toBe(200);
  });

  it("lets lander views alone use up a member's profile views", async () => {
    const [viewer, seen] = await Promise.all([createMember(), createMember({ gender: "female" })]);
    const cookie = await loginCookie(viewer);
    const paths = landers(seen.profileId).filter((path) => !path.endsWith("/signup"));
    const views = await statuses(BROWSE_LIMITS.perMember, (i) => ({
      path: `${paths[i % paths.length]}?v=${i}`,
      headers: { Cookie: cookie, "CF-Connecting-IP": randomIp() },
    }));
    expect(views.every((status) => status === 200)).toBe(true);
    expect((await browse(`/members/${seen.profileId}`, { Cookie: cookie, "CF-Connecting-IP": randomIp() })).status).toBe(429);
  });

  it("answers an id that does not exist exactly like a deleted, blocked or other site's member, under and over the limit", async () => {
    const [viewer, visible, deleted, blocker] = await Promise.all([
      createMember(),
      createMember({ gender: "female" }),
      createMember({ gender: "female", status: "deleted" }),
      createMember({ gender: "female" }),
    ]);
    const elsewhere = await createMember({ site: "de-milf", gender: "female" });
    await sql("INSERT INTO blocks (blocker_id, blocked_id) VALUES (?, ?)", [blocker.profileId, viewer.profileId]);
    const cookie = await loginCookie(viewer);
    const [[maxId]] = (await sql("SELECT max(id) FROM profiles")) as [[string]];
    const missing = Number(maxId) + 1000;

    /** What a visitor can compare: status, content type and the page with the id in its addresses and the nonces taken out. */
    async function answer(id: number, variant: number, headers: Record<string, string>) {
      const response = await browse(landers(id)[variant]!, { ...headers, "Accept-Language": "nl" });
      // Only the id in addresses: the same digits may stand in a year or a company number.
      const body = (await response.text())
        .replace(new RegExp(`(?<=/members/)${id}(?!\\d)`, "g"), "ID")
        .replace(/nonce="[^"]+"/g, 'nonce=""');
      return { status: response.status, type: response.headers.get("Content-Type"), retryAfter: response.headers.get("Retry-After"), body };
    }

    const ip = randomIp();
    for (let variant = 0; variant < 4; variant += 1) {
      const expected = await answer(missing, variant, { Cookie: cookie, "CF-Connecting-IP": ip });
      expect(expected.status).toBe(404);
      for (const hidden of [deleted, blocker, elsewhere]) {
        expect(
          await answer(hidden.profileId, variant, { Cookie: cookie, "CF-Connecting-IP": ip }),
          `${variant} ${hidden.profileId}`,
        ).toEqual(expected);
      }
    }
    expect((await answer(visible.profileId, 0, { Cookie: cookie, "CF-Connecting-IP": ip })).status).toBe(200);

    // Over the limit, an existing member and a missing id answer alike too.
    await statuses(BROWSE_LIMITS.perMember, (i) => ({ path: `/members/${visible.profileId}?v=${i}`, headers: { Cookie: cookie } }));
    const overMissing = await answer(missing, 0, { Cookie: cookie, "CF-Connecting-IP": ip });
    expect(overMissing.status).toBe(429);
    expect(await answer(visible.profileId, 0, { Cookie: cookie, "CF-Connecting-IP": ip })).toEqual(overMissing);
  });
});
