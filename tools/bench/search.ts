/**
 * Benchmark: member search over libSQL's HTTP protocol, as the Worker runs it.
 *
 *   npm run bench                       # 20,000 profiles
 *   npm run bench -- --profiles 100000  # the size the design card measured
 *
 * Seeds a temporary database through the project's Hrana server, then times (median / p95 over
 * repeated runs) the queries member search depends on: a keyset page, the same page by OFFSET,
 * a capped result count and the home page's recently-active list. Prints the figures and the
 * query plans; it asserts nothing (timings belong in benchmarks, not tests).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createClient, type Client, type InArgs } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import * as schema from "../../drizzle/schema";
import { seed } from "../../drizzle/seed";
import { startLibsqlServer } from "../libsql-server/server.mjs";
import { createMemoryPhotoStore } from "../photo-store";

// Not strict: `npm run bench` passes every option to every benchmark (tools/bench/run.mjs).
const { values } = parseArgs({
  strict: false,
  options: { profiles: { type: "string", default: "20000" }, runs: { type: "string", default: "200" } },
});
const profiles = Number(values.profiles);
const runs = Number(values.runs);

async function time(client: Client, sql: string, args: InArgs) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await client.execute({ sql, args });
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!.toFixed(2);
  return { median: at(0.5), p95: at(0.95) };
}

async function plan(client: Client, sql: string, args: InArgs) {
  const rows = await client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args });
  return rows.rows.map((row) => String(row.detail)).join(" | ");
}

async function main() {
  const folder = mkdtempSync(join(tmpdir(), "dating-bench-"));
  const server = await startLibsqlServer({ file: join(folder, "bench.db"), port: 0 });
  const client = createClient({ url: server.url, intMode: "number" });
  try {
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: "drizzle/migrations" });
    const seedStart = performance.now();
    await seed(db, { profiles, photos: createMemoryPhotoStore(), log: () => {} });
    console.log(`seeded ${profiles} profiles in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
    // The seed gives every member a photo; a quarter without one makes "photo first" sort real data.
    await client.execute("UPDATE profiles SET main_photo_id = NULL, has_photo = 0 WHERE id % 4 = 0");
    await client.execute("ANALYZE");

    const filter =
      "site_id = 1 AND gender = 'female' AND country = 'NL' AND status = 'active' AND birth_date BETWEEN '1971-01-01' AND '2001-12-31'";
    const columns = "id, name, birth_date, region_id, main_photo_id, has_photo";
    // Search order (members with a photo first, newest first) and its keyset (has_photo, id).
    const order = "ORDER BY has_photo DESC, id DESC";
    // As app/search/member-search.server.ts reads past a cursor: the cursor's group, then (for a
    // cursor among members with a photo) the group without, each an equality and an id seek.
    const below = "has_photo = ? AND id < ?";
    // The cursor at the end of page 49, as the "next page" link of page 49 carries it.
    const deep = await client.execute(`SELECT has_photo, id FROM profiles WHERE ${filter} ${order} LIMIT 1 OFFSET ${49 * 24 - 1}`);
    const page50 = deep.rows[0] ? [Number(deep.rows[0].has_photo), Number(deep.rows[0].id)] : [0, 0];
    // visibleTo(viewer 1, site 1) of app/profiles/visibility.server.ts.
    const visible =
      "EXISTS (SELECT 1 FROM users WHERE users.id = profiles.user_id AND users.status = 'confirmed' AND users.invisible = 0) AND profiles.id <> 1" +
      " AND NOT EXISTS (SELECT 1 FROM blocks WHERE (blocker_id = 1 AND blocked_id = profiles.id) OR (blocker_id = profiles.id AND blocked_id = 1))";
    const queries: [string, string, InArgs][] = [
      ["keyset page 1", `SELECT ${columns} FROM profiles WHERE ${filter} ${order} LIMIT 24`, []],
      ["keyset page 50 (24 after a cursor)", `SELECT ${columns} FROM profiles WHERE ${filter} AND ${below} ${order} LIMIT 24`, page50],
      [
        "keyset page 50, region filter",
        `SELECT ${columns} FROM profiles WHERE site_id = 1 AND gender = 'female' AND region_id = 1 AND status = 'active' AND ${below} ${order} LIMIT 24`,
        page50,
      ],
      [
        "row value (has_photo, id) < (?, ?), page 50",
        `SELECT ${columns} FROM profiles WHERE ${filter} AND (has_photo, id) < (?, ?) ${order} LIMIT 24`,
        page50,
      ],
      ["OFFSET page (for comparison, page 50)", `SELECT ${columns} FROM profiles WHERE ${filter} ${order} LIMIT 24 OFFSET ${49 * 24}`, []],
      ["capped count (≤ 1,000)", `SELECT count(*) AS n FROM (SELECT 1 FROM profiles WHERE ${filter} LIMIT 1000)`, []],
      // As app/search/member-search.server.ts runs them: with visibleTo's per-row probes (users, blocks).
      [
        "search page 50, with visibility probes",
        `SELECT ${columns} FROM profiles WHERE ${filter} AND ${visible} AND ${below} ${order} LIMIT 25`,
        page50,
      ],
      [
        "capped count (≤ 1,001), with visibility",
        `SELECT count(*) AS n FROM (SELECT 1 FROM profiles WHERE ${filter} AND ${visible} LIMIT 1001)`,
        [],
      ],
      [
        "home: recently active with photo",
        "SELECT p.id FROM profiles p JOIN photos ph ON ph.id = p.main_photo_id AND ph.status = 'active' AND ph.private = 0 WHERE p.site_id = 1 AND p.status = 'active' ORDER BY p.last_active_at DESC LIMIT 12",
        [],
      ],
    ];

    console.log(`\n${"query".padEnd(42)} ${"median ms".padStart(10)} ${"p95 ms".padStart(8)}  (over HTTP, ${runs} runs)`);
    for (const [name, sql, args] of queries) {
      const { median, p95 } = await time(client, sql, args);
      console.log(`${name.padEnd(42)} ${median.padStart(10)} ${p95.padStart(8)}`);
    }
    console.log("\nquery plans:");
    for (const [name, sql, args] of queries) console.log(`- ${name}: ${await plan(client, sql, args)}`);
  } finally {
    client.close();
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
