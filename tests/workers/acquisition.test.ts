/**
 * Acquisition through the real routes (product.md §10 "Acquisition"): a landing's tracking reaching
 * the account, signup gating by traffic source, `lb` bounces and the page-hidden beacon, the
 * conversion report's figures, `{token}` short links, sitemap and robots per host, the SEO tags,
 * and the third-party scripts that load (and that the CSP allows) only after consent.
 * Each test runs on sites of its own, so other files' visits never count here.
 */
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createMember, loginCookie } from "./factories";
import { cookiesOf, mainContent, sql } from "./helpers";
import { accountForm, activationToken, postAs, uniqueIp } from "./signup-helpers";

const SCRIPT = "https://stats.example.com/tag.js";
const hosts = { gated: "", open: "", scripts: "" };
const siteIds: Record<string, number> = {};

/** A copy of the default site (NL, BE) under its own host, with some settings changed. */
async function createSite(key: string, settings: Record<string, unknown>): Promise<string> {
  const host = `${key}-${crypto.randomUUID().slice(0, 8)}.acquisition.test`;
  const [[siteId]] = (await sql(
    `INSERT INTO sites (key, name, domain, domain_language, company_id, is_default, settings)
     SELECT ?, name, ?, domain_language, company_id, 0, json_patch(settings, ?) FROM sites WHERE is_default = 1
     RETURNING id`,
    [host, host, JSON.stringify(settings)],
  )) as [[string]];
  await sql("INSERT INTO site_hosts (host, site_id) VALUES (?, ?)", [host, Number(siteId)]);
  siteIds[host] = Number(siteId);
  return host;
}

// Sites are cached per isolate for a minute: they must exist before this file's first request.
beforeAll(async () => {
  hosts.gated = await createSite("gated", { signups: "with_trafficsource", trafficNetworks: ["adnet"] });
  hosts.open = await createSite("open", { signups: "all" });
  hosts.scripts = await createSite("scripts", {
    thirdPartyScripts: [{ purpose: "analytics", src: SCRIPT, hosts: ["collect.example.net"] }],
  });
});

/** A request with this header answers once its work after the response is done (APP_ENV "test", ADR 049). */
const AFTER_RESPONSE = { "X-Test-Meter": "1" };

/** A request as a browser sends it, from an address of its own (the page-event limits count per IP). */
function visit(path: string, host: string, options: { cookie?: string; ip?: string; headers?: Record<string, string> } = {}) {
  const headers = new Headers({ "CF-Connecting-IP": options.ip ?? uniqueIp(), ...options.headers });
  if (options.cookie) headers.set("Cookie", options.cookie);
  return exports.default.fetch(new Request(`http://${host}${path}`, { headers, redirect: "manual" }));
}

function beacon(host: string, options: { referer?: string; cookie?: string; ip: string; origin?: string }) {
  const headers = new Headers({
    Origin: options.origin ?? `http://${host}`,
    "Content-Type": "application/json",
    "CF-Connecting-IP": options.ip,
  });
  if (options.referer) headers.set("Referer", options.referer);
  if (options.cookie) headers.set("Cookie", options.cookie);
  return exports.default.fetch(new Request(`http://${host}/api/page-hidden.php`, { method: "POST", headers, body: "{}" }));
}

async function signUpWith(host: string, cookie: string) {
  const form = accountForm();
  const response = await postAs("/signup", form, { host, cookie });
  return { response, email: form.email!.toLowerCase() };
}

/** A confirmed member of one of this file's sites, signed in there; its Cookie header. */
async function memberCookie(host: string, role: "member" | "moderator" = "member") {
  const member = await createMember();
  await sql("UPDATE users SET site_id = ?, role = ? WHERE id = ?", [siteIds[host]!, role, member.userId]);
  await sql("UPDATE profiles SET site_id = ? WHERE id = ?", [siteIds[host]!, member.profileId]);
  return loginCookie(member, host);
}

async function userIdOf(email: string) {
  const [[id]] = (await sql("SELECT id FROM users WHERE email = ?", [email])) as [[string]];
  return Number(id);
}

describe("tracking from the landing to the account", () => {
  it("keeps network, ref and sub1–3 of the landing URL in a cookie and stores them with the account at signup", async () => {
    const landing = await visit("/pricing?network=adnet&ref=r9&sub1=s1&sub2=s2&sub3=s3", hosts.open);
    expect(landing.status).toBe(200);
    const cookie = cookiesOf(landing);
    expect(cookie).toMatch(/tracking=/);
    expect(cookie).toMatch(/landing=/);

    const { response, email } = await signUpWith(hosts.open, cookie);
    expect(response.status).toBe(302);
    const cleared = response.headers.getSetCookie();
    expect(cleared.some((header) => header.startsWith("tracking=;") && header.includes("Max-Age=0"))).toBe(true);
    expect(cleared.some((header) => header.startsWith("landing=;") && header.includes("Max-Age=0"))).toBe(true);
    const userId = await userIdOf(email);
    expect(await sql("SELECT network, ref, sub1, sub2, sub3, landing_path FROM tracking_records WHERE user_id = ?", [userId])).toEqual([
      ["adnet", "r9", "s1", "s2", "s3", "/pricing"],
    ]);
    expect(await sql("SELECT page, network FROM landing_visits WHERE user_id = ?", [userId])).toEqual([["/pricing", "adnet"]]);
  });

  it("with_trafficsource: signup only for visitors who came through one of the site's networks", async () => {
    const without = await signUpWith(hosts.gated, "");
    expect(without.response.status).toBe(403);
    const page = mainContent(await (await visit("/signup", hosts.gated)).text());
    expect(page).not.toContain('name="email"');

    const madeUp = await visit("/?network=madeup", hosts.gated);
    expect((await signUpWith(hosts.gated, cookiesOf(madeUp))).response.status).toBe(403);

    const landing = await visit("/?network=adnet&sub1=june", hosts.gated);
    const cookie = cookiesOf(landing);
    expect(mainContent(await (await visit("/signup", hosts.gated, { cookie })).text())).toContain('name="email"');
    const { response, email } = await signUpWith(hosts.gated, cookie);
    expect(response.status).toBe(302);
    expect(await sql("SELECT network, sub1 FROM tracking_records WHERE user_id = ?", [await userIdOf(email)])).toEqual([["adnet", "june"]]);
  });

  it("does not count members, crawlers or prefetches as visits", async () => {
    const cookie = await memberCookie(hosts.open);
    const before = await sql("SELECT count(*) FROM landing_visits WHERE site_id = ?", [siteIds[hosts.open]!]);
    await visit("/pricing", hosts.open, {
      headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    });
    await visit("/pricing", hosts.open, { headers: { "Sec-Purpose": "prefetch" } });
    await visit("/", hosts.open, { cookie });
    expect(await sql("SELECT count(*) FROM landing_visits WHERE site_id = ?", [siteIds[hosts.open]!])).toEqual(before);
  });
});

describe("lander analytics", () => {
  it("logs a bounce of the page `lb` names, with the visitor's network and landing visit", async () => {
    const landing = await visit("/?network=bouncenet", hosts.open);
    const cookie = cookiesOf(landing);
    const visitId = /landing=([\w-]+)/.exec(cookie)![1]!;
    // The bounce is written after the response (ADR 056): the meter's header waits for that work.
    const response = await visit("/pricing?lb=%2Flanders%2Fvideo%2Fnl-1", hosts.open, { cookie, headers: AFTER_RESPONSE });
    expect(response.status).toBe(200);
    expect(await sql("SELECT kind, page, network FROM page_events WHERE visit_id = ?", [visitId])).toEqual([
      ["bounce", "/landers/video/nl-1", "bouncenet"],
    ]);
    // `?lb=1`: the requested page itself bounced.
    await visit("/pages/faq?lb=1", hosts.open, { cookie, headers: AFTER_RESPONSE });
    expect(await sql("SELECT page FROM page_events WHERE visit_id = ? AND page = '/pages/faq'", [visitId])).toEqual([["/pages/faq"]]);
  });

  it("records the page-hidden beacon (page, network, visit), at most 20 times per visit and page, and never fails", async () => {
    // The visit is written after the response (ADR 056): the meter's header waits for it.
    const landing = await visit("/?network=hidenet", hosts.open, { headers: AFTER_RESPONSE });
    const cookie = cookiesOf(landing);
    const visitId = /landing=([\w-]+)/.exec(cookie)![1]!;
    const ip = uniqueIp();
    const response = await beacon(hosts.open, { referer: `http://${hosts.open}/landers/gallery/nl-1?network=hidenet`, cookie, ip });
    expect(response.status).toBe(204);
    const [[kind, page, network, siteId]] = (await sql("SELECT kind, page, network, site_id FROM page_events WHERE visit_id = ?", [
      visitId,
    ])) as [[string, string, string, string]];
    expect({ kind, page, network, siteId: Number(siteId) }).toEqual({
      kind: "hidden",
      page: "/landers/gallery/nl-1",
      network: "hidenet",
      siteId: siteIds[hosts.open],
    });

    // No page to tie it to, another site's page, another origin, the wrong method: no record, no 500.
    expect((await beacon(hosts.open, { ip, cookie })).status).toBe(204);
    expect((await beacon(hosts.open, { ip, cookie, referer: "https://elsewhere.example/landers/x" })).status).toBe(204);
    expect((await beacon(hosts.open, { ip, cookie, referer: `http://${hosts.open}/`, origin: "https://evil.example" })).status).toBe(403);
    const asGet = await visit("/api/page-hidden.php", hosts.open);
    expect(asGet.status).toBe(405);
    expect(await asGet.json()).toMatchObject({ error: "method_not_allowed" });
    expect(await sql("SELECT count(*) FROM page_events WHERE visit_id = ?", [visitId])).toEqual([["1"]]);
    // No landing visit to count it for: answered, nothing recorded.
    const before = await sql("SELECT count(*) FROM page_events");
    expect((await beacon(hosts.open, { ip, referer: `http://${hosts.open}/pages/faq` })).status).toBe(204);
    expect(await sql("SELECT count(*) FROM page_events")).toEqual(before);

    // product.md §9: a visit's page reports at most 20 times (PAGE_EVENTS_PER_VISIT_PAGE), then a 429 in the API's shape,
    // counted in the statement that records it, so a burst at once cannot pass it either.
    const home = `http://${hosts.open}/`;
    const answers = await Promise.all(
      Array.from({ length: 21 }, async () => (await beacon(hosts.open, { referer: home, cookie, ip })).status),
    );
    expect(answers.filter((status) => status === 204)).toHaveLength(20);
    const limited = await beacon(hosts.open, { referer: home, cookie, ip });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error: "too_many_requests" });
    expect(await sql("SELECT count(*) FROM page_events WHERE visit_id = ? AND page = '/'", [visitId])).toEqual([["20"]]);
    // Its other pages still count, and so does someone else behind the same address (an office, a carrier's CGNAT).
    expect((await beacon(hosts.open, { referer: `http://${hosts.open}/pricing`, cookie, ip })).status).toBe(204);
    const neighbour = cookiesOf(await visit("/?network=hidenet", hosts.open, { ip, headers: AFTER_RESPONSE }));
    expect((await beacon(hosts.open, { referer: home, cookie: neighbour, ip })).status).toBe(204);
    // A made-up visit counts nothing.
    const madeUp = `landing=${"x".repeat(22)}`;
    expect((await beacon(hosts.open, { referer: home, cookie: madeUp, ip })).status).toBe(429);
  });
});

describe("the conversion report", () => {
  it("counts visits, bounces, signups, activations and first purchases per page and network for moderators", async () => {
    const host = hosts.open;
    const network = `report${Date.now()}`;
    // Three visits of /pricing through the network; one bounces, two sign up, one of them confirms and pays.
    const landings = await Promise.all([1, 2, 3].map(() => visit(`/pricing?network=${network}`, host)));
    const cookies = landings.map(cookiesOf);
    await visit("/?lb=%2Fpricing", host, { cookie: cookies[0] });
    const first = await signUpWith(host, cookies[1]!);
    const second = await signUpWith(host, cookies[2]!);
    expect([first.response.status, second.response.status]).toEqual([302, 302]);
    const activated = await postAs("/activate", { token: await activationToken(first.email) }, { host });
    expect(activated.headers.get("Location")).toBe("/activate/done");
    await sql("UPDATE users SET paid_user = 1, premium_since = unixepoch() WHERE id = ?", [await userIdOf(first.email)]);
    // A visit without a network, on the home page.
    await visit("/", host);

    const cookie = await memberCookie(host, "moderator");
    const today = new Date().toISOString().slice(0, 10);
    const report = await visit(`/conversions?from=${today}&to=${today}`, host, { cookie });
    expect(report.status).toBe(200);
    const html = mainContent(await report.text());
    const row = new RegExp(`<tr><td>/pricing</td><td>—</td><td>${network}</td>((?:<td>[^<]*</td>){6})</tr>`).exec(html);
    expect(row?.[1]).toBe("<td>3</td><td>1</td><td>2</td><td>1</td><td>1</td><td>66,7 %</td>");
    expect(html).toContain("conversions__bar--signups");

    // Another day has none of it; visitors and members get the 404.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(mainContent(await (await visit(`/conversions?from=${yesterday}&to=${yesterday}`, host, { cookie })).text())).not.toContain(
      network,
    );
    expect((await visit("/conversions", host)).status).toBe(404);
    expect((await visit("/conversions", host, { cookie: await memberCookie(host) })).status).toBe(404);
  });
});

describe("{token} short links", () => {
  it("leads to the link's page, counts the click and carries its tracking; unknown tokens are the 404", async () => {
    const token = `june-${crypto.randomUUID().slice(0, 8)}`;
    const [[linkId]] = (await sql("INSERT INTO short_links (site_id, token, target, label) VALUES (?, ?, ?, 'June mailing') RETURNING id", [
      siteIds[hosts.open]!,
      token,
      "/pricing?network=mailing&sub1=june",
    ])) as [[string]];
    const response = await visit(`/${token}`, hosts.open);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/pricing?network=mailing&sub1=june");
    expect(await sql("SELECT count(*) FROM short_link_clicks WHERE link_id = ?", [Number(linkId)])).toEqual([["1"]]);

    // Another site's token, an unknown one, one with odd characters: the site's 404 page.
    for (const path of [`/${token}`, "/no-such-token", "/%3Cscript%3E"]) {
      const missing = await visit(path, path === `/${token}` ? hosts.gated : hosts.open);
      expect(missing.status).toBe(404);
      expect(mainContent(await missing.text())).toContain("Deze pagina kon niet worden gevonden");
    }
    // The token route never hides a page: static paths still answer as before.
    expect((await visit("/pricing", hosts.open)).status).toBe(200);
    expect((await visit("/login", hosts.open)).status).toBe(200);
  });

  it("counts a click once per visitor (address and browser) and day, parallel requests included; every request is led on", async () => {
    const token = `daily-${crypto.randomUUID().slice(0, 8)}`;
    const [[linkId]] = (await sql("INSERT INTO short_links (site_id, token, target, label) VALUES (?, ?, ?, 'Daily') RETURNING id", [
      siteIds[hosts.open]!,
      token,
      "/signup?network=mailing",
    ])) as [[string]];
    const clicks = async () => Number((await sql("SELECT count(*) FROM short_link_clicks WHERE link_id = ?", [Number(linkId)]))[0]![0]);
    const follow = async (ip: string, userAgent: string) => {
      const response = await visit(`/${token}`, hosts.open, { ip, headers: { "User-Agent": userAgent } });
      await response.body?.cancel();
      return [response.status, response.headers.get("Location")];
    };
    const led = [302, "/signup?network=mailing"];

    const ip = uniqueIp();
    const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
    for (let i = 0; i < 3; i += 1) expect(await follow(ip, firefox)).toEqual(led);
    expect(await clicks()).toBe(1);

    // Twenty requests of one visitor at the same moment: one click.
    const other = uniqueIp();
    const together = await Promise.all(Array.from({ length: 20 }, () => follow(other, firefox)));
    expect(together.every((answer) => answer[0] === 302 && answer[1] === led[1])).toBe(true);
    expect(await clicks()).toBe(2);

    // Another browser at the same address is another visitor.
    expect(await follow(ip, "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1")).toEqual(led);
    expect(await clicks()).toBe(3);

    // What is kept to recognise a visitor holds no address.
    expect(await sql("SELECT count(*) FROM rate_limit_events WHERE key LIKE ? OR key LIKE ?", [`%${ip}%`, `%${other}%`])).toEqual([["0"]]);
    expect(await sql("SELECT count(*) FROM rate_limit_events WHERE key LIKE ?", [`short-link:${siteIds[hosts.open]}/${token}:%`])).toEqual([
      ["3"],
    ]);
  });
});

describe("search engines", () => {
  it("serve sitemap.xml and robots.txt per site host", async () => {
    for (const host of [hosts.open, "de.localhost"]) {
      const sitemap = await visit("/sitemap.xml", host);
      expect(sitemap.headers.get("Content-Type")).toContain("application/xml");
      const xml = await sitemap.text();
      expect(xml).toContain(`<loc>http://${host}/</loc>`);
      expect(xml).toContain(`<loc>http://${host}/pages/privacy</loc>`);
      expect(xml).toContain(`<loc>http://${host}/landers/video</loc>`);
      expect(xml).not.toContain("/members");
      const robots = await (await visit("/robots.txt", host)).text();
      expect(robots).toContain("Disallow: /members");
      expect(robots).toContain("Disallow: /chats");
      expect(robots).toContain(`Sitemap: http://${host}/sitemap.xml`);
    }
    // The Dutch site (NL, BE) has alternates in nl, fr and de.
    const xml = await (await visit("/sitemap.xml", hosts.open)).text();
    expect(xml).toContain(`hreflang="fr" href="http://${hosts.open}/pricing?lang=fr"`);
  });

  it("list only addresses that answer 200 in the sitemap, each of the nine landers among them, in the language asked for", async () => {
    for (const host of [hosts.open, "de.localhost"]) {
      const xml = await (await visit("/sitemap.xml", host)).text();
      const urls = [...new Set([...xml.matchAll(/(?:<loc>|href=")(http[^<"]+)/g)].map((match) => match[1]!.replace(/&amp;/g, "&")))];
      for (const lander of ["tinderswipe", "alonetonight", "collagelanding", "gallery", "iconslanding", "maplanding"]) {
        expect(urls, lander).toContain(`http://${host}/landers/${lander}`);
      }
      for (const lander of ["socialnetwork", "transitionsvideolanding", "video"])
        expect(urls).toContain(`http://${host}/landers/${lander}`);
      for (const url of urls) {
        const { pathname, search } = new URL(url);
        const response = await visit(pathname + search, host);
        expect(response.status, url).toBe(200);
        const html = await response.text();
        expect(html, url).toContain(`<link rel="canonical" href="${url}">`);
        const lang = new URL(url).searchParams.get("lang");
        if (lang) expect(html, url).toMatch(new RegExp(`<html[^>]*lang="${lang}"`));
      }
    }
  });

  it("give indexed pages a canonical address, hreflang alternates and Open Graph tags; member pages noindex", async () => {
    const html = await (await visit("/pricing?network=adnet&sub1=x", hosts.open)).text();
    expect(html).toContain(`<link rel="canonical" href="http://${hosts.open}/pricing">`);
    for (const language of ["nl", "fr", "de"]) {
      expect(html).toContain(`<link rel="alternate" hreflang="${language}" href="http://${hosts.open}/pricing?lang=${language}">`);
    }
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="http://${hosts.open}/pricing">`);
    expect(html).toContain(`<meta property="og:image" content="http://${hosts.open}/og-image.png">`);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+">/);
    expect(html).not.toContain('name="robots"');

    const french = await (await visit("/pricing?lang=fr", hosts.open)).text();
    expect(french).toMatch(/<html[^>]*lang="fr"/);
    expect(french).toContain(`<link rel="canonical" href="http://${hosts.open}/pricing?lang=fr">`);

    const member = await createMember();
    const profile = await (await visit(`/members/${member.profileId}`, "localhost")).text();
    // The members area has no address of its own in the index either.
    const search = await (await visit("/members", hosts.open)).text();
    expect(search).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(profile).toMatch(/<meta name="robots" content="noindex/);
    expect(profile).not.toContain('rel="canonical"');

    const image = await visit("/og-image.png", hosts.open);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect([...new Uint8Array(await image.arrayBuffer()).slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });
});

describe("a page's description in its head", () => {
  const QUOTE = `Tom & Jerry's "quote" <b>`;
  /** The text a browser or a link preview reads from an attribute: its entities decoded once. */
  const decode = (value: string) =>
    value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
      const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
      if (entity[0] !== "#") return named[entity.toLowerCase()]!;
      return String.fromCodePoint(entity[1]?.toLowerCase() === "x" ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1)));
    });
  const metaContent = (html: string, attribute: string, key: string) => {
    const tags = html.match(new RegExp(`<meta [^>]*${attribute}="${key}"[^>]*>`, "g")) ?? [];
    expect(tags, key).toHaveLength(1);
    return decode(/content="([^"]*)"/.exec(tags[0]!)![1]!);
  };

  it("escapes the description and og:description once, for a profile and a member lander whose text has & ' \" < >", async () => {
    const member = await createMember({ gender: "female", name: QUOTE });
    await sql("UPDATE profiles SET about_me = ? WHERE id = ?", [QUOTE, member.profileId]);
    for (const path of [`/members/${member.profileId}`, `/members/${member.profileId}/landing`]) {
      const response = await visit(path, "localhost");
      expect(response.status, path).toBe(200);
      const html = await response.text();
      const description = metaContent(html, "name", "description");
      expect(description, path).toContain(QUOTE);
      expect(metaContent(html, "property", "og:description"), path).toBe(description);
      expect(html, path).not.toMatch(/&amp;(amp|#x?[0-9a-f]+|quot|lt|gt);/i);
    }
  });
});

describe("third-party scripts and consent", () => {
  const csp = (response: Response) => response.headers.get("Content-Security-Policy") ?? "";

  it("loads nothing and allows no other host before consent; the banner asks", async () => {
    const response = await visit("/", hosts.scripts);
    const html = await response.text();
    expect(html).toContain('id="consent-banner"');
    expect(html).toContain("stats.example.com");
    expect(html).not.toContain(`src="${SCRIPT}"`);
    expect(csp(response)).not.toContain("example.com");
    expect(csp(response)).not.toContain("example.net");
  });

  it("keeps the answer in the consent cookie; accepted: the script loads and the CSP allows exactly its hosts", async () => {
    const answer = await postAs("/consent", { choice: "accepted", returnTo: "/pricing" }, { host: hosts.scripts });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/pricing");
    const cookie = cookiesOf(answer);
    expect(cookie).toBe("consent=accepted");

    const response = await visit("/pricing", hosts.scripts, { cookie });
    const html = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(csp(response))?.[1];
    expect(html).toContain(`<script async src="${SCRIPT}" nonce="${nonce}"></script>`);
    expect(html).not.toContain('id="consent-banner"');
    const directives = Object.fromEntries(
      csp(response)
        .split("; ")
        .map((directive) => [directive.split(" ")[0], directive]),
    );
    expect(directives["script-src"]).toBe(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic' https://stats.example.com`);
    expect(directives["connect-src"]).toMatch(/ https:\/\/stats\.example\.com https:\/\/collect\.example\.net$/);
    expect(directives["img-src"]).toBe("img-src 'self' data: blob: https://stats.example.com https://collect.example.net");
    expect(directives["default-src"]).toBe("default-src 'self'");

    // The cookie policy page shows the banner again, to change one's mind.
    expect(await (await visit("/pages/cookies", hosts.scripts, { cookie })).text()).toContain('id="consent-banner"');
  });

  it("refused: no script, no extra host, no banner; a site without scripts never asks", async () => {
    const answer = await postAs("/consent", { choice: "refused", returnTo: "//evil.example" }, { host: hosts.scripts });
    expect(answer.headers.get("Location")).toBe("/");
    const response = await visit("/", hosts.scripts, { cookie: cookiesOf(answer) });
    const html = await response.text();
    expect(html).not.toContain(SCRIPT);
    expect(html).not.toContain('id="consent-banner"');
    expect(csp(response)).not.toContain("example.com");

    const plain = await (await visit("/", hosts.open)).text();
    expect(plain).not.toContain('id="consent-banner"');
    const foreign = await postAs("/consent", { choice: "accepted" }, { host: hosts.scripts, headers: { Origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
  });
});
