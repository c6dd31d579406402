import { beforeAll, describe, expect, it } from "vitest";
import { createMember, loginCookie, type TestMember } from "./factories";
import { cookiesOf, get, mainContent, sql } from "./helpers";
import { SLUG_LANDER_DESIGNS } from "~/landers/lander-slug";
import { addPhoto } from "./profiles-helpers";
import { accountForm, activationToken, createSiteWithSignups, postAs } from "./signup-helpers";
import de from "../../locales/de/landers.json";
import en from "../../locales/en/landers.json";
import nl from "../../locales/nl/landers.json";

/**
 * The landers and member landers (product.md §10 "Landers"), on a site of their own (niche 5,
 * gilf) so the members shown are only this file's. Sites are cached per isolate: it must exist
 * before this file's first request.
 */
const host = `landers-${crypto.randomUUID().slice(0, 8)}.test`;
let siteId = 0;
/** A site whose signup needs a known traffic source (product.md §4 `with_trafficsource`). */
let gatedHost = "";

const DESIGNS = SLUG_LANDER_DESIGNS;

/** The member made for each niche; every lander shows its niche's lead (locales/<lang>/landers.json). */
const NICHES = {
  plain: { member: "Plainia" },
  she: { member: "Shelly" },
  bdsm: { member: "Bondina" },
  bbw: { member: "Curvina" },
  gilf: { member: "Grannia" },
  milf: { member: "Milfia" },
  gay: { member: "Gaybert" },
} as const;

type Niche = keyof typeof NICHES;
const members = {} as Record<Niche, TestMember>;

/** A confirmed member of the lander site with an approved main photo and the given profile columns. */
async function landerMember(name: string, profile: Record<string, string | number>) {
  const member = await createMember({ name, gender: profile.gender === "male" ? "male" : "female" });
  await sql("UPDATE users SET site_id = ? WHERE id = ?", [siteId, member.userId]);
  const columns = Object.keys(profile);
  await sql(`UPDATE profiles SET site_id = ?, ${columns.map((column) => `${column} = ?`).join(", ")} WHERE id = ?`, [
    siteId,
    ...Object.values(profile),
    member.profileId,
  ]);
  await addPhoto(member.profileId, { main: true });
  return { ...member, siteId };
}

beforeAll(async () => {
  gatedHost = await createSiteWithSignups("landers-gated", "with_trafficsource");
  const [[id]] = (await sql(
    `INSERT INTO sites (key, name, domain, domain_language, company_id, is_default, settings)
     SELECT ?, 'Landerland', ?, domain_language, company_id, 0, json_set(settings, '$.niche', 5, '$.countries', json('["NL"]')) FROM sites WHERE is_default = 1
     RETURNING id`,
    [`landers-${crypto.randomUUID().slice(0, 8)}`, host],
  )) as [[string]];
  siteId = Number(id);
  await sql("INSERT INTO site_hosts (host, site_id) VALUES (?, ?)", [host, siteId]);
  const [[utrecht]] = (await sql("SELECT id FROM regions WHERE country = 'NL' AND code = 'UT'")) as [[string]];
  const woman = { gender: "female", sexuality: "hetero", birth_date: "1996-03-02", region_id: Number(utrecht) };
  members.plain = await landerMember(NICHES.plain.member, woman);
  members.she = await landerMember(NICHES.she.member, woman);
  members.bdsm = await landerMember(NICHES.bdsm.member, woman);
  await sql("INSERT INTO profile_interests (profile_id, interest_id) SELECT ?, id FROM interests WHERE key = 'bondage'", [
    members.bdsm.profileId,
  ]);
  members.bbw = await landerMember(NICHES.bbw.member, { ...woman, body_type: "full_figured" });
  members.gilf = await landerMember(NICHES.gilf.member, { ...woman, birth_date: "1950-06-01" });
  members.milf = await landerMember(NICHES.milf.member, { ...woman, birth_date: "1981-09-12" });
  members.gay = await landerMember(NICHES.gay.member, {
    gender: "male",
    sexuality: "gay",
    birth_date: "1990-01-01",
    region_id: Number(utrecht),
  });
});

const page = async (path: string, options: { cookie?: string } = {}) => {
  const response = await get(path, { host, country: "NL", ...options });
  return { response, html: await response.text() };
};

/** Where the first of this file's members appears in a page (the niche's own member comes first). */
function firstMember(html: string): string | undefined {
  const main = mainContent(html);
  return Object.values(NICHES)
    .map(({ member }) => ({ member, at: main.indexOf(member) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at)[0]?.member;
}

describe("the nine landers", () => {
  it("answers every lander for every niche's slug with that niche's copy and members first", async () => {
    for (const design of DESIGNS) {
      for (const [niche, { member }] of Object.entries(NICHES) as [Niche, (typeof NICHES)[Niche]][]) {
        const { response, html } = await page(`/landers/${design}/nl-${niche}`);
        expect(response.status, `${design}/nl-${niche}`).toBe(200);
        expect(mainContent(html), `${design}/nl-${niche}`).toContain(nl.niche[niche].lead);
        // plain and she pick women without more conditions: any woman of the site may come first.
        if (niche !== "plain" && niche !== "she") expect(firstMember(html), `${design}/nl-${niche}`).toBe(member);
      }
    }
  });

  it("shows the gay niche's men and the other niches' women only while they have enough", async () => {
    const gay = mainContent((await page("/landers/gallery/nl-gay")).html);
    expect(gay.indexOf(NICHES.gay.member)).toBeLessThan(gay.indexOf(NICHES.gilf.member));
    const milf = mainContent((await page("/landers/gallery/nl-milf")).html);
    expect(milf.indexOf(NICHES.milf.member)).toBeGreaterThanOrEqual(0);
    // Filled up with the niche's gender first: the women before the man.
    expect(milf.indexOf(NICHES.gilf.member)).toBeLessThan(milf.indexOf(NICHES.gay.member));
  });

  it("takes the copy's language from the slug", async () => {
    const { html } = await page("/landers/video/de-milf");
    expect(mainContent(html)).toContain(de.niche.milf.lead);
    expect(html).toMatch(/class="layout layout--lander" lang="de"/);
    const english = mainContent((await page("/landers/collagelanding/en-gay")).html);
    expect(english).toContain(en.niche.gay.headline);
  });

  it("falls back to the site's own niche in the visitor's language for a missing or unknown slug", async () => {
    for (const path of ["/landers/gallery", "/landers/gallery/xx-gilf", "/landers/gallery/nl-unknown", "/landers/gallery/NL-MILF"]) {
      const { response, html } = await page(path);
      expect(response.status, path).toBe(200);
      expect(mainContent(html), path).toContain(nl.niche.gilf.headline);
      expect(firstMember(html), path).toBe(NICHES.gilf.member);
    }
  });

  it("has the swipe demo at /landers/tinderswipe (no slug), with a like and a skip per member", async () => {
    const { response, html } = await page("/landers/tinderswipe");
    expect(response.status).toBe(200);
    const main = mainContent(html);
    expect(main).toContain(nl.tinderswipe.title);
    expect(main).toContain(`for="like-${members.gilf.profileId}"`);
    expect(main).toContain(`for="pass-${members.gilf.profileId}"`);
    expect((await page("/landers/tinderswipe/nl-gilf")).response.status).toBe(404);
  });

  it("shows members per region on the map and never a member's position", async () => {
    const main = mainContent((await page("/landers/maplanding/nl-gilf")).html);
    expect(main).toContain("Utrecht");
    expect(main).toContain('class="region-map"');
  });

  it("leads visitors to signing up, a member's tile to that member's signup", async () => {
    const main = mainContent((await page("/landers/gallery/nl-gilf")).html);
    expect(main).toContain('href="/signup"');
    expect(main).toContain(`href="/members/${members.gilf.profileId}/signup"`);
  });

  it("is plain HTML: no script files, only the nonce'd page-hidden beacon, with the lander layout's header, footer and disclaimer", async () => {
    for (const path of [
      "/landers/tinderswipe",
      "/landers/socialnetwork/nl-plain",
      `/members/${members.milf.profileId}/landing3/nl-milf`,
      `/members/${members.milf.profileId}/signup`,
    ]) {
      const { response, html } = await page(path);
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
      const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)];
      expect(
        scripts.map((script) => script[0].slice(0, script[0].indexOf(">") + 1)),
        path,
      ).toEqual([`<script nonce="${nonce}">`]);
      expect(scripts[0]![1], path).toContain('navigator.sendBeacon("/api/page-hidden.php", "{}")');
      expect(html, path).not.toContain("modulepreload");
      expect(html, path).toContain('class="topnav lander-header"');
      expect(html, path).toContain("footer__disclaimer");
    }
  });

  it("sends the page-hidden beacon from every page, the visitor's and the member's, but not from an error page", async () => {
    for (const path of ["/", "/pricing", "/signup", "/login", "/pages/terms"]) {
      const html = await (await get(path, { host, country: "NL" })).text();
      expect(html, path).toContain('navigator.sendBeacon("/api/page-hidden.php", "{}")');
    }
    const member = await createMember();
    for (const path of ["/members", "/chats", "/likes", "/notifications"]) {
      const html = await (await get(path, { cookie: await loginCookie(member) })).text();
      expect(html, path).toContain('navigator.sendBeacon("/api/page-hidden.php", "{}")');
    }
    expect(await (await get("/members/999999999/landing", { host, country: "NL" })).text()).not.toContain("/api/page-hidden.php");
  });

  it("shows the entry warning for visitors from NL and DE, not elsewhere", async () => {
    expect((await page("/landers/iconslanding")).html).toContain('class="entry-warning"');
    const fromFrance = await (await get("/landers/iconslanding", { host, country: "FR" })).text();
    expect(fromFrance).not.toContain('class="entry-warning"');
  });

  it("keeps the landing's tracking parameters in the tracking cookie", async () => {
    const { response } = await page("/landers/video/nl-milf?network=adnet&ref=r7&sub1=banner&sub2=x&sub3=y");
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith("tracking="));
    expect(cookie).toBeTruthy();
    const record = JSON.parse(decodeURIComponent(cookie!.split(";")[0]!.slice("tracking=".length)));
    expect(record).toEqual({ network: "adnet", ref: "r7", sub1: "banner", sub2: "x", sub3: "y", landingPath: "/landers/video/nl-milf" });
  });
});

describe("the member landers", () => {
  it("answers landing, landing2, landing3 (with and without slug) and signup for a visible member", async () => {
    const id = members.bbw.profileId;
    for (const path of [
      `/members/${id}/landing`,
      `/members/${id}/landing2`,
      `/members/${id}/landing2/de-bbw`,
      `/members/${id}/landing3`,
      `/members/${id}/landing3/en-plain`,
      `/members/${id}/signup`,
    ]) {
      const { response, html } = await page(path);
      expect(response.status, path).toBe(200);
      expect(mainContent(html), path).toContain(NICHES.bbw.member);
    }
    expect(mainContent((await page(`/members/${id}/landing2/de-bbw`)).html)).toContain(de.niche.bbw.headline);
    expect(mainContent((await page(`/members/${id}/landing`)).html)).toContain(`href="/members/${id}/signup"`);
  });

  it("gives the site's 404 for an unknown, deleted, other site's or blocked member", async () => {
    const deleted = await landerMember("Weggaan", { gender: "female", sexuality: "hetero" });
    await sql("UPDATE profiles SET status = 'deleted' WHERE id = ?", [deleted.profileId]);
    const elsewhere = await createMember({ site: "de-milf", name: "Anderswo" });
    for (const id of ["999999999", "abc", String(deleted.profileId), String(elsewhere.profileId)]) {
      for (const path of [
        `/members/${id}/landing`,
        `/members/${id}/signup`,
        `/members/${id}/landing2/nl-plain`,
        `/members/${id}/landing3`,
      ]) {
        const { response, html } = await page(path);
        expect(response.status, path).toBe(404);
        expect(html, path).toContain("Deze pagina kon niet worden gevonden");
      }
    }
    const viewer = await landerMember("Blokker", { gender: "male", sexuality: "hetero" });
    await sql("INSERT INTO blocks (blocker_id, blocked_id) VALUES (?, ?)", [members.she.profileId, viewer.profileId]);
    const cookie = await loginCookie(viewer, host);
    expect((await page(`/members/${members.she.profileId}/landing`, { cookie })).response.status).toBe(404);
    expect((await page(`/members/${members.plain.profileId}/landing`, { cookie })).response.status).toBe(200);
  });

  it("signs a visitor up with the member in view, keeps the tracking record and goes on to the member's profile", async () => {
    const id = members.gilf.profileId;
    const tracking = `tracking=${encodeURIComponent(JSON.stringify({ network: "adnet", sub1: "s1", landingPath: "/landers/gallery/nl-gilf" }))}`;
    const form = accountForm();
    const response = await postAs(`/members/${id}/signup`, form, { host, cookie: tracking });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/members/${id}`);
    const rows = await sql(
      "SELECT t.network, t.sub1, t.landing_path FROM tracking_records t JOIN users u ON u.id = t.user_id WHERE u.email = ?",
      [form.email!.toLowerCase()],
    );
    expect(rows).toEqual([["adnet", "s1", "/landers/gallery/nl-gilf"]]);
  });

  it("answers invalid signup input on the member's page with the spec's messages", async () => {
    const id = members.gilf.profileId;
    const response = await postAs(`/members/${id}/signup`, accountForm({ email: "geen-adres" }), { host });
    expect(response.status).toBe(400);
    const main = mainContent(await response.text());
    expect(main).toContain("Ongeldige e-mail");
    expect(main).toContain(NICHES.gilf.member);
  });

  it("sends someone signed in from the member's signup to the profile", async () => {
    const viewer = await landerMember("Ingelogd", { gender: "male", sexuality: "hetero" });
    const cookie = await loginCookie(viewer, host);
    const { response } = await page(`/members/${members.gilf.profileId}/signup`, { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/members/${members.gilf.profileId}`);
  });

  it("offers the member's signup on a gated site only to visitors from a known traffic source", async () => {
    const [[gatedSiteId]] = (await sql("SELECT site_id FROM site_hosts WHERE host = ?", [gatedHost])) as [[string]];
    const member = await createMember({ name: "Poortje" });
    await sql("UPDATE users SET site_id = ? WHERE id = ?", [Number(gatedSiteId), member.userId]);
    await sql("UPDATE profiles SET site_id = ? WHERE id = ?", [Number(gatedSiteId), member.profileId]);
    const path = `/members/${member.profileId}/signup`;
    const closed = mainContent(await (await get(path, { host: gatedHost })).text());
    expect(closed).not.toContain('name="email"');
    expect(closed).toContain("Poortje");
    expect(mainContent(await (await get(`${path}?network=adnet`, { host: gatedHost })).text())).toContain('name="email"');
    const refused = await postAs(path, accountForm(), { host: gatedHost });
    expect(refused.status).toBe(403);
  });
});

describe("the landers for search engines and link previews", () => {
  const attribute = (html: string, selector: RegExp) => selector.exec(html)?.[1];

  it("give each lander its title, description and first member's photo; canonical without tracking, alternates in its other slugs", async () => {
    // React closes its own tags with "/>", the document's additions with ">": read them alike.
    const html = (await page("/landers/video/de-milf?network=adnet&sub1=x")).html.replace(/\s*\/>/g, ">");
    const photo = attribute(html, /<img[^>]+src="(\/photos\/[^"]+)"/);
    expect(photo).toBeTruthy();
    expect(html).toContain(`<meta property="og:image" content="http://${host}${photo}">`);
    expect(html).toContain(`<title>${de.video.title.replace("{{siteName}}", "Landerland")} · Landerland</title>`);
    expect(html).toContain(`<meta name="description" content="${de.niche.milf.lead}">`);
    expect(html).toContain(`<meta property="og:description" content="${de.niche.milf.lead}">`);
    expect(html).toContain(`<link rel="canonical" href="http://${host}/landers/video/de-milf">`);
    // The site is Dutch (NL): the German lander's alternate is its Dutch slug, the site's own language the default.
    expect(html).toContain(`<link rel="alternate" hreflang="nl" href="http://${host}/landers/video/nl-milf">`);
    expect(html).toContain(`<link rel="alternate" hreflang="de" href="http://${host}/landers/video/de-milf">`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="http://${host}/landers/video/nl-milf">`);
    expect(html).toMatch(/<html[^>]*lang="de"/);
    expect(html).toContain('<meta property="og:locale" content="de_DE">');
    expect(html).not.toContain('name="robots"');
    expect(html.match(/og:image/g)).toHaveLength(1);

    // An unknown slug shows the lander without one: that is its canonical address.
    const unknown = (await page("/landers/gallery/xx-gilf")).html;
    expect(unknown).toContain(`<link rel="canonical" href="http://${host}/landers/gallery">`);
    expect(unknown).toMatch(/<html[^>]*lang="nl"/);
  });

  it("keep the member landers out of the index, with the member's photo as the preview", async () => {
    const id = members.bbw.profileId;
    for (const path of [`/members/${id}/landing`, `/members/${id}/landing2/de-bbw`, `/members/${id}/landing3`, `/members/${id}/signup`]) {
      const { html } = await page(path);
      expect(html, path).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(html, path).not.toContain('rel="canonical"');
      expect(html, path).not.toContain('rel="alternate"');
      expect(html, path).toMatch(new RegExp(`<meta property="og:image" content="http://${host}/photos/[^"]+"\\s*/?>`));
    }
    expect((await page(`/members/${id}/landing2/de-bbw`)).html).toMatch(/<html[^>]*lang="de"/);
  });
});

describe("the landers in the conversion report", () => {
  /** The report's row of a page, slug and network: visits, bounces, signups, activations, first purchases. */
  async function reportRow(cookie: string, row: { page: string; slug: string | null; network: string }) {
    const today = new Date().toISOString().slice(0, 10);
    const html = mainContent((await page(`/conversions?from=${today}&to=${today}`, { cookie })).html);
    const cells = new RegExp(`<tr><td>${row.page}</td><td>${row.slug ?? "—"}</td><td>${row.network}</td>((?:<td>[^<]*</td>){5})`).exec(
      html,
    );
    return cells ? [...cells[1]!.matchAll(/<td>([^<]*)<\/td>/g)].map((cell) => Number(cell[1])) : null;
  }

  async function signUpAndConfirm(path: string, cookie: string) {
    const form = accountForm();
    const response = await postAs(path, form, { host, cookie });
    expect(response.status, path).toBe(302);
    const activated = await postAs("/activate", { token: await activationToken(form.email!.toLowerCase()) }, { host });
    expect(activated.headers.get("Location")).toBe("/activate/done");
    return form.email!.toLowerCase();
  }

  it("counts each lander's visits and the signups, activations and purchases that came from them, per slug and network", async () => {
    const network = `landernet${Date.now()}`;
    const gilf = members.gilf.profileId;

    // Two visitors land on the gallery; one signs up on /signup, the other through a member's tile.
    const viaSignupPage = cookiesOf((await page(`/landers/gallery/nl-gilf?network=${network}`)).response);
    expect(viaSignupPage).toMatch(/landing=[\w-]{22}/);
    expect(mainContent((await page("/signup", { cookie: viaSignupPage })).html)).toContain('name="email"');
    const first = await signUpAndConfirm("/signup", viaSignupPage);
    await sql("UPDATE users SET paid_user = 1, premium_since = unixepoch() WHERE email = ?", [first]);

    const viaMember = cookiesOf((await page(`/landers/gallery/nl-gilf?network=${network}`)).response);
    // The member's signup page counts as a visit of its own, but the signup stays with the gallery.
    const memberPage = await page(`/members/${gilf}/signup`, { cookie: viaMember });
    expect(memberPage.response.headers.getSetCookie().some((cookie) => cookie.startsWith("landing="))).toBe(false);
    await signUpAndConfirm(`/members/${gilf}/signup`, viaMember);

    // A visitor of a member lander signs up on that member's signup page without confirming.
    const memberLander = cookiesOf((await page(`/members/${gilf}/landing2/nl-gilf?network=${network}`)).response);
    const unconfirmed = accountForm();
    expect((await postAs(`/members/${gilf}/signup`, unconfirmed, { host, cookie: memberLander })).status).toBe(302);

    // The swipe demo has no slug; one visitor only looks, another leaves by "not now" (a bounce).
    await page(`/landers/tinderswipe?network=${network}`);
    const leaving = await page(`/landers/tinderswipe?network=${network}`);
    const leave = /<p class="container lander-leave"><a href="([^"]+)">([^<]+)<\/a>/.exec(leaving.html);
    expect(leave?.slice(1)).toEqual(["/?lb=%2Flanders%2Ftinderswipe", nl.leave]);
    expect((await page(leave![1]!, { cookie: cookiesOf(leaving.response) })).response.status).toBe(200);

    const moderator = await landerMember("Moderata", { gender: "female", sexuality: "hetero" });
    await sql("UPDATE users SET role = 'moderator' WHERE id = ?", [moderator.userId]);
    const cookie = await loginCookie(moderator, host);
    expect(await reportRow(cookie, { page: "/landers/gallery", slug: "nl-gilf", network })).toEqual([2, 0, 2, 2, 1]);
    expect(await reportRow(cookie, { page: `/members/${gilf}/signup`, slug: null, network })).toEqual([1, 0, 0, 0, 0]);
    expect(await reportRow(cookie, { page: `/members/${gilf}/landing2`, slug: "nl-gilf", network })).toEqual([1, 0, 1, 0, 0]);
    expect(await reportRow(cookie, { page: "/landers/tinderswipe", slug: null, network })).toEqual([2, 1, 0, 0, 0]);
  });

  it("offers the way out in the lander's language, to visitors only", async () => {
    const german = (await page("/landers/gallery/de-plain")).html;
    expect(german).toContain(`<a href="/?lb=%2Flanders%2Fgallery%2Fde-plain">${de.leave}</a>`);
    const viewer = await landerMember("Blijver", { gender: "male", sexuality: "hetero" });
    expect((await page("/landers/gallery/de-plain", { cookie: await loginCookie(viewer, host) })).html).not.toContain("lander-leave");
  });

  it("does not count members, 404s or form posts as visits", async () => {
    const network = `quietnet${Date.now()}`;
    const viewer = await landerMember("Kijker", { gender: "male", sexuality: "hetero" });
    await page(`/landers/video/nl-milf?network=${network}`, { cookie: await loginCookie(viewer, host) });
    await page(`/members/999999999/landing?network=${network}`);
    await postAs(`/members/${members.milf.profileId}/signup?network=${network}`, accountForm({ email: "geen-adres" }), { host });
    expect(await sql("SELECT page FROM landing_visits WHERE network = ?", [network])).toEqual([]);
  });
});
