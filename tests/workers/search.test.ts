import { beforeAll, describe, expect, it } from "vitest";
import { loginCookie } from "./factories";
import { get, sql } from "./helpers";
import {
  bornYearsAgo,
  createSearcher,
  createSearchSite,
  insertManyMembers,
  insertMembers,
  readSearchPage,
  regionsOf,
  type SearchSite,
} from "./search-helpers";
import { addPhoto } from "./profiles-helpers";

/** The search site: logged-out search off, but open to visitors who came through a traffic source. */
let site: SearchSite;
/** A man looking for women in NL, signed in on the search site. */
let cookie: string;
let viewerProfileId: number;

beforeAll(async () => {
  site = await createSearchSite({ loggedOutSearch: "none", loggedOutSearchTrafficsource: "all" });
  const viewer = await createSearcher(site, { gender: "male", country: "NL" });
  viewerProfileId = viewer.profileId;
  cookie = await loginCookie(viewer, site.host);
}, 120_000);

function search(query: string, options: { cookie?: string | null; host?: string } = {}) {
  const withCookie = options.cookie === undefined ? cookie : (options.cookie ?? undefined);
  return get(`/members${query}`, { host: options.host ?? site.host, cookie: withCookie });
}

async function searchPage(query: string, options: { cookie?: string | null; host?: string } = {}) {
  const response = await search(query, options);
  expect(response.status).toBe(200);
  return readSearchPage(await response.text());
}

const names = (tiles: { label: string }[]) => tiles.map((tile) => tile.label.split(",")[0]).sort();

describe("member search filters", () => {
  it("filters by gender, country, region and age, counting age in whole years up to the birthday", async () => {
    const [regionA, regionB] = await regionsOf("NL");
    // Ages 80–82: no other test on this site uses this band.
    await insertMembers(site, [
      { name: "Turned80Today", birthDate: bornYearsAgo(80), regionId: regionA },
      { name: "Turns80Tomorrow", birthDate: bornYearsAgo(80, 1), regionId: regionA },
      { name: "Turns82Tomorrow", birthDate: bornYearsAgo(82, 1), regionId: regionB },
      { name: "Turned82Today", birthDate: bornYearsAgo(82), regionId: regionB },
      { name: "Man81", gender: "male", birthDate: bornYearsAgo(81, -10), regionId: regionA },
      { name: "Belgian81", country: "BE", birthDate: bornYearsAgo(81, -10) },
    ]);

    const all = await searchPage("?gender=female&country=NL&min_age=80&max_age=81");
    expect(names(all.results)).toEqual(["Turned80Today", "Turns82Tomorrow"]);
    expect(all.results.find((tile) => tile.label.startsWith("Turns82Tomorrow"))?.label).toBe("Turns82Tomorrow, 81");
    expect(all.count).toContain("2");

    const older = await searchPage("?gender=female&country=NL&min_age=79&max_age=82");
    expect(names(older.results)).toEqual(["Turned80Today", "Turned82Today", "Turns80Tomorrow", "Turns82Tomorrow"]);

    const region = await searchPage(`?gender=female&country=NL&countryregion=${regionA}&min_age=79&max_age=82`);
    expect(names(region.results)).toEqual(["Turned80Today", "Turns80Tomorrow"]);

    const men = await searchPage("?gender=male&country=NL&min_age=80&max_age=82");
    expect(names(men.results)).toEqual(["Man81"]);

    const belgium = await searchPage("?gender=female&country=BE&min_age=80&max_age=82");
    expect(names(belgium.results)).toEqual(["Belgian81"]);
  });

  it("uses the member's defaults: the gender they look for and their own country", async () => {
    const belgianWoman = await createSearcher(site, { gender: "female", country: "BE" });
    const page = await searchPage("", { cookie: await loginCookie(belgianWoman, site.host) });
    expect(page.main).toMatch(/<select[^>]*name="gender"[^>]*>[\s\S]*?<option value="male" selected=""/);
    expect(page.main).toMatch(/<select[^>]*name="country"[^>]*>[\s\S]*?<option value="BE" selected=""/);
  });

  it("answers nonsense filter values with the default search instead of an error", async () => {
    const nonsense = "?min_age=abc&max_age=1e99&country=ZZ&countryregion=-1&gender=robot&after=xyz&before=-3&page=-1";
    const response = await search(nonsense);
    expect(response.status).toBe(200);
    const page = readSearchPage(await response.text());
    expect(page.main).toMatch(/<option value="female" selected=""/);
    expect(page.main).toMatch(/<option value="NL" selected=""/);
    expect(page.main).toMatch(/name="min_age"[^>]*value="18"/);
    expect(page.main).toMatch(/name="max_age"[^>]*value="99"/);

    // A region of another country is dropped, and reversed ages are swapped.
    const [belgianRegion] = await regionsOf("BE");
    const swapped = await searchPage(`?gender=female&country=NL&countryregion=${belgianRegion}&min_age=82&max_age=80`);
    expect(swapped.main).toMatch(/name="min_age"[^>]*value="80"/);
    expect(swapped.main).toMatch(/name="max_age"[^>]*value="82"/);
    expect(swapped.main).toMatch(/<option value="" selected="">/);

    const visitor = await search(nonsense, { cookie: null, host: "localhost" });
    expect(visitor.status).toBe(200);
  });
});

describe("member search visibility", () => {
  it("never shows blocked (either way), deleted, invisible or unconfirmed members, nor the searcher", async () => {
    const born = bornYearsAgo(77, -30);
    const [visible, blockedByViewer, blockingViewer] = await insertMembers(site, [
      { name: "Visible", birthDate: born },
      { name: "BlockedByViewer", birthDate: born },
      { name: "BlockingViewer", birthDate: born },
      { name: "Deleted", birthDate: born, userStatus: "deleted", profileStatus: "deleted" },
      { name: "DeletedUserActiveProfile", birthDate: born, userStatus: "deleted", profileStatus: "active" },
      { name: "Invisible", birthDate: born, invisible: true },
      { name: "Unconfirmed", birthDate: born, userStatus: "not_confirmed" },
      { name: "UnconfirmedActiveProfile", birthDate: born, userStatus: "not_confirmed", profileStatus: "active" },
      { name: "DisabledProfile", birthDate: born, profileStatus: "disabled" },
    ]);
    await sql("INSERT INTO blocks (blocker_id, blocked_id) VALUES (?, ?), (?, ?)", [
      viewerProfileId,
      blockedByViewer!,
      blockingViewer!,
      viewerProfileId,
    ]);

    const page = await searchPage("?gender=female&country=NL&min_age=77&max_age=77");
    expect(names(page.results)).toEqual(["Visible"]);
    expect(page.results[0]!.id).toBe(visible);
    // Nor as "similar members" (the search found fewer than 6).
    expect(page.similar.map((tile) => tile.id)).not.toContain(blockedByViewer);
    expect(page.similar.map((tile) => tile.id)).not.toContain(blockingViewer);

    // The searcher (a man) does not find himself either.
    const men = await searchPage("?gender=male&country=NL&min_age=18&max_age=99");
    expect(men.results.map((tile) => tile.id)).not.toContain(viewerProfileId);
  });

  it("follows the member's account: found once the e-mail is confirmed, hidden while invisible or banned", async () => {
    const born = bornYearsAgo(78, -30);
    const [newcomer, shy] = await insertMembers(site, [
      { name: "Newcomer", birthDate: born, userStatus: "not_confirmed", profileStatus: "active" },
      { name: "Shy", birthDate: born, invisible: true },
    ]);
    const found = async () => names((await searchPage("?gender=female&country=NL&min_age=78&max_age=78")).results);
    const userOf = `(SELECT user_id FROM profiles WHERE id = ?)`;
    expect(await found()).toEqual([]);

    await sql(`UPDATE users SET status = 'confirmed' WHERE id = ${userOf}`, [newcomer!]);
    await sql(`UPDATE users SET invisible = 0 WHERE id = ${userOf}`, [shy!]);
    expect((await found()).sort()).toEqual(["Newcomer", "Shy"]);

    await sql(`UPDATE users SET invisible = 1 WHERE id = ${userOf}`, [shy!]);
    await sql(`UPDATE users SET status = 'banned' WHERE id = ${userOf}`, [newcomer!]);
    expect(await found()).toEqual([]);
  });

  it("shows similar members when few match: any region of the country and a wider age band, never the exact ones", async () => {
    const [regionA, regionB] = await regionsOf("NL");
    await insertMembers(site, [
      { name: "Exact", birthDate: bornYearsAgo(70, -30), regionId: regionA },
      { name: "OtherRegion", birthDate: bornYearsAgo(70, -30), regionId: regionB },
      { name: "OtherCountry", birthDate: bornYearsAgo(70, -30), country: "BE" },
      { name: "FourYearsOlder", birthDate: bornYearsAgo(74, -30), regionId: regionA },
      { name: "NineYearsOlder", birthDate: bornYearsAgo(79, -30), regionId: regionA },
    ]);
    const page = await searchPage(`?gender=female&country=NL&countryregion=${regionA}&min_age=70&max_age=70`);
    expect(names(page.results)).toEqual(["Exact"]);
    expect(page.main).toContain('id="search-similar-title"');
    expect(names(page.similar)).toEqual(["FourYearsOlder", "OtherRegion"]);
    expect(page.similarCount).toBe("2 vergelijkbare leden");
    expect(page.similarMore).toBeNull();
  });

  it("pages the similar members with their own cursor and count, without duplicates or blocked members", async () => {
    const [regionA] = await regionsOf("NL");
    // Age 50 (the band 45–55): no other test on this site uses it.
    const born = bornYearsAgo(50, -30);
    const [exact, blocked] = await insertMembers(site, [
      { name: "Exact50", birthDate: born, regionId: regionA },
      { name: "Blocked50", birthDate: born },
      { name: "Belgian50", birthDate: born, country: "BE" },
      { name: "TooOld50", birthDate: bornYearsAgo(56, -30) },
    ]);
    await sql("INSERT INTO blocks (blocker_id, blocked_id) VALUES (?, ?)", [viewerProfileId, blocked!]);
    await insertManyMembers(site, 26, { gender: "female", birthDate: born, country: "NL" });

    const query = `?gender=female&country=NL&countryregion=${regionA}&min_age=50&max_age=50`;
    const first = await searchPage(query);
    expect(names(first.results)).toEqual(["Exact50"]);
    expect(first.similarCount).toBe("26 vergelijkbare leden");
    expect(first.similar).toHaveLength(12);
    expect(first.similarMore).toMatch(/[?&]similar_after=0-\d+/);

    // Without JavaScript the link is a page: the same exact results, the next similar members.
    const second = await searchPage(first.similarMore!.replace("/members", ""));
    expect(names(second.results)).toEqual(["Exact50"]);
    expect(second.similarCount).toBe("26 vergelijkbare leden");
    expect(second.similar).toHaveLength(12);
    const third = await searchPage(second.similarMore!.replace("/members", ""));
    expect(third.similar).toHaveLength(2);
    expect(third.similarMore).toBeNull();

    const ids = [...first.similar, ...second.similar, ...third.similar].map((tile) => tile.id);
    expect(new Set(ids).size).toBe(26);
    expect(ids).not.toContain(exact);
    expect(ids).not.toContain(blocked);
    expect(ids).not.toContain(null);
  });

  it("caps the similar members' count, and shows none when the search finds enough", async () => {
    const [regionA] = await regionsOf("NL");
    const born = bornYearsAgo(40, -30);
    await insertMembers(site, [{ name: "Exact40", birthDate: born, regionId: regionA }]);
    await insertManyMembers(site, 101, { gender: "female", birthDate: born, country: "NL" });

    const few = await searchPage(`?gender=female&country=NL&countryregion=${regionA}&min_age=40&max_age=40`);
    expect(few.similarCount).toBe("100+ vergelijkbare leden");
    expect(few.similar).toHaveLength(12);

    const many = await searchPage("?gender=female&country=NL&min_age=40&max_age=40");
    expect(many.results.length).toBeGreaterThan(6);
    expect(many.main).not.toContain("member-search__similar");
  });

  it("ignores a nonsense similar cursor", async () => {
    const page = await searchPage("?gender=female&country=NL&min_age=40&max_age=40&similar_after=x-1");
    expect(page.results.length).toBeGreaterThan(0);
  });
});

describe("member search pagination", () => {
  it("pages with keyset cursors: no duplicates or gaps while new members sign up, and back again", async () => {
    // 60 members aged 60 in Belgium, a combination only this test uses.
    const born = bornYearsAgo(60, -100);
    const originals = await insertMembers(
      site,
      Array.from({ length: 60 }, (_, i) => ({ name: `Page${i}`, birthDate: born, country: "BE" })),
    );
    const first = "?gender=female&country=BE&min_age=60&max_age=60";

    const seen: number[] = [];
    const pages: number[][] = [];
    let next: string | null = `/members${first}`;
    for (let guard = 0; next && guard < 10; guard++) {
      const response = await get(next, { host: site.host, cookie });
      expect(response.status).toBe(200);
      const page = readSearchPage(await response.text());
      const ids = page.results.map((tile) => tile.id!);
      pages.push(ids);
      seen.push(...ids);
      // New members sign up between two page loads (newer ids, same filters).
      await insertMembers(site, [{ name: `Newcomer${guard}`, birthDate: born, country: "BE" }]);
      next = page.next;
    }
    expect(pages.map((ids) => ids.length)).toEqual([24, 24, 12]);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...originals].sort((a, b) => b - a));

    // "Previous page" from page 3 shows page 2 again, exactly (none of them has a photo: `0-<id>`).
    const third = readSearchPage(await (await search(`${first}&after=0-${pages[1]!.at(-1)}&page=3`)).text());
    expect(third.results.map((tile) => tile.id)).toEqual(pages[2]);
    expect(third.previous).toContain("before=");
    const second = readSearchPage(await (await get(third.previous!, { host: site.host, cookie })).text());
    expect(second.results.map((tile) => tile.id)).toEqual(pages[1]);
    expect(second.next).toContain(`after=0-${pages[1]!.at(-1)}`);
  });

  it("shows members with a photo first on every page, none lost or repeated, also by region and going back", async () => {
    // 60 women aged 64 in one Belgian region (a combination only this test uses); every other one
    // has an approved photo, two more a photo that is pending or rejected, which does not count.
    const [region] = await regionsOf("BE");
    const born = bornYearsAgo(64, -100);
    const ids = await insertMembers(
      site,
      Array.from({ length: 60 }, (_, i) => ({ name: `Face${i}`, birthDate: born, country: "BE", regionId: region })),
    );
    const withPhoto = ids.filter((_, i) => i % 2 === 0);
    for (const id of withPhoto) await addPhoto(id, { main: true });
    await addPhoto(ids[1]!, { main: true, status: "pending" });
    await addPhoto(ids[3]!, { main: true, status: "rejected" });
    const newestFirst = (list: number[]) => [...list].sort((a, b) => b - a);
    const expected = [...newestFirst(withPhoto), ...newestFirst(ids.filter((id) => !withPhoto.includes(id)))];

    for (const filters of [
      "?gender=female&country=BE&min_age=64&max_age=64",
      `?gender=female&country=BE&countryregion=${region}&min_age=64&max_age=64`,
    ]) {
      const pages: number[][] = [];
      const links: { next: string | null; previous: string | null }[] = [];
      let next: string | null = `/members${filters}`;
      for (let guard = 0; next && guard < 10; guard++) {
        const response = await get(next, { host: site.host, cookie });
        expect(response.status).toBe(200);
        const page = readSearchPage(await response.text());
        pages.push(page.results.map((tile) => tile.id!));
        links.push({ next: page.next, previous: page.previous });
        next = page.next;
      }
      expect(
        pages.map((page) => page.length),
        filters,
      ).toEqual([24, 24, 12]);
      expect(pages.flat(), filters).toEqual(expected);
      // Page 2 starts with the last six faces and goes on without photos; going back is exact.
      for (const at of [1, 2]) {
        const back = readSearchPage(await (await get(links[at]!.previous!, { host: site.host, cookie })).text());
        expect(
          back.results.map((tile) => tile.id),
          `${filters} back from page ${at + 1}`,
        ).toEqual(pages[at - 1]);
      }
    }
  });

  it("caps the total count at 1000+", async () => {
    await insertManyMembers(site, 1001, { gender: "female", birthDate: bornYearsAgo(95, -100), country: "BE" });
    const page = await searchPage("?gender=female&country=BE&min_age=95&max_age=95");
    expect(page.count).toContain("1000+");
    expect(page.results).toHaveLength(24);
    expect(page.next).toContain("after=");
  });
});

describe("logged-out search", () => {
  it("is off when the site says 'none': a call to log in or sign up, no results", async () => {
    const page = await searchPage("?gender=female&country=NL", { cookie: null });
    expect(page.results).toHaveLength(0);
    expect(page.main).toContain('href="/signup"');
    expect(page.main).toContain("/login?redirectTo=%2Fmembers");
    expect(page.count).toBeNull();
  });

  it("follows logged_out_search_trafficsource for visitors who came through a traffic source", async () => {
    await insertMembers(site, [{ name: "SeenFromAnAd", birthDate: bornYearsAgo(85, -30) }]);
    const page = await searchPage("?gender=female&country=NL&min_age=85&max_age=85&network=adnet", { cookie: null });
    expect(page.results.map((tile) => tile.label)).toContain("SeenFromAnAd, 85");
    expect(page.results.map((tile) => tile.id)).toEqual([null]); // visitors' tiles lead to signup
    expect(page.main).toContain('name="min_age"');
  });

  it("stays closed for a traffic source the site does not work with (a made-up ?network=)", async () => {
    await insertMembers(site, [{ name: "NotForScrapers", birthDate: bornYearsAgo(86, -30) }]);
    for (const network of ["madeup", "x", "adnet2"]) {
      const page = await searchPage(`?gender=female&country=NL&min_age=86&max_age=86&network=${network}`, { cookie: null });
      expect(page.results, network).toHaveLength(0);
      expect(page.count).toBeNull();
    }
    // The site's own network (case does not matter) opens it.
    const known = await searchPage("?gender=female&country=NL&min_age=86&max_age=86&network=AdNet", { cookie: null });
    expect(known.results.map((tile) => tile.label)).toContain("NotForScrapers, 86");
  });

  it("is limited by default: the first page only, filtered by gender and country alone", async () => {
    const response = await get("/members?gender=female&country=NL&min_age=30&max_age=31&after=999999&page=5");
    expect(response.status).toBe(200);
    const page = readSearchPage(await response.text());
    expect(page.main).not.toContain('name="min_age"');
    expect(page.main).not.toContain('name="countryregion"');
    expect(page.next).toBeNull();
    expect(page.previous).toBeNull();
    expect(page.main).toContain("member-search__visitor");
  });
});
