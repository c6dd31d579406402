/**
 * The distance proxy (ADR 047): it counts the round trips a client waits for one after another,
 * with exchanges sent together counted once, and it forwards everything else unchanged.
 */
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainDepths, latencyFromEnvironment, startDistanceProxy } from "./distance-proxy.mjs";
import { startLibsqlServer } from "./libsql-server/server.mjs";

describe("chainDepths", () => {
  it("counts a chain link by link and overlapping exchanges once", () => {
    expect(chainDepths([])).toEqual([]);
    // a, then b and c together after a, then d after c.
    const a = { arrived: 0, answered: 10 };
    const b = { arrived: 11, answered: 20 };
    const c = { arrived: 12, answered: 21 };
    const d = { arrived: 22, answered: 30 };
    expect(chainDepths([a, b, c, d])).toEqual([1, 2, 2, 3]);
    // Two that overlap wait for nothing but each other's company.
    expect(chainDepths([a, { arrived: 5, answered: 15 }])).toEqual([1, 1]);
  });
});

describe("latencyFromEnvironment", () => {
  it("reads milliseconds and refuses anything else", () => {
    expect(latencyFromEnvironment(undefined)).toBe(0);
    expect(latencyFromEnvironment("")).toBe(0);
    expect(latencyFromEnvironment("25")).toBe(25);
    expect(() => latencyFromEnvironment("fast")).toThrow(/DB_LATENCY_MS/);
    expect(() => latencyFromEnvironment("-1")).toThrow(/DB_LATENCY_MS/);
  });
});

describe("the proxy", () => {
  let server: Awaited<ReturnType<typeof startLibsqlServer>>;
  let proxy: Awaited<ReturnType<typeof startDistanceProxy>>;
  beforeAll(async () => {
    server = await startLibsqlServer({});
    proxy = await startDistanceProxy({ target: server.url, latencyMs: 15 });
  });
  afterAll(async () => {
    await proxy.close();
    await server.close();
  });

  const rounds = async (work: (client: ReturnType<typeof createClient>) => Promise<unknown>) => {
    const client = createClient({ url: proxy.url });
    await fetch(`${proxy.url}/_distance/rounds/start`, { method: "POST" });
    await work(client);
    const report = (await (await fetch(`${proxy.url}/_distance/rounds/stop`, { method: "POST" })).json()) as {
      roundTrips: number;
      exchanges: { sql: string }[];
    };
    client.close();
    return report;
  };

  it("counts statements awaited one after another as a chain, and statements sent together once", async () => {
    const chained = await rounds(async (client) => {
      await client.execute("SELECT 1");
      await client.execute("SELECT 2");
    });
    expect(chained.roundTrips).toBe(2);
    expect(chained.exchanges.map((exchange) => exchange.sql).sort()).toEqual(["SELECT 1", "SELECT 2"]);

    const together = await rounds((client) =>
      Promise.all([client.execute("SELECT 1"), client.execute("SELECT 2"), client.batch(["SELECT 3"])]),
    );
    expect(together.roundTrips).toBe(1);
    expect(together.exchanges).toHaveLength(3);
  });

  it("leaves out of the chain what the Worker marks as work after the response", async () => {
    const report = await rounds(async (client) => {
      await client.execute("SELECT 1");
      // As app/db/availability.server.ts sends an exchange of `afterResponse` work.
      const marked = createClient({
        url: proxy.url,
        fetch: (input: Request | string | URL, init?: RequestInit) => {
          const headers = new Headers(input instanceof Request ? input.headers : init?.headers);
          headers.set("X-After-Response", "1");
          return input instanceof Request ? fetch(new Request(input, { headers })) : fetch(input, { ...init, headers });
        },
      });
      await marked.execute("SELECT 2");
      marked.close();
    });
    expect(report.roundTrips).toBe(1);
    expect(report.exchanges.map((exchange) => exchange.sql)).toEqual(["SELECT 1"]);
  });

  it("answers as the server does", async () => {
    const client = createClient({ url: proxy.url });
    const result = await client.execute("SELECT 40 + 2 AS answer");
    expect(result.rows[0]?.answer).toBe(42);
    await expect(client.execute("SELECT * FROM no_such_table")).rejects.toThrow(/no such table/);
    client.close();
  });
});
