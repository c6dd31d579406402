#!/usr/bin/env node
/**
 * `npm run bench [-- --only bundle|search|http|chat|lighthouse|cpu-profile|compare|soak|limits|distance|safety] [--profiles N] [...]`: runs the
 * benchmarks in tools/bench and prints their figures.
 *
 * - bundle.ts: first-load JavaScript per route, gzip, against its budget (tools/bundle-budget.mjs);
 * - search.ts: the member-search SQL over libSQL's HTTP protocol (default 20,000 profiles; `--runs`);
 * - http.ts: the built app in workerd, search / profile / likes pages against a baseline route
 *   (default 100,000 profiles; `--requests`, `--warmup`, `--concurrency`, `--max-minutes`, `--strict`);
 * - chat.ts: live chat in workerd, N members with open sockets, messages at a fixed rate
 *   (`--members`, `--rate`, `--seconds`): delivery latency, lost and duplicated messages;
 * - lighthouse.ts: Lighthouse (mobile) on ten pages of the app and the nine landers as `npm start`
 *   serves them, signed in where the page needs it (`--runs`, `--why`, `--pages`, `--strict`);
 * - cpu-profile.ts: V8 CPU profiles of workerd per page, the functions that cost the most
 *   (`--paths`, `--requests`, `--save`);
 * - compare-builds.ts (`--only compare`, never by default): the CPU per page of two or more builds
 *   served side by side (`--builds a,b`, `--paths`, `--rounds`, `--per`, `--profiles`);
 * - soak.ts (`--only soak`, never by default): a day's mixed member traffic at once (browse, profiles,
 *   likes, chat, purchases, photo uploads) with 1 % of the database and Mollie calls failing, then
 *   the books (balances, orders, messages); exit code 1 when they do not balance (`--clients`,
 *   `--seconds`, `--fault-rate`, `--fault-kinds`, `--profiles`).
 * - distance.ts (`--only distance`, never by default): per page, the database round trips it waits
 *   for one after another and p50/p95 with the database 0, 25 and 75 ms away each way
 *   (`--latencies`, `--requests`, `--profiles`; docs/performance.md "Production distances").
 *
 * - limits.ts: Cloudflare's limits (ADR 049): the Worker's upload size, its global scope's startup
 *   CPU (`wrangler check startup`, `--runs`) and the peak memory of the largest accepted photo upload.
 *
 * Every option is passed to each benchmark run; each reads the ones it knows.
 */
import { spawnSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const benchmarks = {
  bundle: "tools/bench/bundle.ts",
  search: "tools/bench/search.ts",
  http: "tools/bench/http.ts",
  chat: "tools/bench/chat.ts",
  lighthouse: "tools/bench/lighthouse.ts",
  "cpu-profile": "tools/bench/cpu-profile.ts",
  compare: "tools/bench/compare-builds.ts",
  soak: "tools/bench/soak.ts",
  limits: "tools/bench/limits.ts",
  distance: "tools/bench/distance.ts",
  safety: "tools/bench/safety-check.ts",
};
/**
 * Run only when named: compare needs the builds to compare (`--builds`); soak runs for minutes against
 * servers made to fail; distance opens every page dozens of times at 75 ms each way.
 */
const onRequest = new Set(["compare", "soak", "distance"]);

const args = process.argv.slice(2);
const onlyAt = args.findIndex((arg) => arg === "--only" || arg.startsWith("--only="));
let selected = Object.keys(benchmarks).filter((name) => !onRequest.has(name));
if (onlyAt !== -1) {
  const value = args[onlyAt].includes("=") ? args[onlyAt].split("=")[1] : args[onlyAt + 1];
  args.splice(onlyAt, args[onlyAt].includes("=") ? 1 : 2);
  selected = String(value ?? "").split(",");
  const unknown = selected.filter((name) => !(name in benchmarks));
  if (unknown.length > 0) {
    console.error(`--only expects ${Object.keys(benchmarks).join(", ")}; got ${unknown.join(", ")}`);
    process.exit(2);
  }
}

for (const name of selected) {
  const file = benchmarks[name];
  console.log(`\n▶ ${file}`);
  const result = spawnSync(resolve(root, "node_modules/.bin/tsx"), [file, ...args], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
