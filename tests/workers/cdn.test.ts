/**
 * spec §3 `cdn_prefix`: a site that sets it serves its public photos and static images from there
 * (app/sites/cdn.ts, ADR 051); the Content-Security-Policy allows that origin for images.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createMember, loginCookie } from "./factories";
import { get, mainContent, sql } from "./helpers";
import { addPhoto } from "./profiles-helpers";

const host = `cdn-${crypto.randomUUID().slice(0, 8)}.sites.test`;
const CDN = "https://media.cdn-example.test/fp";

// Sites are cached per isolate for a minute: this one must exist before the file's first request.
beforeAll(async () => {
  const [[siteId]] = (await sql(
    `INSERT INTO sites (key, name, domain, domain_language, company_id, is_default, settings)
     SELECT ?, name, ?, domain_language, company_id, 0, json_set(settings, '$.cdnPrefix', ?) FROM sites WHERE is_default = 1
     RETURNING id`,
    [host, host, `${CDN}/`],
  )) as [[string]];
  await sql("INSERT INTO site_hosts (host, site_id) VALUES (?, ?)", [host, Number(siteId)]);
  await sql(
    `INSERT INTO site_prices (site_id, currency, package_key, credits, amount_cents, discount_percent, popular, position)
     SELECT ?, currency, package_key, credits, amount_cents, discount_percent, popular, position
     FROM site_prices WHERE site_id = (SELECT id FROM sites WHERE is_default = 1)`,
    [Number(siteId)],
  );
});

describe("a site with a cdn_prefix", () => {
  it("shows members' public photos and the payment icons from the CDN, and lets the page load images from there", async () => {
    const member = await createMember({ site: host, name: "Cdnmember", gender: "female" });
    const photo = await addPhoto(member.profileId, { main: true });
    const viewer = await createMember({ site: host, gender: "male" });
    const cookie = await loginCookie(viewer, host);

    const search = await get("/members?gender=female", { host, cookie });
    expect(mainContent(await search.text())).toContain(`src="${CDN}/${photo.thumbKey}"`);
    expect(search.headers.get("Content-Security-Policy")).toMatch(/img-src 'self' data: blob:[^;]* https:\/\/media\.cdn-example\.test/);

    const payment = mainContent(await (await get("/credits/p2", { host, cookie, country: "NL" })).text());
    expect(payment).toContain(`src="${CDN}/payment-methods/ideal.svg"`);

    const settings = (await (await get("/api/settings.php", { host })).json()) as { cdn_prefix: string };
    expect(settings.cdn_prefix).toBe(CDN);
  });

  it("leaves addresses on the site itself without one", async () => {
    const member = await createMember({ name: "Localmember", gender: "female" });
    const photo = await addPhoto(member.profileId, { main: true });
    const viewer = await createMember({ gender: "male" });
    const html = mainContent(await (await get("/members?gender=female", { cookie: await loginCookie(viewer) })).text());
    expect(html).toContain(`src="/${photo.thumbKey}"`);
    expect(html).not.toContain("cdn-example");
  });
});
