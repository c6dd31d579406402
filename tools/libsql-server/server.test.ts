import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, LibsqlError, type Client, type Config } from "@libsql/client/web";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql/web";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLibsqlServer, type LibsqlServer } from "./server.mjs";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Raw Hrana request, for protocol details the client does not expose. */
async function post(url: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(new URL(path, url), {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

async function pipeline(url: string, body: unknown) {
  const { status, text } = await post(url, "/v2/pipeline", body);
  expect(status, text).toBe(200);
  return JSON.parse(text);
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the promise to reject");
}

let server: LibsqlServer;
const clients: Client[] = [];

function client(config: Partial<Config> = {}): Client {
  const c = createClient({ url: server.url, ...config });
  clients.push(c);
  return c;
}

beforeAll(async () => {
  server = await startLibsqlServer({ file: ":memory:", port: 0 });
});

afterAll(async () => {
  for (const c of clients) c.close();
  await server.close();
});

describe("HTTP endpoints", () => {
  it("answers version probes and health, and hides protobuf", async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    for (const path of ["/v2", "/v3", "/health"]) {
      expect((await fetch(new URL(path, server.url))).status).toBe(200);
    }
    expect((await fetch(new URL("/v3-protobuf", server.url))).status).toBe(404);
  });

  it("rejects malformed bodies and spent batons with 400", async () => {
    expect((await post(server.url, "/v2/pipeline", "nope")).status).toBe(400);
    expect((await post(server.url, "/v2/pipeline", { requests: [{ type: "bogus" }] })).status).toBe(400);

    const first = await pipeline(server.url, { requests: [{ type: "get_autocommit" }] });
    expect(typeof first.baton).toBe("string");
    const second = await pipeline(server.url, { baton: first.baton, requests: [] });
    expect((await post(server.url, "/v2/pipeline", { baton: first.baton, requests: [] })).status).toBe(400);
    const closed = await pipeline(server.url, { baton: second.baton, requests: [{ type: "close" }] });
    expect(closed.baton).toBeNull();
    expect((await post(server.url, "/v2/pipeline", { baton: "garbage", requests: [] })).status).toBe(400);
  });
});

describe("execute", () => {
  it("round-trips every value type with positional args", async () => {
    const db = client({ intMode: "bigint" });
    await db.execute("CREATE TABLE vals (i INTEGER, f REAL, t TEXT, b BLOB, n ANY)");
    const big = 2n ** 62n + 12345n; // beyond 2^53
    // (the `libsql` package cuts text at a NUL character when reading it back)
    const text = 'héllo 🌍 日本 ✓ "quoted" \\ end';
    const blob = new Uint8Array([0, 1, 127, 128, 255]);
    await db.execute({ sql: "INSERT INTO vals VALUES (?, ?, ?, ?, ?)", args: [big, 3.25, text, blob, null] });
    await db.execute({ sql: "INSERT INTO vals (i) VALUES (?)", args: [-(2n ** 63n)] });

    const rs = await db.execute("SELECT i, f, t, b, n, typeof(f) AS tf, 1e999 AS inf FROM vals ORDER BY rowid");
    expect(rs.columns).toEqual(["i", "f", "t", "b", "n", "tf", "inf"]);
    expect(rs.columnTypes).toEqual(["INTEGER", "REAL", "TEXT", "BLOB", "ANY", "", ""]);
    const row = rs.rows[0]!;
    expect(row.i).toBe(big);
    expect(row.f).toBe(3.25);
    expect(row.t).toBe(text);
    expect(new Uint8Array(row.b as ArrayBuffer)).toEqual(blob);
    expect(row.n).toBeNull();
    expect(row.tf).toBe("real");
    expect(row.inf).toBe(Infinity);
    expect(rs.rows[1]!.i).toBe(-(2n ** 63n));
  });

  it("sends JS numbers as floats and booleans as integers, like Turso", async () => {
    const rs = await client().execute({
      sql: "SELECT typeof(?) AS a, typeof(?) AS b, ? AS c",
      args: [1, true, 2n],
    });
    expect(rs.rows[0]).toMatchObject({ a: "real", b: "integer", c: 2 });
  });

  it("binds named args with or without their prefix", async () => {
    const rs = await client().execute({
      sql: "SELECT :a AS a, @b AS b, $c AS c, :a || '!' AS again, ?9 AS nine",
      args: { a: "x", "@b": 2n, $c: 2.5 },
    });
    expect(rs.rows[0]).toMatchObject({ a: "x", b: 2, c: 2.5, again: "x!", nine: null });

    // a nameless `?` among named parameters stays NULL (and must not crash `libsql`)
    const mixed = await client().execute({ sql: "SELECT ? AS q, :z AS z", args: { z: 1n } });
    expect(mixed.rows[0]).toMatchObject({ q: null, z: 1 });
  });

  it("reports rowsAffected and lastInsertRowid", async () => {
    const db = client({ intMode: "bigint" });
    await db.execute("CREATE TABLE counted (id INTEGER PRIMARY KEY, name TEXT)");
    const insert = await db.execute({ sql: "INSERT INTO counted (name) VALUES (?), (?)", args: ["a", "b"] });
    expect(insert.rowsAffected).toBe(2);
    expect(insert.lastInsertRowid).toBe(2n);

    const bigId = await db.execute({ sql: "INSERT INTO counted (id, name) VALUES (?, 'c')", args: [2n ** 60n + 1n] });
    expect(bigId.lastInsertRowid).toBe(2n ** 60n + 1n);

    expect((await db.execute("UPDATE counted SET name = 'z' WHERE id < 10")).rowsAffected).toBe(2);
    // changes() is sticky in SQLite; reads and DDL must still report 0
    expect((await db.execute("SELECT * FROM counted")).rowsAffected).toBe(0);
    expect((await db.execute("CREATE TABLE after_update (x)")).rowsAffected).toBe(0);

    const returning = await db.execute("INSERT INTO counted (name) VALUES ('r') RETURNING id, name");
    expect(returning.rows[0]).toMatchObject({ name: "r" });
    expect(returning.rowsAffected).toBe(1);
  });

  it("runs EXPLAIN of writes without blocking later commits", async () => {
    const db = client();
    await db.execute("CREATE TABLE explained (v)");
    const tx = await db.transaction("write");
    const plan = await tx.execute("EXPLAIN INSERT INTO explained VALUES (1)");
    expect(plan.rows.length).toBeGreaterThan(0);
    await tx.execute("EXPLAIN QUERY PLAN INSERT INTO explained SELECT v FROM explained");
    await tx.execute("INSERT INTO explained VALUES (2)");
    await tx.commit();
    expect((await db.execute("SELECT count(*) AS n FROM explained")).rows[0]).toMatchObject({ n: 1 });
  });

  it("rejects several statements in one execute", async () => {
    const error = await caught(client().execute("SELECT 1; SELECT 2"));
    expect(error).toBeInstanceOf(LibsqlError);
    expect((error as LibsqlError).code).toBe("SQL_MANY_STATEMENTS");
  });

  it("runs a statement sent again on the schema of the moment (kept statements are recompiled)", async () => {
    const c = client({ intMode: "number" });
    await c.execute("CREATE TABLE kept (a INTEGER)");
    await c.execute({ sql: "INSERT INTO kept (a) VALUES (?)", args: [1] });
    expect((await c.execute("SELECT * FROM kept")).columns).toEqual(["a"]);
    await c.execute("ALTER TABLE kept ADD COLUMN b TEXT DEFAULT 'x'");
    const again = await c.execute("SELECT * FROM kept");
    expect(again.columns).toEqual(["a", "b"]);
    expect(again.rows.map((row) => [row.a, row.b])).toEqual([[1, "x"]]);
    await c.execute("DROP TABLE kept");
    expect(((await caught(c.execute("SELECT * FROM kept"))) as LibsqlError).code).toMatch(/^SQLITE_ERROR/);
  });
});

describe("SQL errors", () => {
  it("surface as LibsqlError and the server keeps serving", async () => {
    const db = client();
    const syntax = await caught(db.execute("SELEC 1"));
    expect(syntax).toBeInstanceOf(LibsqlError);
    expect((syntax as LibsqlError).code).toBe("SQLITE_ERROR");
    expect((syntax as LibsqlError).message).toMatch(/syntax error/);

    await db.execute("CREATE TABLE uniq (email TEXT UNIQUE)");
    await db.execute("INSERT INTO uniq VALUES ('a@example.com')");
    const unique = await caught(db.execute("INSERT INTO uniq VALUES ('a@example.com')"));
    expect(unique).toBeInstanceOf(LibsqlError);
    expect((unique as LibsqlError).code).toBe("SQLITE_CONSTRAINT_UNIQUE");

    const missing = await caught(db.execute("SELECT * FROM no_such_table"));
    expect((missing as LibsqlError).code).toBe("SQLITE_ERROR");

    expect((await db.execute("SELECT count(*) AS n FROM uniq")).rows[0]).toMatchObject({ n: 1 });
  });

  it("enforces foreign keys by default", async () => {
    const db = client();
    await db.executeMultiple(`
      CREATE TABLE parent (id INTEGER PRIMARY KEY);
      CREATE TABLE child (parent_id INTEGER REFERENCES parent(id));
    `);
    const error = await caught(db.execute("INSERT INTO child VALUES (42)"));
    expect((error as LibsqlError).code).toBe("SQLITE_CONSTRAINT_FOREIGNKEY");
  });
});

describe("batch", () => {
  it("commits a write batch atomically", async () => {
    const db = client();
    const results = await db.batch(
      [
        "CREATE TABLE batched (id INTEGER PRIMARY KEY, v TEXT)",
        { sql: "INSERT INTO batched (v) VALUES (?)", args: ["one"] },
        { sql: "INSERT INTO batched (v) VALUES (:v)", args: { v: "two" } },
        "SELECT v FROM batched ORDER BY id",
      ],
      "write",
    );
    expect(results).toHaveLength(4);
    expect(results[1]!.rowsAffected).toBe(1);
    expect(results[3]!.rows.map((r) => r.v)).toEqual(["one", "two"]);
  });

  it("rolls back everything when a statement fails", async () => {
    const db = client();
    await db.execute("CREATE TABLE atomic (v TEXT UNIQUE)");
    const error = await caught(
      db.batch(
        ["INSERT INTO atomic VALUES ('first')", "INSERT INTO atomic VALUES ('second')", "INSERT INTO atomic VALUES ('first')"],
        "write",
      ),
    );
    expect(error).toBeInstanceOf(LibsqlError);
    expect((error as LibsqlError).code).toBe("SQLITE_CONSTRAINT_UNIQUE");
    expect((await db.execute("SELECT count(*) AS n FROM atomic")).rows[0]).toMatchObject({ n: 0 });
    // the connection is usable again (no transaction left open)
    await db.execute("INSERT INTO atomic VALUES ('after')");
  });

  it("runs read batches", async () => {
    const [rs] = await client().batch(["SELECT 42 AS answer"], "read");
    expect(rs!.rows[0]).toMatchObject({ answer: 42 });
  });

  it("evaluates step conditions (ok, error, not, and, or, is_autocommit)", async () => {
    const select = (sql: string) => ({ sql, args: [], named_args: [], want_rows: true });
    const body = {
      requests: [
        {
          type: "batch",
          batch: {
            steps: [
              { stmt: select("SELECT 1") },
              { stmt: select("SELEC 2") },
              { stmt: select("SELECT 3"), condition: { type: "error", step: 1 } },
              { stmt: select("SELECT 4"), condition: { type: "ok", step: 1 } },
              {
                stmt: select("SELECT 5"),
                condition: {
                  type: "and",
                  conds: [
                    { type: "ok", step: 0 },
                    { type: "not", cond: { type: "ok", step: 3 } },
                  ],
                },
              },
              {
                stmt: select("SELECT 6"),
                condition: {
                  type: "or",
                  conds: [
                    { type: "ok", step: 3 },
                    { type: "error", step: 3 },
                  ],
                },
              },
              { stmt: select("SELECT 7"), condition: { type: "is_autocommit" } },
            ],
          },
        },
        { type: "close" },
      ],
    };
    const { status, text } = await post(server.url, "/v3/pipeline", body);
    expect(status).toBe(200);
    const result = JSON.parse(text).results[0].response.result;
    const ran = result.step_results.map((r: unknown) => r !== null);
    expect(ran).toEqual([true, false, true, false, true, false, true]);
    expect(result.step_errors[1]).toMatchObject({ code: "SQLITE_ERROR" });
    expect(result.step_results[2].rows).toEqual([[{ type: "integer", value: "3" }]]);
  });
});

describe("interactive transactions", () => {
  it("commits and rolls back", async () => {
    const db = client();
    await db.execute("CREATE TABLE tx (v TEXT)");

    const tx = await db.transaction("write");
    await tx.execute({ sql: "INSERT INTO tx VALUES (?)", args: ["kept"] });
    expect((await tx.execute("SELECT count(*) AS n FROM tx")).rows[0]).toMatchObject({ n: 1 });
    await tx.commit();

    const rolledBack = await db.transaction("write");
    await rolledBack.execute("INSERT INTO tx VALUES ('dropped')");
    await rolledBack.rollback();

    const rows = await db.execute("SELECT v FROM tx");
    expect(rows.rows.map((r) => r.v)).toEqual(["kept"]);
  });

  it("makes other streams wait for the open transaction, then see its commit", async () => {
    const a = client();
    const b = client();
    const c = client();
    await a.execute("CREATE TABLE queued (v TEXT)");

    const tx = await a.transaction("write");
    await tx.execute("INSERT INTO queued VALUES ('from-tx')");

    const order: string[] = [];
    const write = b.execute("INSERT INTO queued VALUES ('from-b')").then(() => order.push("b-write"));
    const read = c.execute("SELECT v FROM queued ORDER BY rowid").then((rs) => {
      order.push("c-read");
      return rs.rows.map((r) => r.v);
    });
    await sleep(150);
    expect(order).toEqual([]); // still waiting, and not failing with SQLITE_BUSY

    await tx.execute("INSERT INTO queued VALUES ('from-tx-2')");
    order.push("commit");
    await tx.commit();

    await write;
    expect(await read).toEqual(expect.arrayContaining(["from-tx", "from-tx-2"]));
    expect(order[0]).toBe("commit");
    const all = await a.execute("SELECT v FROM queued ORDER BY rowid");
    expect(all.rows.map((r) => r.v)).toEqual(["from-tx", "from-tx-2", "from-b"]);
  });

  it("serialises concurrent read-modify-write transactions (no lost updates, no SQLITE_BUSY)", async () => {
    await client().execute("CREATE TABLE counter (n INTEGER NOT NULL)");
    await client().execute("INSERT INTO counter VALUES (0)");
    const increment = async () => {
      const tx = await client().transaction("write");
      const current = Number((await tx.execute("SELECT n FROM counter")).rows[0]!.n);
      await sleep(5);
      await tx.execute({ sql: "UPDATE counter SET n = ?", args: [current + 1] });
      await tx.commit();
    };
    await Promise.all(Array.from({ length: 8 }, increment));
    expect((await client().execute("SELECT n FROM counter")).rows[0]).toMatchObject({ n: 8 });
  });

  it("closing a stream rolls back what it left open", async () => {
    const db = client();
    await db.execute("CREATE TABLE left_open (v)");
    await db.executeMultiple("BEGIN; INSERT INTO left_open VALUES (1);");
    expect((await db.execute("SELECT count(*) AS n FROM left_open")).rows[0]).toMatchObject({ n: 0 });
  });

  it("supports executeMultiple inside a transaction", async () => {
    const db = client();
    await db.execute("CREATE TABLE txmulti (v INTEGER)");
    const tx = await db.transaction("write");
    await tx.executeMultiple("INSERT INTO txmulti VALUES (1); INSERT INTO txmulti VALUES (2);");
    await tx.rollback();
    expect((await db.execute("SELECT count(*) AS n FROM txmulti")).rows[0]).toMatchObject({ n: 0 });
  });
});

describe("executeMultiple and migrate", () => {
  it("runs several statements, including trigger bodies", async () => {
    const db = client();
    await db.executeMultiple(`
      CREATE TABLE multi (v INTEGER);
      CREATE TABLE multi_log (v INTEGER);
      CREATE TRIGGER multi_ins AFTER INSERT ON multi BEGIN
        INSERT INTO multi_log VALUES (new.v * 10);
      END;
      INSERT INTO multi VALUES (1); -- comment
      INSERT INTO multi VALUES (2);
    `);
    const rs = await db.execute("SELECT v FROM multi_log ORDER BY v");
    expect(rs.rows.map((r) => r.v)).toEqual([10, 20]);
  });

  it("stops at the first failing statement", async () => {
    const db = client();
    const error = await caught(db.executeMultiple("CREATE TABLE seq_a (x); SELEC; CREATE TABLE seq_b (x);"));
    expect((error as LibsqlError).code).toBe("SQLITE_ERROR");
    const tables = await db.execute("SELECT name FROM sqlite_master WHERE name LIKE 'seq_%'");
    expect(tables.rows.map((r) => r.name)).toEqual(["seq_a"]);
  });

  it("migrate() runs with foreign keys off and restores them", async () => {
    const db = client();
    const results = await db.migrate([
      "CREATE TABLE mig_child (parent_id INTEGER REFERENCES mig_parent(id))",
      "INSERT INTO mig_child VALUES (7)",
      "CREATE TABLE mig_parent (id INTEGER PRIMARY KEY)",
      "INSERT INTO mig_parent VALUES (7)",
    ]);
    expect(results).toHaveLength(4);
    expect((await db.execute("PRAGMA foreign_keys")).rows[0]).toMatchObject({ foreign_keys: 1 });
  });
});

describe("describe, cursor and autocommit (raw protocol)", () => {
  it("describes a statement without running it", async () => {
    await client().execute("CREATE TABLE described (id INTEGER PRIMARY KEY, name TEXT)");
    const sql = "SELECT id, name AS label FROM described WHERE id = :id OR name = ?";
    const response = await pipeline(server.url, {
      requests: [
        { type: "describe", sql },
        { type: "describe", sql: "INSERT INTO described (name) VALUES (@n)" },
        { type: "describe", sql: "EXPLAIN SELECT 1" },
        { type: "describe", sql: "SELECT * FROM nowhere" },
        { type: "close" },
      ],
    });
    const [select, insert, explain, failed] = response.results;
    expect(select.response.result).toEqual({
      params: [{ name: ":id" }, { name: null }],
      cols: [
        { name: "id", decltype: "INTEGER" },
        { name: "label", decltype: "TEXT" },
      ],
      is_explain: false,
      is_readonly: true,
    });
    expect(insert.response.result).toMatchObject({ params: [{ name: "@n" }], cols: [], is_readonly: false });
    expect(explain.response.result).toMatchObject({ is_explain: true, is_readonly: true });
    expect(failed).toMatchObject({ type: "error", error: { code: "SQLITE_ERROR" } });
    expect((await client().execute("SELECT count(*) AS n FROM described")).rows[0]).toMatchObject({ n: 0 });
  });

  it("reports autocommit per stream and serves v3 cursors", async () => {
    const begin = await pipeline(server.url, {
      requests: [{ type: "execute", stmt: { sql: "BEGIN" } }, { type: "get_autocommit" }],
    });
    expect(begin.results[1].response.is_autocommit).toBe(false);

    const { status, text } = await post(server.url, "/v3/cursor", {
      baton: begin.baton,
      batch: {
        steps: [
          { stmt: { sql: "SELECT 1 AS a UNION ALL SELECT 2" } },
          { stmt: { sql: "SELEC" } },
          { stmt: { sql: "SELECT 3" }, condition: { type: "ok", step: 1 } },
        ],
      },
    });
    expect(status).toBe(200);
    const lines = text
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(typeof lines[0].baton).toBe("string");
    expect(lines.slice(1).map((l) => l.type)).toEqual(["step_begin", "row", "row", "step_end", "step_error"]);
    expect(lines[1].cols).toEqual([{ name: "a", decltype: null }]);
    expect(lines[3].row).toEqual([{ type: "integer", value: "2" }]);

    const end = await pipeline(server.url, {
      baton: lines[0].baton,
      requests: [{ type: "execute", stmt: { sql: "COMMIT" } }, { type: "get_autocommit" }, { type: "close" }],
    });
    expect(end.results[1].response.is_autocommit).toBe(true);
  });

  it("runs stored SQL by id", async () => {
    const response = await pipeline(server.url, {
      requests: [
        { type: "store_sql", sql_id: 1, sql: "SELECT ? + 1 AS v" },
        { type: "execute", stmt: { sql_id: 1, args: [{ type: "integer", value: "41" }] } },
        { type: "close_sql", sql_id: 1 },
        { type: "close" },
      ],
    });
    expect(response.results[1].response.result.rows).toEqual([[{ type: "integer", value: "42" }]]);
  });
});

describe("drizzle-orm over HTTP", () => {
  const users = sqliteTable("drizzle_users", {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull().unique(),
  });

  it("inserts, selects and runs transactions", async () => {
    const libsql = client();
    await libsql.execute("CREATE TABLE drizzle_users (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE)");
    const db = drizzle(libsql);

    const inserted = await db.insert(users).values({ name: "ada" }).returning();
    expect(inserted).toEqual([{ id: 1, name: "ada" }]);
    expect(await db.select().from(users).where(eq(users.name, "ada"))).toEqual([{ id: 1, name: "ada" }]);

    await db.transaction(async (tx) => {
      await tx.insert(users).values({ name: "grace" });
      await tx.update(users).set({ name: "ada lovelace" }).where(eq(users.id, 1));
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(users).values({ name: "temporary" });
        tx.rollback();
      }),
    ).rejects.toThrow();

    const names = (await db.select({ name: users.name }).from(users).orderBy(users.id)).map((u) => u.name);
    expect(names).toEqual(["ada lovelace", "grace"]);
  });
});

describe("separate servers", () => {
  it("expires idle streams and rolls back their transaction", async () => {
    const short = await startLibsqlServer({ file: ":memory:", streamExpiryMs: 200 });
    try {
      const a = createClient({ url: short.url });
      const b = createClient({ url: short.url });
      await a.execute("CREATE TABLE abandoned (v TEXT)");
      const tx = await a.transaction("write");
      await tx.execute("INSERT INTO abandoned VALUES ('lost')");

      // b waits for the abandoned transaction, which expires and rolls back
      const rs = await b.execute("SELECT count(*) AS n FROM abandoned");
      expect(rs.rows[0]).toMatchObject({ n: 0 });

      const error = await caught(tx.commit());
      expect((error as LibsqlError).code).toBe("STREAM_EXPIRED");
      a.close();
      b.close();
    } finally {
      await short.close();
    }
  });

  it("times out requests that wait too long for another transaction", async () => {
    const short = await startLibsqlServer({ lockTimeoutMs: 150 });
    try {
      const a = createClient({ url: short.url });
      const b = createClient({ url: short.url });
      const tx = await a.transaction("write");
      await tx.execute("SELECT 1");
      const error = await caught(b.execute("SELECT 2"));
      expect((error as LibsqlError).code).toBe("TRANSACTION_TIMEOUT");
      await tx.commit();
      expect((await b.execute("SELECT 2 AS two")).rows[0]).toMatchObject({ two: 2 });
      a.close();
      b.close();
    } finally {
      await short.close();
    }
  });

  it("requires the bearer token when one is configured", async () => {
    const secured = await startLibsqlServer({ authToken: "s3cret" });
    try {
      const anonymous = createClient({ url: secured.url });
      const error = await caught(anonymous.execute("SELECT 1"));
      expect(error).toBeInstanceOf(LibsqlError);
      const authorized = createClient({ url: secured.url, authToken: "s3cret" });
      expect((await authorized.execute("SELECT 1 AS one")).rows[0]).toMatchObject({ one: 1 });
      anonymous.close();
      authorized.close();
    } finally {
      await secured.close();
    }
  });

  it("persists a file database in WAL mode", async () => {
    const dir = mkdtempSync(join(tmpdir(), "libsql-server-"));
    const file = join(dir, "nested", "test.db");
    try {
      const first = await startLibsqlServer({ file });
      const writer = createClient({ url: first.url });
      await writer.execute("CREATE TABLE kept (v TEXT)");
      await writer.execute("INSERT INTO kept VALUES ('persisted')");
      expect((await writer.execute("PRAGMA journal_mode")).rows[0]).toMatchObject({ journal_mode: "wal" });
      writer.close();
      await first.close();

      const second = await startLibsqlServer({ file });
      const reader = createClient({ url: second.url });
      expect((await reader.execute("SELECT v FROM kept")).rows[0]).toMatchObject({ v: "persisted" });
      reader.close();
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the fault switch (README: Faults)", () => {
  it("is off by default: no request fails", async () => {
    const c = client();
    expect(server.faults.state()).toMatchObject({ rate: 0, calls: 0 });
    await Promise.all(Array.from({ length: 200 }, () => c.execute("SELECT 1")));
    expect(server.faults.state().injected).toEqual({ 503: 0, drop: 0, lost: 0 });
  });

  it("plays each kind as an outage looks to @libsql/client, and keeps serving afterwards", async () => {
    const faulty = await startLibsqlServer({ faults: { calls: 1, kinds: ["503"] } });
    const c = createClient({ url: faulty.url });
    try {
      // 503: refused before anything ran, a LibsqlError with code SERVER_ERROR.
      const refused = await caught(c.execute("CREATE TABLE t (v TEXT)"));
      expect(refused).toBeInstanceOf(LibsqlError);
      expect((refused as LibsqlError).code).toBe("SERVER_ERROR");
      expect((refused as LibsqlError).message).toContain("503");
      await c.execute("CREATE TABLE t (v TEXT)");

      // drop: the connection closes before anything ran; the client's fetch fails.
      faulty.faults.configure({ calls: 1, kinds: ["drop"] });
      expect(await caught(c.execute("INSERT INTO t VALUES ('dropped')"))).toBeInstanceOf(Error);

      // lost: the write ran, then the connection closed: the client cannot tell it happened.
      faulty.faults.configure({ calls: 1, kinds: ["lost"] });
      expect(await caught(c.batch(["INSERT INTO t VALUES ('lost')", "INSERT INTO t VALUES ('lost too')"], "write"))).toBeInstanceOf(Error);

      const rows = (await c.execute("SELECT v FROM t ORDER BY rowid")).rows.map((row) => row.v);
      expect(rows).toEqual(["lost", "lost too"]);
      expect(faulty.faults.state().injected).toEqual({ 503: 1, drop: 1, lost: 1 });
    } finally {
      c.close();
      await faulty.close();
    }
  });

  it("fails about the asked fraction at random, set and read through /_faults", async () => {
    const faulty = await startLibsqlServer();
    const c = createClient({ url: faulty.url });
    try {
      const set = await post(faulty.url, "/_faults", { rate: 0.2, kinds: "503" });
      expect(set.status).toBe(200);
      expect(JSON.parse(set.text)).toMatchObject({ rate: 0.2, kinds: ["503"] });
      const outcomes = await Promise.allSettled(Array.from({ length: 300 }, () => c.execute("SELECT 1")));
      const failed = outcomes.filter((outcome) => outcome.status === "rejected").length;
      expect(failed).toBeGreaterThan(30);
      expect(failed).toBeLessThan(90);
      const state = JSON.parse(await (await fetch(new URL("/_faults", faulty.url))).text());
      expect(state).toMatchObject({ rate: 0.2, injected: { 503: failed } });

      expect((await post(faulty.url, "/_faults", { rate: 2 })).status).toBe(400);
      expect((await post(faulty.url, "/_faults", { rate: 0 })).status).toBe(200);
      await Promise.all(Array.from({ length: 50 }, () => c.execute("SELECT 1")));
      expect((await fetch(new URL("/health", faulty.url))).status).toBe(200);
    } finally {
      c.close();
      await faulty.close();
    }
  });

  it("guards /_faults with the bearer token when one is configured", async () => {
    const secured = await startLibsqlServer({ authToken: "s3cret" });
    try {
      expect((await post(secured.url, "/_faults", { rate: 1 })).status).toBe(401);
      expect((await post(secured.url, "/_faults", { rate: 1 }, { authorization: "Bearer s3cret" })).status).toBe(200);
      expect(secured.faults.state().rate).toBe(1);
    } finally {
      await secured.close();
    }
  });
});
