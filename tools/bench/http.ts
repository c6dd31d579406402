/**
 * Benchmark: the built app in workerd over HTTP (docs/performance.md).
 *
 *   npm run bench -- --only http                       # 100,000 profiles
 *   npm run bench -- --only http --profiles 1000000    # 1,000,000 profiles
 *   BUILD_DIR=build npm run bench -- --only http       # reuse a build instead of building
 *
 * Seeds a temporary database on the project's libSQL server (in a child process of its own, so
 * the load generator does not share its event loop), builds the app (or reuses BUILD_DIR), serves
 * the built Worker with `wrangler dev` on a free port of 127.0.0.1, logs in the demo member and
 * measures each scenario with a closed-loop load generator (concurrency 8, a warm-up of every
 * scenario before any is measured). The scenarios take turns in `--rounds` rounds (default 4;
 * each a short warm-up and its share of `--requests`), so the baseline and the pages compared
 * with it meet the same load on a shared machine; each scenario's figures pool its rounds:
 * p50/p95/p99 latency and requests per second, and each scenario's p95 as a ratio to the baseline —
 * a resource route of the same Worker returning a fixed HTML page of the search page's size
 * (`/__bench/baseline`). The search page's ratio is also printed per round, to show its spread.
 * Beside each scenario: the CPU workerd spent per request, and the database server's (it shares
 * the machine's cores with workerd, and a request waits for its queries).
 * Scenarios whose route is not built yet print "n/a".
 *
 * Targets: the search page's p95 within 4× the baseline at 100,000 profiles and within 2× at
 * 1,000,000 (the speed budgets), page 50 as fast as page 1 (p95 within 25 %), and the search and
 * profile pages at most 10 ms of CPU a request above the baseline. The home page, the swipe game,
 * the match finder and a lander are measured too, without a target, so a scan shows. Everything runs locally, stops by itself
 * (`--max-minutes`), and removes its temporary files and processes. Exit code 0 unless the run
 * itself fails; `--strict` also fails when a target is missed. The database is ANALYZEd after
 * seeding, as the SQL benchmark (search.ts) does; `--no-analyze` leaves it without statistics.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../drizzle/seed";
import {
  appBuild,
  cleanup,
  cleanups,
  closedLoop,
  logIn,
  positiveOption,
  quantile,
  startSeededDatabase,
  startWorkerd,
  type Stretch,
} from "./harness";

const { values } = parseArgs({
  strict: false,
  options: {
    profiles: { type: "string", default: "100000" },
    requests: { type: "string", default: "1200" },
    rounds: { type: "string", default: "4" },
    warmup: { type: "string", default: "40" },
    concurrency: { type: "string", default: "8" },
    "max-minutes": { type: "string" },
    strict: { type: "boolean", default: false },
    "no-analyze": { type: "boolean", default: false },
  },
});
const profiles = positiveOption(values.profiles, "profiles");
const requests = positiveOption(values.requests, "requests");
const warmup = Number(values.warmup) >= 0 ? Math.floor(Number(values.warmup)) : 40;
const concurrency = positiveOption(values.concurrency, "concurrency");
const rounds = positiveOption(values.rounds, "rounds");
const requestsPerRound = Math.ceil(requests / rounds);
/** The whole run's limit: seeding dominates (about 45 s per 100,000 profiles). */
const maxMinutes = values["max-minutes"] ? positiveOption(values["max-minutes"], "max-minutes") : Math.ceil(15 + (profiles / 100_000) * 2);
const searchTarget = profiles >= 1_000_000 ? 2 : 4;
/** "Page 50 as fast as page 1": its p95 within this factor of page 1's. */
const deepPageTolerance = 1.25;
/** The search every scenario uses: a member's first choice, women of an age band in the main country. */
const SEARCH = "/members?gender=female&country=NL&min_age=25&max_age=45";

// ───────────────────────────── measuring ─────────────────────────────

type Figures = {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
  failures: Map<string, number>;
  /** CPU time workerd spent per request (ms), from its processes' own counters over the scenario. */
  cpuMs: number | null;
  /** CPU time the database server spent per request (ms): it shares the machine's cores with workerd. */
  databaseCpuMs: number | null;
};

/** A scenario's figures over its stretches (the rounds), pooled. */
function figuresOf(stretches: Stretch[]): Figures {
  const samples = stretches.flatMap((stretch) => stretch.samples).sort((a, b) => a - b);
  const failures = new Map<string, number>();
  for (const stretch of stretches) for (const [reason, n] of stretch.failures) failures.set(reason, (failures.get(reason) ?? 0) + n);
  const total = (of: (stretch: Stretch) => number | null) =>
    stretches.every((stretch) => of(stretch) !== null) ? stretches.reduce((sum, stretch) => sum + of(stretch)!, 0) : null;
  const cpu = total((stretch) => stretch.cpuMs);
  const databaseCpu = total((stretch) => stretch.databaseCpuMs);
  return {
    p50: quantile(samples, 0.5),
    p95: quantile(samples, 0.95),
    p99: quantile(samples, 0.99),
    rps: samples.length / stretches.reduce((sum, stretch) => sum + stretch.seconds, 0),
    errors: [...failures.values()].reduce((sum, n) => sum + n, 0),
    failures,
    cpuMs: cpu === null ? null : cpu / samples.length,
    databaseCpuMs: databaseCpu === null ? null : databaseCpu / samples.length,
  };
}

/** A p95 of one stretch. */
const p95Of = (stretch: Stretch) =>
  quantile(
    [...stretch.samples].sort((a, b) => a - b),
    0.95,
  );

/** The href of the link with this rel ("next") in a page, or null. */
function linkWithRel(html: string, rel: string): string | null {
  const tag = new RegExp(`<a[^>]*\\srel="${rel}"[^>]*>`).exec(html)?.[0];
  const href = tag ? /\shref="([^"]+)"/.exec(tag)?.[1] : undefined;
  return href ? href.replaceAll("&amp;", "&") : null;
}

async function page(base: string, cookie: string, path: string) {
  const response = await fetch(base + path, { headers: { Cookie: cookie }, redirect: "manual" });
  return { status: response.status, type: response.headers.get("Content-Type") ?? "", body: await response.text() };
}

// ───────────────────────────── the run ─────────────────────────────

async function main() {
  const folder = mkdtempSync(join(tmpdir(), "dating-bench-http-"));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  const timer = setTimeout(() => {
    console.error(`\nstopped: the benchmark ran longer than ${maxMinutes} minutes (--max-minutes)`);
    void cleanup().then(() => process.exit(2));
  }, maxMinutes * 60_000);
  timer.unref();
  console.log(
    `profiles ${profiles.toLocaleString("en")}, ${requestsPerRound * rounds} requests per scenario in ${rounds} round${rounds === 1 ? "" : "s"}, concurrency ${concurrency}`,
  );

  // 1. The database: a temporary file served by the project's libSQL server. At a million
  // profiles one photo each keeps the in-memory photo store small.
  const { databaseUrl, client, seedSeconds, databaseGroup } = await startSeededDatabase({
    folder,
    profiles,
    maxPhotos: profiles > 200_000 ? 1 : 4,
    analyze: !values["no-analyze"],
  });
  console.log(`seeded ${profiles.toLocaleString("en")} profiles in ${seedSeconds.toFixed(1)} s`);
  console.log(values["no-analyze"] ? "no ANALYZE: the query planner has no statistics" : "ANALYZE: the query planner has statistics");
  client.close();

  // 2. The app: reuse BUILD_DIR or build into the temporary folder.
  const { buildDir, reused, buildSeconds } = await appBuild(folder);
  console.log(reused ? `using the build in ${process.env.BUILD_DIR}` : `built the app in ${buildSeconds.toFixed(1)} s`);

  // 3. The Worker in workerd, as `npm start` serves it.
  const { base, worker } = await startWorkerd({ buildDir, folder, databaseUrl, readyPath: "/__bench/baseline?bytes=1024" });

  // 4. The demo member's session.
  const cookie = await logIn(base, DEMO_ACCOUNTS.demo, DEMO_PASSWORD);

  // 5. What the scenarios need: the search page's size, page 50's cursor, profile ids.
  const first = await page(base, cookie, SEARCH);
  if (first.status !== 200) throw new Error(`${SEARCH} answered ${first.status}`);
  const profileIds = [...first.body.matchAll(/href="\/members\/(\d+)"/g)].map((match) => match[1]!);
  let deep = SEARCH;
  let deepPage = 1;
  for (let html = first.body; deepPage < 50; deepPage++) {
    const next = linkWithRel(html, "next");
    if (!next) break;
    deep = next;
    html = (await page(base, cookie, next)).body;
  }
  const profile = profileIds.length > 0 ? await page(base, cookie, `/members/${profileIds[0]}`) : null;
  const profileBuilt = profile !== null && profile.status === 200 && profile.body.includes("<main");
  const likes = await page(base, cookie, "/api/likes.php");
  const likesBuilt = likes.status === 200 && likes.type.includes("application/json");

  const scenarios: { name: string; url: ((i: number) => string) | null; search?: "first" | "deep" }[] = [
    { name: "baseline (fixed HTML)", url: () => `/__bench/baseline?bytes=${Buffer.byteLength(first.body)}` },
    { name: "search, page 1", url: () => SEARCH, search: "first" },
    { name: `search, page ${deepPage}`, url: () => deep, search: "deep" },
    { name: "profile page", url: profileBuilt ? (i) => `/members/${profileIds[i % profileIds.length]}` : null },
    { name: "GET /api/likes.php", url: likesBuilt ? () => "/api/likes.php" : null },
    // Pages without a target here, measured so a scan at a million profiles shows (product.md §2).
    { name: "home page", url: () => "/" },
    { name: "swipe game", url: () => "/swipe-game" },
    { name: "match finder", url: () => "/match-finder" },
    { name: "lander (gallery)", url: () => "/landers/gallery/nl-plain" },
  ];

  console.log(`\nsearch: ${SEARCH} (${(Buffer.byteLength(first.body) / 1024).toFixed(0)} KiB); deep page: ${deep}\n`);
  const header = `${"scenario".padEnd(24)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"req/s".padStart(8)} ${"errors".padStart(7)} ${"p95 ÷ base".padStart(11)} ${"CPU ms/req".padStart(11)} ${"CPU − base".padStart(11)} ${"DB CPU ms".padStart(10)}`;
  console.log(header);
  console.log("─".repeat(header.length));
  const results = new Map<string, Figures>();
  let profileFigures: Figures | null = null;
  const measured: Figures[] = [];
  let baseline: Figures | null = null;
  const built = scenarios.filter((scenario): scenario is typeof scenario & { url: (i: number) => string } => scenario.url !== null);
  // Every page is warmed before any is measured: the code all pages share (React, React Router,
  // the layouts, the database client) is otherwise compiled while the first page is measured,
  // which then pays for all of them (search page 1 cost 1–2 ms of CPU more than page 50, the same work).
  const load = (urlFor: (i: number) => string, count: number) =>
    closedLoop({ base, cookie, urlFor, count, concurrency, processGroup: worker.child.pid!, databaseGroup });
  for (const scenario of built) if (warmup > 0) await load(scenario.url, warmup);
  // The scenarios take turns, so a change in the machine's load meets the baseline and the pages alike.
  const stretches = new Map(built.map((scenario) => [scenario.name, [] as Stretch[]]));
  for (let round = 0; round < rounds; round++) {
    for (const scenario of built) {
      if (warmup > 0) await load(scenario.url, Math.ceil(warmup / 4));
      stretches.get(scenario.name)!.push(await load(scenario.url, requestsPerRound));
    }
  }
  for (const scenario of scenarios) {
    if (!scenario.url) {
      console.log(`${scenario.name.padEnd(24)} ${"n/a".padStart(8)}   (route not built yet)`);
      continue;
    }
    const figures = figuresOf(stretches.get(scenario.name)!);
    baseline ??= figures;
    measured.push(figures);
    if (scenario.search) results.set(scenario.search, figures);
    if (scenario.name === "profile page") profileFigures = figures;
    const ratio = figures.p95 / baseline.p95;
    const cpu = figures.cpuMs === null ? "n/a" : figures.cpuMs.toFixed(1);
    const cpuAbove = figures.cpuMs === null || baseline.cpuMs === null ? "n/a" : `+${(figures.cpuMs - baseline.cpuMs).toFixed(1)}`;
    const databaseCpu = figures.databaseCpuMs === null ? "n/a" : figures.databaseCpuMs.toFixed(2);
    console.log(
      `${scenario.name.padEnd(24)} ${figures.p50.toFixed(1).padStart(8)} ${figures.p95.toFixed(1).padStart(8)} ${figures.p99.toFixed(1).padStart(8)} ${figures.rps.toFixed(0).padStart(8)} ${String(figures.errors).padStart(7)} ${`${ratio.toFixed(2)}×`.padStart(11)} ${cpu.padStart(11)} ${cpuAbove.padStart(11)} ${databaseCpu.padStart(10)}`,
    );
    if (figures.errors > 0)
      console.log(`${"".padEnd(24)} failures: ${[...figures.failures].map(([reason, n]) => `${reason} ×${n}`).join(", ")}`);
  }
  if (rounds > 1) {
    const baselineRounds = stretches.get(scenarios[0]!.name)!;
    const byRound = (name: string) =>
      stretches
        .get(name)!
        .map((stretch, round) => `${(p95Of(stretch) / p95Of(baselineRounds[round]!)).toFixed(2)}×`)
        .join(", ");
    console.log(`
p95 ÷ baseline by round: search page 1 ${byRound("search, page 1")}; page ${deepPage} ${byRound(`search, page ${deepPage}`)}`);
  }

  const firstPage = results.get("first")!;
  const deepFigures = results.get("deep")!;
  const checks: [string, boolean][] = [
    [`search page 1 p95 ≤ ${searchTarget}× baseline`, firstPage.p95 <= searchTarget * baseline!.p95],
    [`search page ${deepPage} p95 ≤ ${searchTarget}× baseline`, deepFigures.p95 <= searchTarget * baseline!.p95],
    [
      `page ${deepPage} as fast as page 1 (p95 within ${Math.round((deepPageTolerance - 1) * 100)} %)`,
      deepFigures.p95 <= deepPageTolerance * firstPage.p95,
    ],
    ["no failed requests", measured.every((figures) => figures.errors === 0)],
    ...cpuChecks(results, profileFigures, baseline!),
  ];
  if (deepPage < 50) console.log(`\nnote: the search has only ${deepPage} pages at this size; the deep page is the last one`);
  console.log("\ntargets:");
  for (const [name, ok] of checks) console.log(`  ${ok ? "✔" : "✘"} ${name}`);
  return checks.every(([, ok]) => ok);
}

/** The Workers free plan allows 10 ms of CPU a request: the search and profile pages may cost at most that above the baseline page. */
const CPU_ABOVE_BASELINE_MS = 10;

function cpuChecks(results: Map<string, Figures>, profile: Figures | null, baseline: Figures): [string, boolean][] {
  if (baseline.cpuMs === null) return [];
  const pages: [string, Figures | null | undefined][] = [
    ["search page 1", results.get("first")],
    ["profile page", profile],
  ];
  return pages
    .filter((entry): entry is [string, Figures] => Boolean(entry[1]?.cpuMs !== null && entry[1]))
    .map(([name, figures]) => [
      `${name} CPU ≤ baseline + ${CPU_ABOVE_BASELINE_MS} ms a request`,
      figures.cpuMs! - baseline.cpuMs! <= CPU_ABOVE_BASELINE_MS,
    ]);
}

process.once("SIGINT", () => void cleanup().then(() => process.exit(130)));
process.once("SIGTERM", () => void cleanup().then(() => process.exit(143)));

main()
  .then(async (met) => {
    await cleanup();
    process.exit(!met && values.strict ? 1 : 0);
  })
  .catch(async (error) => {
    console.error(error instanceof Error ? error.message : error);
    await cleanup();
    process.exit(1);
  });
