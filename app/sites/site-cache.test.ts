/**
 * Site settings and price lists held in the isolate (ADR 049): read from the database at most once
 * per isolate and minute, and an operator's change is served within a minute, with a new version
 * (the edge cache's key, ADR 048). Translations are files in the Worker, never read (ADR 033).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getTableName, type Table } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { testSiteRows } from "~/sites/test-site";

type Rows = Record<"sites" | "siteHosts" | "companies" | "sitePrices", Record<string, unknown>[]>;

/** The demo site's rows, with one price package. */
function rows(): Rows {
  return {
    ...testSiteRows(),
    sitePrices: [
      {
        id: 1,
        siteId: 1,
        currency: "EUR",
        packageKey: "p1",
        credits: 100,
        amountCents: 1000,
        discountPercent: 0,
        popular: false,
        position: 0,
      },
    ],
  };
}

/** A database that answers the sites' one batch from `data`, counting its reads; `gate` holds a read until released. */
function fakeDatabase(data: Rows) {
  const names = new Map<string, keyof Rows>([
    ["sites", "sites"],
    ["site_hosts", "siteHosts"],
    ["companies", "companies"],
    ["site_prices", "sitePrices"],
  ]);
  const state = { reads: 0, gate: null as Promise<void> | null };
  const query = (table: unknown) => {
    const built = { table, orderBy: () => built };
    return built;
  };
  const db = {
    select: () => ({ from: query }),
    async batch(queries: { table: Table }[]) {
      state.reads++;
      if (state.gate) await state.gate;
      return queries.map((q) => structuredClone(data[names.get(getTableName(q.table))!]));
    },
  } as unknown as Database;
  return { db, state };
}

let sites: typeof import("./site.server");
beforeEach(async () => {
  vi.resetModules();
  sites = await import("./site.server");
});

describe("sites held in the isolate", () => {
  it("are read once a minute, and an operator's change is served within the minute", async () => {
    const data = rows();
    const { db, state } = fakeDatabase(data);
    const t0 = 1_000_000;
    const first = await sites.resolveSite(db, "flirtparadijs.nl", t0);
    for (let second = 1; second <= 60; second += 10) await sites.resolveSite(db, "flirtparadijs.nl", t0 + second * 1000);
    expect(state.reads).toBe(1);

    data.sites[0]!.settings = { ...(data.sites[0]!.settings as object), messageCredits: 20 };
    data.sitePrices[0]!.amountCents = 1200;
    const unchanged = await sites.resolveSite(db, "flirtparadijs.nl", t0 + sites.SITES_TTL_MS);
    expect(unchanged.settings.messageCredits).toBe(first.settings.messageCredits);
    const changed = await sites.resolveSite(db, "flirtparadijs.nl", t0 + sites.SITES_TTL_MS + 1);
    expect(state.reads).toBe(2);
    expect(changed.settings.messageCredits).toBe(20);
    expect(changed.prices[0]!.amountCents).toBe(1200);
    expect(sites.siteVersion(changed)).not.toBe(sites.siteVersion(first));
  });

  it("keep the same version while nothing changed", async () => {
    const { db } = fakeDatabase(rows());
    const first = await sites.resolveSite(db, "flirtparadijs.nl", 0);
    const again = await sites.resolveSite(db, "flirtparadijs.nl", sites.SITES_TTL_MS + 1);
    expect(again).not.toBe(first);
    expect(sites.siteVersion(again)).toBe(sites.siteVersion(first));
  });

  it("are read by one request when the minute is over; the others meanwhile keep the copy they have", async () => {
    const { db, state } = fakeDatabase(rows());
    await sites.resolveSite(db, "flirtparadijs.nl", 0);
    let release = () => {};
    state.gate = new Promise((resolve) => {
      release = resolve;
    });
    const later = sites.SITES_TTL_MS + 1;
    const reading = sites.resolveSite(db, "flirtparadijs.nl", later);
    const others = await Promise.all([1, 2, 3].map(() => sites.resolveSite(db, "flirtparadijs.nl", later)));
    expect(others.map((site) => site.name)).toEqual(["Flirtparadijs", "Flirtparadijs", "Flirtparadijs"]);
    expect(state.reads).toBe(2);
    release();
    await reading;
    await sites.resolveSite(db, "flirtparadijs.nl", later + 1);
    expect(state.reads).toBe(2);
  });
});
