/**
 * Visitor pages from Cloudflare's cache (ADR 048). The pages a visitor sees the same as every other
 * visitor with the same language, country and choices — home, pricing, the content pages, the
 * nine landers, sitemap.xml, robots.txt, the web app manifest and the Open Graph picture — are kept
 * in the data centre's cache (the Cache API) for a minute, then served for ten more while one
 * request renders them again after its response (stale-while-revalidate). A visitor whose copy is
 * in the cache waits for no database round trip at all.
 *
 * The key names everything such a page depends on: the address (host and path, `?lang=`), the
 * deploy (`BUILD_ID`), the site and the version of its settings and prices (site.server.ts), the
 * language the visitor is served in, their country (the language menu, the entry warning, prices),
 * whether they dismissed the entry warning, their cookie-banner answer, and whether they came
 * through one of the site's traffic sources (signup gating). A deploy or an operator's change of
 * the settings therefore makes older copies unreachable.
 *
 * Never from the cache, never into it: a request with a session cookie (a member's page), anything
 * but GET, an address with other query parameters (tracking parameters set a cookie; `lb` records a
 * bounce; tokens and steps are someone's own), and a response that is not a 200 or sets any cookie
 * other than the `landing` visit cookie, which is the visitor's own and is given again on a copy
 * (with the visit counted after the response). Marketing parameters that change nothing on the
 * page (utm_*, gclid, fbclid, …) are left out of the address before the page is rendered, so they
 * share one copy. Every copy gets a fresh CSP nonce on its way out.
 */
import { href } from "react-router";
import { signupGate } from "~/accounts/signup.server";
import type { Database } from "~/db/client.server";
import type { AppEnv } from "~/env.server";
import { detectLanguage } from "~/i18n/detect-language";
import { afterResponse, countSubrequest } from "~/platform/subrequests.server";
import { createNonce } from "~/security/headers.server";
import { requestHost, resolveSite, siteVersion, type Site } from "~/sites/site.server";
import { isDevelopment } from "~/env.server";
import type { LandingVisit } from "~/acquisition/landing.server";
import { recordCachedLanding } from "./acquisition.server";
import type { EdgeRenderNotes } from "./context.server";
import { authCookie, consentFrom, entryWarningDismissedCookie, localeCookie, trackingOf } from "./cookies.server";

declare const __BUILD_ID__: string;

/** Which build served the copy: a deploy makes every older copy unreachable (vite.config.ts defines it per build). */
export const BUILD_ID = typeof __BUILD_ID__ === "string" ? __BUILD_ID__ : "development";

/** How long a copy is served as it is, then while it is rendered again (seconds). */
export const EDGE_FRESH_SECONDS = 60;
export const EDGE_STALE_SECONDS = 600;

/** Whether this response came from the cache (`hit`, `stale`), was rendered and kept (`miss`) or was not eligible (`bypass`). */
export const EDGE_CACHE_HEADER = "X-Edge-Cache";

const STORED_AT = "X-Edge-Stored-At";
const BROWSER_CACHE_CONTROL = "X-Edge-Browser-Cache-Control";
const VISIT = "X-Edge-Visit";

/** What a page depends on besides its address: documents everything, the site's files only the site (and the manifest its language). */
type Dependence = "visitor" | "site" | "site-language";

/** The pages kept in the cache, by path. */
function dependenceOf(pathname: string): Dependence | null {
  if (pathname === "/" || pathname === href("/pricing") || /^\/pages\/[a-z-]{1,40}$/.test(pathname)) return "visitor";
  if (/^\/landers\/[a-z]{1,40}(\/[\w-]{1,60})?$/.test(pathname)) return "visitor";
  if (pathname === href("/sitemap.xml") || pathname === href("/robots.txt") || pathname === href("/og-image.png")) return "site";
  if (pathname === href("/manifest.webmanifest")) return "site-language";
  return null;
}

/** Query parameters that change the page, and so are part of the key (`host`: development's forced site). */
const KEYED_PARAMETERS = new Set(["lang", "host"]);
/** Marketing parameters no page reads (ad click ids, campaign tags): dropped before the page is rendered. */
const IGNORED_PARAMETER =
  /^(utm_[a-z_]{1,20}|gclid|gbraid|wbraid|dclid|fbclid|msclkid|ttclid|twclid|yclid|li_fat_id|mc_cid|mc_eid|_ga|_gl)$/i;

export type EdgeCacheDeps = {
  env: AppEnv;
  db: Database;
  ctx: ExecutionContext;
  country: string | null;
  now: () => Date;
  /** The cache (caches.default in the Worker). */
  cache: Cache;
};

export type Render = (request: Request, notes: EdgeRenderNotes) => Promise<Response>;

/** The data centre's cache (`caches.default`; the DOM's CacheStorage type in the project's types does not know it). */
export const dataCentreCache = (): Cache => (caches as unknown as { default: Cache }).default;

/** Whether the deployment keeps pages in the cache: production by default, elsewhere when EDGE_CACHE is "on". */
export const edgeCacheEnabled = (env: Pick<AppEnv, "APP_ENV" | "EDGE_CACHE">) =>
  (env.EDGE_CACHE ?? (env.APP_ENV === "production" ? "on" : "off")) === "on";

/** Requests that are revalidating a key in this isolate, so a burst of visitors renders a stale page once. */
const revalidating = new Set<string>();

/** The address to render and the cache key of a request, or null when it is not for the cache. */
async function cacheRequest(request: Request, deps: EdgeCacheDeps): Promise<{ key: Request; render: Request; site: Site } | null> {
  if (request.method !== "GET" || authCookie.read(request) !== null) return null;
  const url = new URL(request.url);
  const dependence = dependenceOf(url.pathname);
  if (!dependence) return null;
  const keyed = new URLSearchParams();
  const render = new URL(url);
  render.search = "";
  for (const [name, value] of url.searchParams) {
    if (IGNORED_PARAMETER.test(name)) continue;
    if (!KEYED_PARAMETERS.has(name)) return null;
    keyed.append(name, value);
    render.searchParams.append(name, value);
  }
  keyed.sort();
  const development = isDevelopment(deps.env);
  const site = await resolveSite(deps.db, requestHost(request, { development, forcedHost: deps.env.FORCE_HOST }));
  const parts = [BUILD_ID, `${site.id}.${siteVersion(site)}`, ...dependsOn(dependence, request, site, deps.country)];
  const key = `${url.origin}/__edge-cache/${parts.map(encodeURIComponent).join("/")}${url.pathname}?${keyed}`;
  return {
    key: new Request(key),
    render: render.href === url.href ? request : new Request(render, request),
    site,
  };
}

/** The parts of the key besides the address and the site: what a visitor's page is rendered from. */
function dependsOn(dependence: Dependence, request: Request, site: Site, country: string | null): string[] {
  if (dependence === "site") return [];
  const url = new URL(request.url);
  const language = detectLanguage({
    urlLocale: url.searchParams.get("lang"),
    cookieLocale: localeCookie.read(request),
    domainLanguage: site.domainLanguage,
  });
  if (dependence === "site-language") return [language];
  return [
    language,
    country ?? "-",
    entryWarningDismissedCookie.read(request) === "1" ? "entry-dismissed" : "entry",
    consentFrom(request) ?? "unasked",
    signupGate(site.settings, trackingOf(request)),
  ];
}

/**
 * Serves `request` from the cache when it can, else renders it (`render`, the Worker's pipeline)
 * and keeps a copy when it may. Anything that goes wrong on the cache's side renders the page.
 */
export async function withEdgeCache(request: Request, deps: EdgeCacheDeps, render: Render): Promise<Response> {
  if (!edgeCacheEnabled(deps.env)) return render(request, { visit: null, countVisits: true });
  let target: Awaited<ReturnType<typeof cacheRequest>>;
  try {
    target = await cacheRequest(request, deps);
  } catch {
    // No site (the database is down and this isolate has none yet): the page's own pipeline answers.
    target = null;
  }
  if (!target)
    return labelled(
      await render(request, { visit: null, countVisits: true }),
      "bypass",
      dependenceOf(new URL(request.url).pathname) !== null,
    );

  const cached = await match(deps.cache, target.key);
  if (cached) {
    const age = (deps.now().getTime() - Number(cached.headers.get(STORED_AT))) / 1000;
    const stale = !(age < EDGE_FRESH_SECONDS);
    if (stale && !revalidating.has(target.key.url)) {
      revalidating.add(target.key.url);
      // A request of its own: the visitor's ends (and its signal aborts) once they have their copy.
      const fresh = new Request(target.render.url, { headers: target.render.headers });
      const again = afterResponse(() => renderAndKeep(fresh, target.key, deps, render, false)).finally(() =>
        revalidating.delete(target.key.url),
      );
      deps.ctx.waitUntil(again);
    }
    return fromCopy(cached, request, target.site, deps, stale ? "stale" : "hit");
  }
  return renderAndKeep(target.render, target.key, deps, render, true);
}

async function match(cache: Cache, key: Request): Promise<Response | undefined> {
  countSubrequest();
  try {
    return await cache.match(key);
  } catch (error) {
    console.error("edge cache: match failed", error);
    return undefined;
  }
}

/** Renders the page and keeps a copy when it may be shared; the response as the visitor gets it. */
async function renderAndKeep(request: Request, key: Request, deps: EdgeCacheDeps, render: Render, countVisits: boolean) {
  const notes: EdgeRenderNotes = { visit: null, countVisits };
  const response = await render(request, notes);
  const copy = sharedCopy(response, notes, deps.now());
  if (copy) {
    countSubrequest();
    deps.ctx.waitUntil(deps.cache.put(key, copy).catch((error: unknown) => console.error("edge cache: put failed", error)));
  }
  return labelled(response, "miss", true);
}

/** The copy the cache keeps of a response, or null when it is not everyone's to see. */
function sharedCopy(response: Response, notes: EdgeRenderNotes, now: Date): Response | null {
  if (response.status !== 200 || !response.body) return null;
  const cookies = response.headers.getSetCookie();
  if (cookies.some((cookie) => !cookie.startsWith("landing="))) return null;
  if (/\b(private|no-store)\b/i.test(response.headers.get("Cache-Control") ?? "")) return null;
  const copy = response.clone();
  const headers = new Headers(copy.headers);
  headers.delete("Set-Cookie");
  headers.set(BROWSER_CACHE_CONTROL, response.headers.get("Cache-Control") ?? "");
  headers.set("Cache-Control", `public, max-age=${EDGE_FRESH_SECONDS + EDGE_STALE_SECONDS}`);
  headers.set(STORED_AT, String(now.getTime()));
  if (notes.visit) headers.set(VISIT, JSON.stringify(notes.visit));
  return new Response(copy.body, { status: 200, headers });
}

/** A copy from the cache as this visitor gets it: their own nonce, their visit counted, the browser's caching. */
function fromCopy(cached: Response, request: Request, site: Site, deps: EdgeCacheDeps, state: "hit" | "stale"): Response {
  const headers = new Headers(cached.headers);
  const browserCaching = headers.get(BROWSER_CACHE_CONTROL);
  const visit = headers.get(VISIT);
  for (const name of [STORED_AT, BROWSER_CACHE_CONTROL, VISIT, "Cache-Control", "Age", "CF-Cache-Status", "Expires"]) headers.delete(name);
  if (browserCaching) headers.set("Cache-Control", browserCaching);
  headers.set(EDGE_CACHE_HEADER, state);
  if (visit) {
    const counted = { db: deps.db, siteId: site.id, now: deps.now(), waitUntil: (work: Promise<unknown>) => deps.ctx.waitUntil(work) };
    const cookie = recordCachedLanding(request, counted, JSON.parse(visit) as LandingVisit);
    if (cookie) headers.append("Set-Cookie", cookie);
  }
  const response = new Response(cached.body, { status: cached.status, headers });
  return withFreshNonce(response);
}

/**
 * A page's CSP nonce is a secret of that response: a copy served to many visitors gets a new one in
 * its Content-Security-Policy and on every element that carries it.
 */
function withFreshNonce(response: Response): Response {
  const policy = response.headers.get("Content-Security-Policy");
  const old = policy ? /'nonce-([^']+)'/.exec(policy)?.[1] : undefined;
  if (!policy || !old || !(response.headers.get("Content-Type") ?? "").includes("text/html")) return response;
  const nonce = createNonce();
  response.headers.set("Content-Security-Policy", policy.replaceAll(`'nonce-${old}'`, `'nonce-${nonce}'`));
  return new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        element.setAttribute("nonce", nonce);
      },
    })
    .transform(response);
}

function labelled(response: Response, state: "miss" | "bypass", eligible: boolean): Response {
  if (!eligible) return response;
  const headers = new Headers(response.headers);
  headers.set(EDGE_CACHE_HEADER, state);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
