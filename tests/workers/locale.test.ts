import { describe, expect, it } from "vitest";
import { createMember, loginCookie } from "./factories";
import { get, htmlLang, mainContent, post } from "./helpers";

describe("language detection", () => {
  it("serves Dutch by default on the Dutch site", async () => {
    const response = await get("/");
    expect(response.status).toBe(200);
    expect(htmlLang(await response.text())).toBe("nl");
  });

  it("speaks the site's language to a visitor from another country, with their language in the menu and the language page in the footer", async () => {
    const fromPoland = await (await get("/", { country: "PL", acceptLanguage: "pl-PL,pl" })).text();
    expect(htmlLang(fromPoland)).toBe("nl");
    expect(fromPoland).toMatch(/<option[^>]*value="pl"/);
    expect(htmlLang(await (await get("/", { country: "BE", acceptLanguage: "fr-BE,fr" })).text())).toBe("nl");
    expect(htmlLang(await (await get("/", { host: "reifeliebe.de", country: "PL" })).text())).toBe("de");
    // A Dutch visitor has one language in the menu (no menu), and the footer still leads to every language.
    const fromHome = await (await get("/pricing", { country: "NL" })).text();
    expect(fromHome).not.toMatch(/<option[^>]*value="pl"/);
    expect(fromHome).toMatch(/<a[^>]*href="\/lang-config"[^>]*>Taal: Nederlands<\/a>/);
    const member = await createMember();
    expect(await (await get("/members", { cookie: await loginCookie(member), country: "NL" })).text()).toContain('href="/lang-config"');
  });

  it("honours the locale cookie and ignores a malicious one", async () => {
    expect(htmlLang(await (await get("/", { cookie: "locale=sv", country: "NL" })).text())).toBe("sv");
    const evil = await get("/", { cookie: 'locale="><script>alert(1)</script>', country: "NL" });
    expect(evil.status).toBe(200);
    expect(htmlLang(await evil.text())).toBe("nl");
  });

  it("falls back to the site's domain language", async () => {
    expect(htmlLang(await (await get("/", { host: "reifeliebe.de" })).text())).toBe("de");
  });

  it("sets the locale cookie for a year from the language menu, and only redirects on-site", async () => {
    const response = await post("/lang-config", { locale: "it", redirectTo: "/pricing" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/pricing");
    expect(response.headers.get("Set-Cookie")).toMatch(/^locale=it; Path=\/; Max-Age=31536000/);

    const offsite = await post("/lang-config", { locale: "it", redirectTo: "https://evil.example/" });
    expect(offsite.headers.get("Location")).toBe("/");
  });

  it("sends a page's translations as its language's cacheable file, not inside the page (ADR 033)", async () => {
    const translationsLink = (html: string) => /<link[^>]*data-translations="([a-z]{2})"[^>]*>/.exec(html);
    const dutchMember = await createMember();
    const dutch = await (await get("/pricing", { cookie: await loginCookie(dutchMember) })).text();
    const link = translationsLink(dutch);
    expect(link?.[1]).toBe("nl");
    // Written inert, a preload once the page starts its scripts (ADR 063).
    expect(link?.[0]).toMatch(/rel="x-preload"/);
    expect(link?.[0]).toMatch(/href="\/assets\/translations-nl-[0-9a-f]{10}\.json"/);
    // The strings travel in that file only: the page carries no namespace tree.
    expect(dutch).not.toContain('\\"common\\":{');
    expect(dutch).not.toContain('"common":{');
    const germanMember = await createMember({ site: "de-milf" });
    const german = await (
      await get("/pricing", { host: "reifeliebe.de", cookie: await loginCookie(germanMember, "reifeliebe.de") })
    ).text();
    expect(translationsLink(german)?.[0]).toMatch(/href="\/assets\/translations-de-[0-9a-f]{10}\.json"/);
    // A visitor's page without React (ADR 032) needs no translations in the browser at all.
    expect(translationsLink(await (await get("/pricing")).text())).toBeNull();
  });

  it("refuses an unknown language with a translated message, not a crash", async () => {
    const response = await post("/lang-config", { locale: "xx" });
    expect(response.status).toBe(400);
  });
});

describe("pages and errors", () => {
  it("shows recently active members with their photos on the home page", async () => {
    const response = await get("/");
    expect(response.status).toBe(200);
    const main = mainContent(await response.text());
    expect(main.match(/class="profile-card"/g)?.length).toBeGreaterThan(0);
    expect(main).toMatch(/src="\/photos\/[0-9a-f]{32}_thumb\.png"/);
  });

  it("gives unmatched paths a 404 page with a way home", async () => {
    const response = await get("/this/does/not/exist", { cookie: "locale=en" });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("This page could not be found");
    expect(html).toContain("Back to the home page");
  });

  it("serves every static page in every language with the company's details", async () => {
    for (const page of ["terms", "privacy", "cookies", "ban", "return-policy", "faq", "service"]) {
      for (const locale of ["nl", "pl", "fi"]) {
        const response = await get(`/pages/${page}`, { cookie: `locale=${locale}` });
        expect(response.status, `${page} in ${locale}`).toBe(200);
      }
    }
    const terms = mainContent(await (await get("/pages/terms", { cookie: "locale=pl" })).text());
    expect(terms).toContain("Lovelink Media B.V.");
    expect(terms).toContain("15 marca 2024");
    expect(terms).not.toContain("{{");
    expect((await get("/pages/unknown")).status).toBe(404);
  });

  it("prices packages from the site's price list", async () => {
    const html = await (await get("/pricing", { cookie: "locale=nl", country: "NL" })).text();
    expect(html).toMatch(/€\s?49,95/);
    expect(html).toContain("Eenmalige betaling, geen abonnement");
  });
});

describe("first paint (ADR 034, ADR 063)", () => {
  it("asks for a member page's stylesheet first, and for its scripts only once the page starts them", async () => {
    const html = await (await get("/members", { cookie: await loginCookie(await createMember()) })).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const stylesheet = head.search(/<link[^>]*rel="stylesheet"/);
    expect(stylesheet).toBeGreaterThan(-1);
    // React Router's module preloads and module script are written inert; nothing fetches or runs them yet.
    const inert = [...head.matchAll(/<link[^>]*rel="x-modulepreload"[^>]*>/g)];
    expect(inert.length).toBeGreaterThan(3);
    expect(stylesheet).toBeLessThan(inert[0]!.index);
    expect(html).not.toMatch(/rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toMatch(/<script[^>]*type="x-module"/);
    expect(html).toMatch(/<link[^>]*rel="x-preload"[^>]*data-translations=/);
    // The inline script that starts them comes after them, with the page's nonce.
    const nonce = html.match(/<script nonce="([^"]+)"/)?.[1];
    const starter = html.lastIndexOf(`<script nonce="${nonce}">// React Router's scripts`);
    expect(starter).toBeGreaterThan(html.search(/<script[^>]*type="x-module"/));
  });
});

describe("security headers", () => {
  it("sends a CSP with a nonce and the baseline headers", async () => {
    const response = await get("/");
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(await response.text()).toContain(`nonce="${nonce}"`);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });
});
