import { describe, expect, it } from "vitest";
import { createMember, loginCookie } from "./factories";
import { get, mainContent } from "./helpers";
import { updateProfile } from "./profiles-helpers";

type Settings = {
  name: string;
  domain_language: string;
  countries: string[];
  minimum_message_costs: Record<string, { costs: number; currency: string }>;
  interests: { key: string; name: string; icon: string }[];
  region_data: Record<string, { code: string; name: string }[]>;
  message_credits: number;
  geoip_country: string | null;
  enable_site_entry_popup: boolean;
};

describe("sites by host name", () => {
  it("serves the default Dutch site for an unknown host", async () => {
    const response = await get("/api/settings.php", { host: "unknown.example" });
    expect(response.status).toBe(200);
    const settings = (await response.json()) as Settings;
    expect(settings.name).toBe("Flirtparadijs");
    expect(settings.domain_language).toBe("nl_NL");
    expect(settings.countries).toEqual(["NL", "BE"]);
  });

  it("finds the German and the English site by their hosts, with or without www", async () => {
    const german = (await (await get("/api/settings.php", { host: "www.reifeliebe.de" })).json()) as Settings;
    expect(german.domain_language).toBe("de_DE");
    const english = (await (await get("/api/settings.php", { host: "manmatch.co.uk", country: "GB" })).json()) as Settings;
    expect(english.domain_language).toBe("en_GB");
    expect(english.geoip_country).toBe("GB");
    expect(english.minimum_message_costs.GB?.currency).toBe("GBP");
  });

  it("returns the settings of product.md §3: message costs, interests and regions", async () => {
    const settings = (await (await get("/api/settings.php")).json()) as Settings;
    expect(settings.message_credits).toBe(15);
    expect(settings.minimum_message_costs.NL).toEqual({ costs: 1.35, currency: "EUR" });
    expect(settings.interests).toHaveLength(50);
    expect(settings.region_data.NL).toHaveLength(12);
    expect(settings.region_data.BE?.length).toBeGreaterThan(0);
    expect(settings.enable_site_entry_popup).toBe(true);
  });

  it("answers the cacheable look-ups: interests, regions, company info", async () => {
    const interests = await get("/api/interests.php", { cookie: "locale=de" });
    expect(interests.headers.get("Cache-Control")).toContain("max-age");
    const list = (await interests.json()) as { key: string; name: string }[];
    expect(list.find((interest) => interest.key === "cooking")?.name).toBe("Kochen");

    const regions = (await (await get("/api/regions.php?country=NL")).json()) as Record<string, { name: string }[]>;
    expect(Object.keys(regions)).toEqual(["NL"]);
    expect(regions.NL?.map((region) => region.name)).toContain("Utrecht");

    const company = (await (await get("/api/companyinfo.php")).json()) as Record<string, unknown>;
    expect(company).toMatchObject({ kvk: expect.any(String), city: expect.any(String), added: expect.any(String) });
  });
});

describe("the cam-profile and resell tile list (product.md §2, member_resell)", () => {
  it("shows the partner tiles, labelled as an advertisement, below the related profiles where the site switched it on", async () => {
    const [viewer, member] = await Promise.all([createMember(), createMember({ name: "Marloes", gender: "female" })]);
    const html = mainContent(await (await get(`/members/${member.profileId}`, { cookie: await loginCookie(viewer) })).text());
    const section = /<aside class="profile-section resell-tiles"[\s\S]*?<\/aside>/.exec(html)?.[0] ?? "";
    expect(section).toContain("Advertentie");
    const links = [...section.matchAll(/<a [^>]*>/g)].map(([tag]) => tag);
    expect(links).toHaveLength(3);
    for (const link of links) {
      expect(link).toContain('rel="sponsored noopener"');
      expect(link).toMatch(/href="https:\/\//);
    }
    expect([...section.matchAll(/<img [^>]*src="([^"]+)"/g)].map(([, src]) => src)).toEqual([
      "/resell/cam-1.svg",
      "/resell/cam-2.svg",
      "/resell/cam-3.svg",
    ]);
    const related = html.indexOf('id="related-profiles"');
    if (related >= 0) expect(html.indexOf('id="resell-tiles"')).toBeGreaterThan(related);
  });

  it("is absent on a site that leaves it off", async () => {
    const [viewer, member] = await Promise.all([
      createMember({ site: "de-milf" }),
      createMember({ site: "de-milf", name: "Gisela", gender: "female" }),
    ]);
    const response = await get(`/members/${member.profileId}`, { host: "de.localhost", cookie: await loginCookie(viewer, "de.localhost") });
    expect(response.status).toBe(200);
    const html = mainContent(await response.text());
    expect(html).toContain("Gisela");
    expect(html).not.toContain("resell-tiles");
    expect(html).not.toContain("sponsored");
  });
});

describe("site texts in the visitor's language (product.md §10 Sites)", () => {
  it("shows the Dutch site's title, description and fictional texts in Polish to a Polish visitor", async () => {
    const home = await (await get("/", { cookie: "locale=pl", country: "PL" })).text();
    expect(home).toContain("<title>Flirtparadijs – flirt, czat i randki w Holandii i Belgii</title>");
    expect(home).toMatch(/<meta name="description" content="Poznaj singli/);
    // The footer's disclaimer names the fictional profiles in Polish too.
    expect(home).toContain("profile rozrywkowe");
    expect(home).not.toContain("entertainmentprofielen");

    const [viewer, member] = await Promise.all([createMember(), createMember()]);
    await updateProfile(member.profileId, { fictional: 1 });
    const profile = mainContent(
      await (await get(`/members/${member.profileId}`, { cookie: `${await loginCookie(viewer)}; locale=pl` })).text(),
    );
    expect(profile).toContain("To jest profil rozrywkowy: jest fikcyjny i prowadzi go Flirtparadijs.");
    expect(profile).toContain("profil rozrywkowy");
    expect(profile).not.toContain("entertainmentprofiel");

    const settings = (await (await get("/api/settings.php", { cookie: "locale=pl" })).json()) as Record<string, unknown>;
    expect(settings).toMatchObject({ fictional_singular: "profil rozrywkowy", fictional_plural: "profile rozrywkowe" });
  });

  it("keeps the Dutch texts for a Dutch visitor", async () => {
    const home = await (await get("/", { cookie: "locale=nl" })).text();
    expect(home).toContain("<title>Flirtparadijs – flirten, chatten en daten in Nederland en België</title>");
  });
});

describe("each site's brand (white label, ADR 025)", () => {
  const brandRule = (html: string) => /<style id="brand">([^<]*)<\/style>/.exec(html)?.[1] ?? "";

  it("renders the Dutch and the gay site in their own colours, with their own logos", async () => {
    const dutch = await (await get("/", { cookie: "locale=nl" })).text();
    const gay = await (await get("/", { host: "gay.localhost", cookie: "locale=en" })).text();
    expect(brandRule(dutch)).toContain("--color-primary:#8b1226");
    expect(brandRule(gay)).toContain("--color-primary:#3730a3");
    expect(brandRule(gay)).toContain("--color-secondary:#0f766e");
    expect(brandRule(dutch)).not.toBe(brandRule(gay));
    // After the stylesheet, so its values win over app.css's defaults.
    expect(gay.indexOf('<style id="brand">')).toBeGreaterThan(gay.indexOf('rel="stylesheet"'));
    expect(dutch).toContain('<meta name="theme-color" content="#8b1226"/>');
    expect(gay).toContain('<meta name="theme-color" content="#3730a3"/>');
    expect(brandRule(dutch)).toContain(".topnav__brand .topnav__logo{background:url(/brands/flirtparadijs.svg)");
    expect(brandRule(gay)).toContain(".topnav__brand .topnav__logo{background:url(/brands/manmatch.svg)");
  });

  it("preloads the one self-hosted typeface", async () => {
    const response = await get("/");
    expect(response.headers.get("Link")).toContain("</fonts/nunito-latin.woff2>; rel=preload; as=font");
  });
});
