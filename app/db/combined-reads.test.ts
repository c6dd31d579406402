import type { Client, InStatement, ResultSet } from "@libsql/client/web";
import { describe, expect, it } from "vitest";
import { DatabaseUnavailableError } from "./availability.server";
import { combiningReads, withCombinedReads } from "./combined-reads.server";

const sqlOf = (statement: InStatement) => (typeof statement === "string" ? statement : statement.sql);
const resultOf = (statement: InStatement) => ({ rows: [{ sql: sqlOf(statement) }] }) as unknown as ResultSet;

/** A database that answers each statement with its own text, and records the round trips. */
function fakeDatabase({ failing = "", down = false } = {}) {
  const roundTrips: string[][] = [];
  const answer = (statements: InStatement[]) => {
    roundTrips.push(statements.map(sqlOf));
    if (down) return Promise.reject(new Error("Failed query", { cause: new DatabaseUnavailableError("no answer within 5000 ms") }));
    // Like a batch in a transaction: one failing statement fails the whole round trip.
    if (failing && statements.some((statement) => sqlOf(statement).includes(failing)))
      return Promise.reject(new Error(`no such table: ${failing}`));
    return Promise.resolve(statements.map(resultOf));
  };
  const client = {
    execute: (statement: InStatement) => answer([statement]).then(([result]) => result),
    batch: (statements: InStatement[]) => answer(statements),
    closed: false,
  } as unknown as Client;
  return { client: combiningReads(client), roundTrips };
}

const firstRow = (result: ResultSet) => (result.rows[0] as unknown as { sql: string }).sql;

describe("combined reads", () => {
  it("sends the reads two loaders start at once in one round trip, each with its own results", async () => {
    const { client, roundTrips } = fakeDatabase();
    const {
      result: [badges, page],
    } = await withCombinedReads(() =>
      Promise.all([
        client.batch(["select count(*) from likes", "select count(*) from conversations"]),
        // The page's loader starts its query a few steps later in the same turn.
        Promise.resolve()
          .then(() => Promise.resolve())
          .then(() => client.execute("select * from profiles")),
      ]),
    );
    expect(roundTrips).toEqual([["select count(*) from likes", "select count(*) from conversations", "select * from profiles"]]);
    expect(badges.map(firstRow)).toEqual(["select count(*) from likes", "select count(*) from conversations"]);
    expect(firstRow(page)).toBe("select * from profiles");
  });

  it("never combines a write with anything, so its outcome is its own", async () => {
    const { client, roundTrips } = fakeDatabase();
    await withCombinedReads(() =>
      Promise.all([
        client.execute("select * from profiles"),
        client.execute({ sql: "insert into ledger (cause) values (?)", args: ["payment-1"] }),
      ]),
    );
    expect(roundTrips).toContainEqual(["insert into ledger (cause) values (?)"]);
    expect(roundTrips).toContainEqual(["select * from profiles"]);
    expect(roundTrips).toHaveLength(2);
  });

  it("runs each read alone again when the combined round trip fails: one caller's error stays its own", async () => {
    const { client, roundTrips } = fakeDatabase({ failing: "missing" });
    const {
      result: [good, bad],
      databaseFailed,
    } = await withCombinedReads(() =>
      Promise.allSettled([client.execute("select * from profiles"), client.execute("select * from missing")]),
    );
    expect(databaseFailed).toBe(false);
    expect(good.status === "fulfilled" && firstRow(good.value)).toBe("select * from profiles");
    expect(bad.status === "rejected" && (bad.reason as Error).message).toBe("no such table: missing");
    expect(roundTrips).toEqual([
      ["select * from profiles", "select * from missing"],
      ["select * from profiles"],
      ["select * from missing"],
    ]);
  });

  it("tells every caller at once when the database is unavailable, and the request remembers it", async () => {
    const { client, roundTrips } = fakeDatabase({ down: true });
    const { result, databaseFailed } = await withCombinedReads(() =>
      Promise.allSettled([client.execute("select * from profiles"), client.execute("select * from likes")]),
    );
    expect(result.map((settled) => settled.status)).toEqual(["rejected", "rejected"]);
    // Not asked again one by one: an unavailable database would make each wait for its time limit again.
    expect(roundTrips).toEqual([["select * from profiles", "select * from likes"]]);
    expect(databaseFailed).toBe(true);
  });

  it("keeps reads of later turns, and reads outside a request, to themselves", async () => {
    const { client, roundTrips } = fakeDatabase();
    await withCombinedReads(async () => {
      await client.execute("select 1");
      await client.execute("select 2");
    });
    await client.execute("select 3");
    expect(roundTrips).toEqual([["select 1"], ["select 2"], ["select 3"]]);
  });
});
