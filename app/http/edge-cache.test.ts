/**
 * The edge cache's lifetime (ADR 048): a copy is served as it is for a minute, then served stale
 * while one request renders the page again after its response (counting no visit), and is gone
 * after the stale window. The workerd test (tests/workers/edge-cache.test.ts) covers the keys and
 * the Cache API itself; here time is moved, with a cache that honours `max-age` like Cloudflare's.
 */
import { describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import type { AppEnv } from "~/env.server";
import { testSiteRows } from "~/sites/test-site";
import type { EdgeRenderNotes } from "./context.server";
import { EDGE_FRESH_SECONDS, EDGE_STALE_SECONDS, withEdgeCache } from "./edge-cache.server";

/** A database that only knows the demo site (read once a minute by site.server.ts). */
const siteRows = testSiteRows();
const db = {
  select: () => ({ from: (table: unknown) => ({ table, orderBy: () => ({ table }) }) }),
  batch: async (queries: unknown[]) =>
    [siteRows.sites, siteRows.siteHosts, siteRows.companies, siteRows.sitePrices].slice(0, queries.length),
} as unknown as Database;

/** A cache that keeps each copy for its `max-age`, on the test's clock. */
function clockedCache(clock: { now: number }) {
  const entries = new Map<string, { body: string; init: ResponseInit; expires: number }>();
  return {
    async match(key: Request) {
      const entry = entries.get(key.url);
      if (!entry || clock.now >= entry.expires) return undefined;
      return new Response(entry.body, entry.init);
    },
    async put(key: Request, response: Response) {
      const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get("Cache-Control") ?? "")?.[1] ?? 0);
      const init = { status: response.status, headers: [...response.headers] };
      entries.set(key.url, { body: await response.text(), init, expires: clock.now + maxAge * 1000 });
    },
  } as unknown as Cache;
}

function setup() {
  const clock = { now: Date.UTC(2026, 10, 27, 12) };
  const pending: Promise<unknown>[] = [];
  const renders: EdgeRenderNotes[] = [];
  const deps = {
    env: { APP_ENV: "test", EDGE_CACHE: "on" } as AppEnv,
    db,
    ctx: { waitUntil: (work: Promise<unknown>) => pending.push(work) } as unknown as ExecutionContext,
    country: "NL",
    now: () => new Date(clock.now),
    cache: clockedCache(clock),
  };
  const render = async (_request: Request, notes: EdgeRenderNotes) => {
    renders.push(notes);
    return new Response(`page ${renders.length}`, { headers: { "Content-Type": "text/plain" } });
  };
  const open = async (seconds: number) => {
    clock.now += seconds * 1000;
    const response = await withEdgeCache(new Request("https://flirtparadijs.nl/pages/faq"), deps, render);
    const result = { state: response.headers.get("X-Edge-Cache"), body: await response.text() };
    await Promise.all(pending.splice(0));
    return result;
  };
  return { open, renders };
}

describe("a copy's lifetime", () => {
  it("is fresh for a minute, then served stale while it is rendered again once, then gone", async () => {
    const { open, renders } = setup();
    expect(await open(0)).toEqual({ state: "miss", body: "page 1" });
    expect(await open(EDGE_FRESH_SECONDS - 1)).toEqual({ state: "hit", body: "page 1" });
    expect(renders).toHaveLength(1);

    // Stale: the visitor gets the old copy at once; the page is rendered again after the response, counting no visit.
    expect(await open(2)).toEqual({ state: "stale", body: "page 1" });
    expect(renders).toHaveLength(2);
    expect(renders[1]!.countVisits).toBe(false);
    expect(await open(1)).toEqual({ state: "hit", body: "page 2" });

    // Past the stale window nothing is served from the cache.
    expect(await open(EDGE_FRESH_SECONDS + EDGE_STALE_SECONDS + 1)).toEqual({ state: "miss", body: "page 3" });
  });
});
