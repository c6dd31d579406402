/**
 * Data builders for the member search tests. Search results depend on every visible member of a
 * site, so these tests run on a site of their own (a copy of the Dutch site's settings under its
 * own host) where only the members a test creates exist.
 */
import { hashPassword } from "~/accounts/password.server";
import { TEST_PASSWORD, type TestMember } from "./factories";
import { get, sql } from "./helpers";

export type SearchSite = { siteId: number; host: string; name: string };

/**
 * A new site (NL and BE, like the Dutch site) with its own logged-out search settings. Sites are
 * cached per isolate for a minute, so this waits until the Worker serves the new host.
 */
export async function createSearchSite(settings: { loggedOutSearch: string; loggedOutSearchTrafficsource: string }): Promise<SearchSite> {
  const tag = crypto.randomUUID().slice(0, 8);
  const host = `search-${tag}.localhost`;
  const name = `Zoeksite ${tag}`;
  const [[siteId]] = (await sql(
    `INSERT INTO sites (key, name, domain, domain_language, company_id, is_default, settings)
     SELECT ?, ?, ?, domain_language, company_id, 0,
            json_set(settings, '$.loggedOutSearch', ?, '$.loggedOutSearchTrafficsource', ?)
     FROM sites WHERE key = 'nl-general' RETURNING id`,
    [`search-${tag}`, name, host, settings.loggedOutSearch, settings.loggedOutSearchTrafficsource],
  )) as [[string]];
  await sql("INSERT INTO site_hosts (host, site_id) VALUES (?, ?)", [host, Number(siteId)]);
  const deadline = Date.now() + 75_000;
  for (;;) {
    const response = await get("/api/settings.php", { host });
    const served = ((await response.json()) as { name: string }).name;
    if (served === name) break;
    if (Date.now() > deadline) throw new Error(`the Worker still serves ${served} for ${host}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return { siteId: Number(siteId), host, name };
}

export type SearchMemberSpec = {
  name: string;
  gender?: "male" | "female";
  sexuality?: "hetero" | "gay" | "lesbian" | "bi";
  /** ISO date of birth. */
  birthDate: string;
  country?: string;
  regionId?: number | null;
  userStatus?: "confirmed" | "not_confirmed" | "deleted";
  profileStatus?: "active" | "disabled" | "deleted";
  invisible?: boolean;
};

let sequence = 0;

/** Members of a site (no password), inserted in order: later members get higher profile ids. */
export async function insertMembers(site: SearchSite, specs: SearchMemberSpec[]): Promise<number[]> {
  const ids: number[] = [];
  for (const spec of specs) {
    sequence += 1;
    const email = `search-${Date.now()}-${sequence}-${crypto.randomUUID().slice(0, 6)}@example.test`;
    const userStatus = spec.userStatus ?? "confirmed";
    const [[userId]] = (await sql(
      `INSERT INTO users (site_id, email, status, invisible, confirmed_at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
      [site.siteId, email, userStatus, spec.invisible ? 1 : 0, userStatus === "not_confirmed" ? null : Math.floor(Date.now() / 1000)],
    )) as [[string]];
    const [[profileId]] = (await sql(
      `INSERT INTO profiles (user_id, site_id, name, gender, sexuality, birth_date, country, region_id, status)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      [
        Number(userId),
        site.siteId,
        spec.name,
        spec.gender ?? "female",
        spec.sexuality ?? "hetero",
        spec.birthDate,
        spec.country ?? "NL",
        spec.regionId ?? null,
        spec.profileStatus ?? (userStatus === "confirmed" ? "active" : "disabled"),
      ],
    )) as [[string]];
    ids.push(Number(profileId));
  }
  return ids;
}

/** `count` confirmed, visible members in one statement each for users and profiles. */
export async function insertManyMembers(
  site: SearchSite,
  count: number,
  spec: Required<Pick<SearchMemberSpec, "gender" | "birthDate" | "country">>,
) {
  const tag = crypto.randomUUID().slice(0, 8);
  await sql(
    `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ?)
     INSERT INTO users (site_id, email, status, confirmed_at) SELECT ?, 'bulk-' || ? || '-' || n || '@example.test', 'confirmed', unixepoch() FROM seq`,
    [count, site.siteId, tag],
  );
  await sql(
    `INSERT INTO profiles (user_id, site_id, name, gender, sexuality, birth_date, country, status)
     SELECT id, site_id, 'Bulk', ?, 'hetero', ?, ?, 'active' FROM users WHERE email LIKE ? ORDER BY id`,
    [spec.gender, spec.birthDate, spec.country, `bulk-${tag}-%`],
  );
}

/** A member of the search site who can log in (password TEST_PASSWORD). */
export async function createSearcher(
  site: SearchSite,
  spec: { gender: "male" | "female"; sexuality?: "hetero" | "gay" | "lesbian" | "bi"; country?: string },
): Promise<TestMember> {
  sequence += 1;
  const email = `searcher-${Date.now()}-${sequence}@example.test`;
  const [[userId]] = (await sql(
    `INSERT INTO users (site_id, email, password_hash, status, confirmed_at) VALUES (?, ?, ?, 'confirmed', unixepoch()) RETURNING id`,
    [site.siteId, email, await hashPassword(TEST_PASSWORD)],
  )) as [[string]];
  const [[profileId]] = (await sql(
    `INSERT INTO profiles (user_id, site_id, name, gender, sexuality, birth_date, country, status)
     VALUES (?, ?, 'Zoeker', ?, ?, '1985-06-01', ?, 'active') RETURNING id`,
    [Number(userId), site.siteId, spec.gender, spec.sexuality ?? "hetero", spec.country ?? "NL"],
  )) as [[string]];
  return { userId: Number(userId), profileId: Number(profileId), email, password: TEST_PASSWORD, siteId: site.siteId };
}

/** Two regions of a country (ids), for the region filter. */
export async function regionsOf(country: string): Promise<[number, number]> {
  const rows = await sql("SELECT id FROM regions WHERE country = ? ORDER BY id LIMIT 2", [country]);
  return [Number(rows[0]?.[0]), Number(rows[1]?.[0])];
}

/** The ISO date `years` years before today (UTC) shifted by `days` (negative: earlier). */
export function bornYearsAgo(years: number, days = 0): string {
  const today = new Date();
  const date = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() + days));
  return date.toISOString().slice(0, 10);
}

/** What a search page shows: tile ids and names of the results (and of the similar members), links, count. */
export function readSearchPage(html: string) {
  const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? "";
  const [results = "", similar = ""] = main.split('class="member-search__similar"');
  const tiles = (part: string) =>
    [...part.matchAll(/<article class="profile-card" aria-label="([^"]*)"[\s\S]*?href="\/(?:members\/(\d+)|signup)"/g)].map((match) => ({
      label: match[1]!.replace(/&#x27;/g, "'"),
      id: match[2] ? Number(match[2]) : null,
    }));
  const link = (rel: string) => {
    const tag = new RegExp(`<a[^>]*rel="${rel}"[^>]*>`).exec(main)?.[0];
    return tag ? ((/href="([^"]+)"/.exec(tag)?.[1] ?? null)?.replace(/&amp;/g, "&") ?? null) : null;
  };
  return {
    main,
    results: tiles(results),
    similar: tiles(similar),
    next: link("next"),
    previous: link("prev"),
    count: /class="member-search__count"[^>]*>([^<]*)</.exec(main)?.[1] ?? null,
    similarCount: /class="member-search__similar-count"[^>]*>([^<]*)</.exec(main)?.[1] ?? null,
    similarMore: /class="member-search__similar-more"><a[^>]*href="([^"]+)"/.exec(main)?.[1]?.replace(/&amp;/g, "&") ?? null,
  };
}
