import { describe, expect, it } from "vitest";
import { alternates, canonicalUrl, headTags, isIndexable, robotsTxt, siteLanguages, sitemapXml, slugLanguage } from "./seo";
import { drawCard, encodePng, OG_HEIGHT, OG_WIDTH } from "./og-image";

const origin = "https://flirt.example";

describe("what search engines index", () => {
  it("indexes the home page, pricing, signup, login, content pages and landers; nothing of the members area", () => {
    for (const path of [
      "/",
      "/pricing",
      "/signup",
      "/login",
      "/pages/privacy",
      "/landers/video",
      "/landers/video/nl-2",
      "/landers/tinderswipe",
    ]) {
      expect(isIndexable(path)).toBe(true);
    }
    for (const path of ["/members", "/members/12", "/members/12/landing", "/chats", "/likes/matches", "/settings", "/signup-matches"]) {
      expect(isIndexable(path)).toBe(false);
    }
  });

  it("names one canonical address per page and language, without tracking parameters", () => {
    expect(canonicalUrl(origin, new URL("https://x.test/pricing?network=a&sub1=b"))).toBe(`${origin}/pricing`);
    expect(canonicalUrl(origin, new URL("https://x.test/pricing?lang=de&ref=1"))).toBe(`${origin}/pricing?lang=de`);
    expect(canonicalUrl(origin, new URL("https://x.test/pricing?lang=xx"))).toBe(`${origin}/pricing`);
  });

  it("links the site's visible languages as alternates, with x-default; one language needs none", () => {
    expect(siteLanguages(["NL", "BE"], "nl_NL")).toEqual(["nl", "fr", "de"]);
    expect(siteLanguages(["DE", "AT", "CH"], "de_DE")).toEqual(["de", "it", "fr", "en"]);
    expect(siteLanguages(["GB", "US", "IE"], "en_GB")).toEqual(["en"]);
    expect(alternates(origin, "/", ["en"])).toEqual([]);
    expect(alternates(origin, "/", ["nl", "de"]).map((link) => `${link.hreflang} ${link.href}`)).toEqual([
      `nl ${origin}/?lang=nl`,
      `de ${origin}/?lang=de`,
      `x-default ${origin}/`,
    ]);
  });

  it("gives a lander's slug the say over its language: canonical as it is, alternates in its other slugs", () => {
    expect(slugLanguage("/landers/video/de-milf")).toBe("de");
    expect(slugLanguage("/members/12/landing2/fr-bbw")).toBe("fr");
    for (const path of [
      "/landers/video",
      "/landers/video/xx-milf",
      "/landers/tinderswipe/de-milf",
      "/landers/nothing/de-milf",
      "/members/12/landing/de-bbw",
    ]) {
      expect(slugLanguage(path), path).toBeNull();
    }
    expect(canonicalUrl(origin, new URL("https://x.test/landers/video/de-milf?lang=fr&network=a"))).toBe(`${origin}/landers/video/de-milf`);
    // A slug that is not one shows the lander without slug: that is the canonical address.
    expect(canonicalUrl(origin, new URL("https://x.test/landers/video/nl-kinky?lang=fr"))).toBe(`${origin}/landers/video?lang=fr`);
    expect(alternates(origin, "/landers/video/de-milf", ["nl", "fr"]).map((link) => `${link.hreflang} ${link.href}`)).toEqual([
      `nl ${origin}/landers/video/nl-milf`,
      `fr ${origin}/landers/video/fr-milf`,
      `de ${origin}/landers/video/de-milf`,
      `x-default ${origin}/landers/video/nl-milf`,
    ]);
    expect(alternates(origin, "/landers/video/nl-milf", ["nl"])).toEqual([]);
    const tags = headTags({
      origin,
      url: new URL(`${origin}/landers/video/de-milf`),
      status: 200,
      language: "nl",
      languages: ["nl"],
      siteName: "Flirt",
      title: "Video",
      description: "",
      image: "/og-image.png",
      present: new Set<string>(),
    });
    expect(tags).toContain('<meta property="og:locale" content="de_DE">');
    expect(tags).toContain(`<link rel="alternate" hreflang="de" href="${origin}/landers/video/de-milf">`);
  });

  it("writes the head tags, escaped, and leaves the page's own tags alone", () => {
    const base = {
      origin,
      url: new URL(`${origin}/landers/video?network=n`),
      status: 200,
      language: "nl" as const,
      languages: ["nl", "fr"] as const,
      siteName: 'Flirt "&" Co',
      title: "Video <lander>",
      description: "Kom erbij",
      image: "/og-image.png",
      present: new Set<string>(),
    };
    const tags = headTags(base);
    expect(tags).toContain(`<link rel="canonical" href="${origin}/landers/video">`);
    expect(tags).toContain('<meta property="og:site_name" content="Flirt &quot;&amp;&quot; Co">');
    expect(tags).toContain('<meta property="og:title" content="Video &lt;lander&gt;">');
    expect(tags).toContain(`<meta property="og:image" content="${origin}/og-image.png">`);
    expect(tags).toContain('<meta property="og:locale" content="nl_NL">');
    expect(tags).toContain('<meta name="description" content="Kom erbij">');
    expect(tags).not.toContain("robots");

    const own = headTags({ ...base, present: new Set(["og:image", "description", "canonical"]) });
    expect(own).not.toContain("og:image");
    expect(own).not.toContain('name="description"');
    expect(own).not.toContain("canonical");

    const notFound = headTags({ ...base, status: 404 });
    expect(notFound).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(notFound).not.toContain("canonical");
  });

  it("lists the indexed pages in the sitemap and keeps crawlers out of the members area", () => {
    const xml = sitemapXml(origin, ["nl", "de"]);
    expect(xml).toContain(`<loc>${origin}/pages/cookies</loc>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="de" href="${origin}/pricing?lang=de"/>`);
    expect(xml).not.toContain("/members");
    const robots = robotsTxt(origin);
    expect(robots).toContain("Disallow: /members\n");
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});

describe("the link-preview picture", () => {
  it("is a real PNG of 1200×630 in the brand colours", async () => {
    const scanlines = drawCard("#8b1226", "#e0203a");
    expect(scanlines.length).toBe(OG_HEIGHT * (OG_WIDTH * 3 + 1));
    expect([...scanlines.slice(1, 4)]).toEqual([0x8b, 0x12, 0x26]); // top-left: the primary colour
    const centre = (OG_HEIGHT / 2) * (OG_WIDTH * 3 + 1) + 1 + (OG_WIDTH / 2) * 3;
    expect([...scanlines.slice(centre, centre + 3)]).toEqual([255, 255, 255]); // the heart
    const png = await encodePng(scanlines);
    expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(new DataView(png.buffer).getUint32(16)).toBe(OG_WIDTH);
    expect(png.length).toBeLessThan(100_000);
  });
});
