/**
 * What the benchmarks share: child processes in their own process groups that cleanup ends, free
 * local ports, waiting for a server, quantiles, a seeded database, the build, workerd, a login and
 * workerd's CPU counters.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import * as schema from "../../drizzle/schema";
import { type DistanceProxy, latencyFromEnvironment, startDistanceProxy } from "../distance-proxy.mjs";
import { seed } from "../../drizzle/seed";
import { createMemoryPhotoStore } from "../photo-store";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const bin = (name: string) => resolve(root, "node_modules/.bin", name);

export const cleanups: (() => Promise<void> | void)[] = [];
let cleaning: Promise<void> | null = null;
export function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error(`cleanup: ${(error as Error).message}`);
      }
    }
  })();
  return cleaning;
}

/**
 * Runs a benchmark: `main` gets a temporary folder of its own, removed afterwards; the run stops
 * (exit 2) after `maxMinutes` (`--max-minutes`); Ctrl-C, SIGTERM, an error (exit 1) and the end all
 * clean up first. The end exits with `exitCode` of what `main` returned (0 without one).
 */
export function runBenchmark<T>(input: {
  folderPrefix: string;
  maxMinutes: number;
  main: (folder: string) => Promise<T>;
  exitCode?: (result: T) => number;
}) {
  process.once("SIGINT", () => void cleanup().then(() => process.exit(130)));
  process.once("SIGTERM", () => void cleanup().then(() => process.exit(143)));
  const folder = mkdtempSync(join(tmpdir(), input.folderPrefix));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  const timer = setTimeout(() => {
    console.error(`\nstopped: the benchmark ran longer than ${input.maxMinutes} minutes (--max-minutes)`);
    void cleanup().then(() => process.exit(2));
  }, input.maxMinutes * 60_000);
  timer.unref();
  input
    .main(folder)
    .then(async (result) => {
      await cleanup();
      process.exit(input.exitCode?.(result) ?? 0);
    })
    .catch(async (error) => {
      console.error(error instanceof Error ? error.message : error);
      await cleanup();
      process.exit(1);
    });
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** The last lines a child printed, shown when it fails. */
function tail(child: ChildProcess, lines: string[]) {
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split("\n").filter(Boolean));
    if (lines.length > 60) lines.splice(0, lines.length - 60);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
}

/** Starts a child in its own process group; cleanup ends that group (the child and its workers). */
export function startProcess(command: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const output: string[] = [];
  tail(child, output);
  const exited = new Promise<number | null>((resolveExit) => child.once("exit", (code) => resolveExit(code)));
  cleanups.push(async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      return;
    }
    const stopped = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 5000))]);
    if (!stopped) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  });
  return { child, output, exited };
}

export function run(command: string, args: string[], env: Record<string, string>) {
  return new Promise<void>((resolveRun, reject) => {
    const { output, exited } = startProcess(command, args, env);
    void exited.then((code) =>
      code === 0 ? resolveRun() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}:\n${output.join("\n")}`)),
    );
  });
}

export async function waitFor(url: string, what: string, process: { exited: Promise<number | null>; output: string[] }, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void process.exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`${what} stopped:\n${process.output.join("\n")}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000} s:\n${process.output.join("\n")}`);
}

/** A command-line option that must be a whole number of at least 1 (`--requests 400`). */
export function positiveOption(value: unknown, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} expects a positive integer`);
  return n;
}

export function quantile(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/**
 * The built Worker in workerd, as `npm start` serves it: `wrangler dev` on a free port of 127.0.0.1
 * against the benchmark's database, without the browsing limits (ADR 019: the benchmarks' few
 * members send every request, which would answer 429). Resolves once `readyPath` answers.
 *
 * With DB_LATENCY_MS (or `distance`), the Worker reaches the database through a distance proxy
 * (tools/distance-proxy.mjs) that holds every exchange that long each way; `distance` is returned
 * so a benchmark can change the latency or count round trips while it runs.
 */
export async function startWorkerd({
  buildDir,
  folder,
  databaseUrl,
  readyPath,
  inspectorPort,
  vars = {},
  distance: withDistance = false,
}: {
  buildDir: string;
  folder: string;
  databaseUrl: string;
  readyPath: string;
  /** Opens workerd's DevTools inspector on this port (cpu-profile.ts); none by default. */
  inspectorPort?: number;
  /** More of the Worker's variables (soak.ts: MOLLIE_API_URL of its own Mollie simulator). */
  vars?: Record<string, string>;
  /** Always put the distance proxy in front of the database, even at 0 ms (distance.ts). */
  distance?: boolean;
}) {
  const latencyMs = latencyFromEnvironment();
  let distance: DistanceProxy | null = null;
  if (withDistance || latencyMs > 0) {
    const proxy = await startDistanceProxy({ target: databaseUrl, latencyMs });
    cleanups.push(() => proxy.close());
    distance = proxy;
    databaseUrl = proxy.url;
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const worker = startProcess(
    bin("wrangler"),
    [
      "dev",
      "--config",
      join(buildDir, "server/wrangler.json"),
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      join(folder, "state"),
      "--var",
      `DATABASE_URL:${databaseUrl}`,
      "--var",
      "BROWSE_LIMITS:off",
      "--log-level",
      "warn",
      "--show-interactive-dev-session=false",
      ...(inspectorPort ? ["--inspector-port", String(inspectorPort)] : []),
      ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    ],
    {
      WRANGLER_SEND_METRICS: "false",
      CLOUDFLARE_VARS_DATABASE_URL: databaseUrl,
      ...Object.fromEntries(Object.entries(vars).map(([name, value]) => [`CLOUDFLARE_VARS_${name}`, value])),
    },
  );
  await waitFor(`${base}${readyPath}`, "wrangler dev", worker, 120_000);
  return { base, worker, distance };
}

/**
 * A temporary database file served by the project's libSQL server, migrated and seeded with the
 * demo data and `profiles` generated profiles (`maxPhotos` photos each), ANALYZEd unless told not
 * to: a database in service has statistics (`PRAGMA optimize`), without which SQLite may drive a
 * join from the wrong table. The client stays open for the caller (cleanup closes it).
 */
export async function startSeededDatabase({
  folder,
  profiles,
  maxPhotos,
  analyze = true,
}: {
  folder: string;
  profiles: number;
  maxPhotos: number;
  analyze?: boolean;
}) {
  const dbPort = await freePort();
  const database = startProcess(process.execPath, [
    resolve(root, "tools/libsql-server/cli.mjs"),
    "--file",
    join(folder, "bench.db"),
    "--port",
    String(dbPort),
  ]);
  const databaseUrl = `http://127.0.0.1:${dbPort}`;
  await waitFor(`${databaseUrl}/health`, "the libSQL server", database, 30_000);
  const client = createClient({ url: databaseUrl, intMode: "number" });
  cleanups.push(() => client.close());
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: resolve(root, "drizzle/migrations") });
  const started = performance.now();
  await seed(db, { profiles, photos: createMemoryPhotoStore(), maxPhotos, log: () => {} });
  const seedSeconds = (performance.now() - started) / 1000;
  if (analyze) await client.execute("ANALYZE");
  return { databaseUrl, client, seedSeconds, databaseGroup: database.child.pid };
}

/** The build to serve: BUILD_DIR when set (it must hold one), else a fresh build into `folder`. */
export async function appBuild(folder: string): Promise<{ buildDir: string; reused: boolean; buildSeconds: number }> {
  const reused = process.env.BUILD_DIR ? resolve(root, process.env.BUILD_DIR) : null;
  if (reused) {
    if (!existsSync(join(reused, "server/wrangler.json")))
      throw new Error(`BUILD_DIR=${process.env.BUILD_DIR} holds no build (server/wrangler.json)`);
    return { buildDir: reused, reused: true, buildSeconds: 0 };
  }
  const buildDir = join(folder, "build");
  const started = performance.now();
  await run(bin("react-router"), ["build"], { BUILD_DIR: buildDir });
  return { buildDir, reused: false, buildSeconds: (performance.now() - started) / 1000 };
}

/** Logs a member in through `POST /api/user.php` and returns the session cookie ("name=value"). */
export async function logIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/user.php`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ email, password }),
  });
  await response.arrayBuffer();
  const cookie = response.headers.get("Set-Cookie")?.split(";")[0];
  if (response.status !== 200 || !cookie) throw new Error(`login of ${email} failed: HTTP ${response.status}`);
  return cookie;
}

/** Linux counts process CPU time in clock ticks of 1/100 s (`getconf CLK_TCK`). */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * The CPU time (ms, user + system) used so far by the workerd processes of a process group (a
 * `wrangler dev` of startWorkerd and everything it spawned); null where /proc is not there.
 */
export function workerdCpuMs(processGroup: number): number | null {
  return processGroupCpuMs(processGroup, (name) => name.includes("workerd"));
}

/**
 * The CPU time (ms, user + system) used so far by the processes of a process group whose name
 * passes `named` (every one by default); null where /proc is not there.
 */
export function processGroupCpuMs(processGroup: number, named: (name: string) => boolean = () => true): number | null {
  if (!existsSync("/proc")) return null;
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    // "pid (comm) state ppid pgrp …": the name may hold spaces, so split after the last ")".
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (!named(name) || Number(fields[2]) !== processGroup) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/**
 * One stretch of requests: each request's latency (ms), the time taken, the failures, workerd's
 * CPU and the database server's (ms; null without /proc or without a database group).
 */
export type Stretch = {
  samples: number[];
  seconds: number;
  failures: Map<string, number>;
  cpuMs: number | null;
  databaseCpuMs: number | null;
};

/**
 * A closed-loop load generator: `concurrency` clients each send the next request as soon as their
 * previous one finished (body read), until `count` were sent (or, with `seconds`, until that time
 * has passed); `urlFor(i)` gives the i-th request's path. A request that fails or answers other
 * than 200 counts as a failure by its reason. With `step` instead of `urlFor`, each client runs its
 * own steps (soak.ts: a member's next action, several requests of its own choosing, which it
 * records itself); a step that throws counts as a failure by its message.
 */
export async function closedLoop(input: {
  base: string;
  cookie?: string;
  urlFor?: (i: number) => string;
  /** The `i`-th step overall, run by client number `client` (0 to concurrency − 1). */
  step?: (i: number, client: number) => Promise<void>;
  count?: number;
  /** Run for this long instead of `count` steps (a step under way finishes). */
  seconds?: number;
  concurrency: number;
  processGroup: number;
  /** The database server's process group (startSeededDatabase), to count its CPU too. */
  databaseGroup?: number;
}): Promise<Stretch> {
  const { base, cookie = "", urlFor, count, seconds, concurrency, processGroup, databaseGroup } = input;
  if ((count === undefined) === (seconds === undefined)) throw new Error("closedLoop: give count or seconds");
  const step =
    input.step ??
    (async (i: number) => {
      if (!urlFor) throw new Error("closedLoop: give urlFor or step");
      const response = await fetch(base + urlFor(i), { headers: { Cookie: cookie }, redirect: "manual" });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
    });
  const databaseCpu = () => (databaseGroup === undefined ? null : processGroupCpuMs(databaseGroup));
  const samples: number[] = [];
  let next = 0;
  const failures = new Map<string, number>();
  const fail = (reason: string) => failures.set(reason, (failures.get(reason) ?? 0) + 1);
  const started = performance.now();
  const deadline = seconds === undefined ? Number.POSITIVE_INFINITY : started + seconds * 1000;
  const more = () => (count === undefined ? performance.now() < deadline : next < count);
  const cpuBefore = workerdCpuMs(processGroup);
  const databaseCpuBefore = databaseCpu();
  const client = async (_: unknown, clientIndex: number) => {
    while (more()) {
      const i = next++;
      const start = performance.now();
      try {
        await step(i, clientIndex);
      } catch (error) {
        fail((error as Error).message);
      }
      samples.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  const cpuAfter = workerdCpuMs(processGroup);
  const databaseCpuAfter = databaseCpu();
  return {
    samples,
    seconds: (performance.now() - started) / 1000,
    failures,
    cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
    databaseCpuMs: databaseCpuBefore === null || databaseCpuAfter === null ? null : databaseCpuAfter - databaseCpuBefore,
  };
}
