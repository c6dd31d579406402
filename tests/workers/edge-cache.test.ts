/**
 * Visitor pages and public photos from the data centre's cache (ADR 048), in the built Worker with
 * `EDGE_CACHE` on (production's default; tests and development leave it off). Both sides: a second
 * visitor gets the first one's copy without any database round trip, and nobody gets a copy made
 * for someone else: not a member, not another cookie-banner answer, language, country or site.
 * Each test uses a host of its own (an unknown host serves the default site), so its copies are
 * its own; the figures come from the Worker's subrequest meter (`X-Test-Meter`, ADR 049).
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
// @ts-expect-error: the built Worker (npm run build) ships no type declarations
import builtWorker from "#build/server/index.js";
import { createMember, loginCookie } from "./factories";
import { mainContent, sql } from "./helpers";
import { setPhotoState, uploadOk } from "./photo-helpers";

const worker = builtWorker as ExportedHandler<Env>;

type Visit = { host: string; cookie?: string; country?: string; headers?: Record<string, string> };

/** One request to the Worker with the edge cache on, its work after the response included. */
async function visit(path: string, who: Visit) {
  const ctx = createExecutionContext();
  const headers = new Headers({ Accept: "text/html", "X-Test-Meter": "1", ...who.headers });
  if (who.cookie) headers.set("Cookie", who.cookie);
  if (who.country) headers.set("CF-IPCountry", who.country);
  const request = new Request(`http://${who.host}${path}`, { headers, redirect: "manual" }) as Parameters<
    NonNullable<typeof worker.fetch>
  >[0];
  const response = await worker.fetch!(request, { ...env, EDGE_CACHE: "on" } as Env, ctx);
  await waitOnExecutionContext(ctx);
  const type = response.headers.get("Content-Type") ?? "";
  const body = /text|json|xml/.test(type) ? await response.text() : String((await response.arrayBuffer()).byteLength);
  return {
    status: response.status,
    body,
    cache: response.headers.get("X-Edge-Cache"),
    databaseCalls: Number(response.headers.get("X-Test-Database-Calls")),
    databaseCallsAfter: Number(response.headers.get("X-Test-Database-Calls-After-Response")),
    cookies: response.headers.getSetCookie(),
    nonce: /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1],
  };
}

const ownHost = () => `edge-${crypto.randomUUID().slice(0, 8)}.localhost`;
const lang = (html: string) => /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1];

describe("a visitor's pages from the edge cache", () => {
  it("give the second visitor the first one's copy without a database round trip", async () => {
    const host = ownHost();
    for (const path of [
      "/pages/privacy",
      "/",
      "/pricing",
      "/landers/video/nl-plain",
      "/sitemap.xml",
      "/robots.txt",
      "/manifest.webmanifest",
    ]) {
      const first = await visit(path, { host, country: "NL" });
      expect(first.status, path).toBe(200);
      expect(first.cache, path).toBe("miss");
      const second = await visit(path, { host, country: "NL" });
      expect(second.cache, path).toBe("hit");
      expect(second.databaseCalls, path).toBe(0);
      expect(
        path.endsWith(".xml") || path.endsWith(".txt") || path.endsWith("manifest") ? second.body : mainContent(second.body),
        path,
      ).toBe(path.endsWith(".xml") || path.endsWith(".txt") || path.endsWith("manifest") ? first.body : mainContent(first.body));
    }
  });

  it("count a visit of an acquisition page after the response, with the visitor's own landing cookie", async () => {
    const host = ownHost();
    await visit("/landers/gallery/nl-plain", { host, country: "NL" });
    const copy = await visit("/landers/gallery/nl-plain", { host, country: "NL" });
    expect(copy.cache).toBe("hit");
    expect(copy.databaseCalls).toBe(0);
    expect(copy.databaseCallsAfter).toBe(1);
    const landing = copy.cookies.find((cookie) => cookie.startsWith("landing="));
    const visitId = (landing ?? "").split(";")[0]?.slice("landing=".length) ?? "";
    expect(visitId).toMatch(/^[\w-]{22}$/);
    const [[page]] = (await sql("SELECT page FROM landing_visits WHERE id = ?", [visitId])) as [[string]];
    expect(page).toBe("/landers/gallery");
    // A content page counts nothing and asks the database nothing, before or after.
    await visit("/pages/terms", { host, country: "NL" });
    const terms = await visit("/pages/terms", { host, country: "NL" });
    expect([terms.cache, terms.databaseCalls, terms.databaseCallsAfter, terms.cookies]).toEqual(["hit", 0, 0, []]);
  });

  it("give every copy its own CSP nonce", async () => {
    const host = ownHost();
    const first = await visit("/", { host, country: "NL" });
    const second = await visit("/", { host, country: "NL" });
    expect(second.cache).toBe("hit");
    expect(second.nonce).toBeTruthy();
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.body).toContain(`nonce="${second.nonce}"`);
    expect(second.body).not.toContain(`nonce="${first.nonce}"`);
  });

  it("never serve a member a visitor's copy, nor keep a member's page", async () => {
    const host = ownHost();
    const member = await createMember();
    const cookie = await loginCookie(member);
    await visit("/", { host, country: "NL" });
    const theirs = await visit("/", { host, country: "NL", cookie });
    expect(theirs.cache).toBe("bypass");
    expect(theirs.body).toContain("__reactRouterContext");
    const visitor = await visit("/", { host, country: "NL" });
    expect(visitor.cache).toBe("hit");
    expect(visitor.body).not.toContain("__reactRouterContext");
    expect(visitor.body).not.toContain(member.email);
  });

  it("keep one copy per cookie-banner answer, entry-warning choice, language, country and site", async () => {
    const host = ownHost();
    const base = await visit("/pages/cookies", { host, country: "NL" });
    expect(base.cache).toBe("miss");
    for (const [what, who] of [
      ["consent accepted", { host, country: "NL", cookie: "consent=accepted" }],
      ["consent refused", { host, country: "NL", cookie: "consent=refused" }],
      ["entry warning dismissed", { host, country: "NL", cookie: "entry-warning-dismissed=1" }],
      ["language cookie", { host, country: "NL", cookie: "locale=de" }],
      ["language in the address", { host, country: "NL" }],
      ["another country", { host, country: "BE" }],
      ["a browser's language", { host, country: "CH", headers: { "Accept-Language": "it-CH" } }],
    ] as [string, Visit][]) {
      const path = what === "language in the address" ? "/pages/cookies?lang=en" : "/pages/cookies";
      const first = await visit(path, who);
      expect(first.cache, what).toBe("miss");
      expect((await visit(path, who)).cache, what).toBe("hit");
    }
    expect(lang((await visit("/pages/cookies", { host, country: "NL", cookie: "locale=de" })).body)).toBe("de");
    expect(lang((await visit("/pages/cookies?lang=en", { host, country: "NL" })).body)).toBe("en");
    // Another site: its own host, its own copy in its own language.
    expect(lang((await visit("/pages/cookies", { host: "localhost" })).body)).toBe("nl");
    expect(lang((await visit("/pages/cookies", { host: "de.localhost" })).body)).toBe("de");
  });

  it("never keep a response that sets a cookie, or a page whose address carries someone's parameters", async () => {
    const host = ownHost();
    const tracked = await visit("/?network=adnet&sub1=abc", { host, country: "NL" });
    expect(tracked.cache).toBe("bypass");
    expect(tracked.cookies.some((cookie) => cookie.startsWith("tracking="))).toBe(true);
    expect((await visit("/?network=adnet&sub1=abc", { host, country: "NL" })).cache).toBe("bypass");
    expect((await visit("/pages/faq?lb=1", { host, country: "NL" })).cache).toBe("bypass");
    // Campaign tags change nothing on the page: one copy, without them in its links.
    const tagged = await visit("/pages/faq?utm_source=mail&gclid=abc123", { host, country: "NL" });
    expect(tagged.cache).toBe("miss");
    expect(tagged.body).not.toContain("abc123");
    expect((await visit("/pages/faq", { host, country: "NL" })).cache).toBe("hit");
  });
});

describe("public photos from the edge cache", () => {
  it("serve a public photo seen before without the database or R2, and never keep a private one", async () => {
    const owner = await createMember();
    const ownerCookie = await loginCookie(owner);
    const photo = await uploadOk({ cookie: ownerCookie });
    await setPhotoState(photo.id, { status: "active" });
    const host = ownHost();
    const first = await visit(photo.thumbUrl, { host });
    expect(first.status).toBe(200);
    expect(first.cache).toBe("miss");
    const second = await visit(photo.thumbUrl, { host });
    expect([second.status, second.cache, second.databaseCalls]).toEqual([200, "hit", 0]);

    const secret = await uploadOk({ cookie: ownerCookie });
    await setPhotoState(secret.id, { status: "active", private: true });
    const own = await visit(secret.thumbUrl, { host, cookie: ownerCookie });
    expect(own.status).toBe(200);
    expect(own.cache).toBeNull();
    expect((await visit(secret.thumbUrl, { host })).status).toBe(404);
  });
});
