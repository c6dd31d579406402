/**
 * Which of two (or more) builds costs less CPU per page (ADR 035):
 *
 *   npx react-router build                                  # the change, in build/
 *   git stash && BUILD_DIR=/tmp/before npx react-router build && git stash pop
 *   npm run bench -- --only compare --builds /tmp/before,build [--paths /members,/members/5]
 *
 * Serves every build with `wrangler dev` from one seeded database (`--profiles`, default 20,000),
 * logs the demo member in on each, warms them, then sends the same requests to each build in
 * alternating rounds (`--rounds`, default 15, of `--per` requests per page, default 60, from 8
 * concurrent clients) and compares the CPU its workerd processes spent per request. A single run of
 * the HTTP benchmark moves by a millisecond or more with the machine's load; alternating rounds
 * expose both builds to the same load, and the mean's standard error says what a difference is
 * worth. The V8 profiles of cpu-profile.ts find candidates; this says whether a change paid.
 * Stops by itself and removes its temporary files and processes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../drizzle/seed";
import { cleanup, cleanups, closedLoop, logIn, positiveOption, startSeededDatabase, startWorkerd } from "./harness";

const { values } = parseArgs({
  strict: false,
  options: {
    builds: { type: "string", default: "build" },
    paths: { type: "string", default: "/__bench/baseline?bytes=42000,/members?gender=female&country=NL&min_age=25&max_age=45" },
    profiles: { type: "string", default: "20000" },
    rounds: { type: "string", default: "15" },
    per: { type: "string", default: "60" },
  },
});
const builds = String(values.builds).split(",").filter(Boolean);
const paths = String(values.paths).split(",").filter(Boolean);
const profiles = positiveOption(values.profiles, "profiles");
const rounds = positiveOption(values.rounds, "rounds");
const per = positiveOption(values.per, "per");
const CONCURRENCY = 8;
const MAX_MINUTES = 30;

type Server = { build: string; base: string; cookie: string; processGroup: number };

/** `count` requests for `path` from 8 clients; the workerd CPU they cost, per request (ms). */
async function cpuPerRequest(server: Server, path: string, count: number): Promise<number> {
  const { failures, cpuMs } = await closedLoop({ ...server, urlFor: () => path, count, concurrency: CONCURRENCY });
  if (failures.size > 0)
    throw new Error(`${server.build}: ${path} failed: ${[...failures].map(([reason, n]) => `${reason} ×${n}`).join(", ")}`);
  if (cpuMs === null) throw new Error("no /proc here: the CPU counters are Linux's");
  return cpuMs / count;
}

async function main() {
  const folder = mkdtempSync(join(tmpdir(), "dating-bench-compare-"));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  setTimeout(() => {
    console.error(`\nstopped: the comparison ran longer than ${MAX_MINUTES} minutes`);
    void cleanup().then(() => process.exit(2));
  }, MAX_MINUTES * 60_000).unref();

  const { databaseUrl, client } = await startSeededDatabase({ folder, profiles, maxPhotos: 4, analyze: true });
  client.close();
  const servers: Server[] = [];
  for (const build of builds) {
    const { base, worker } = await startWorkerd({
      buildDir: build,
      folder: mkdtempSync(join(folder, "worker-")),
      databaseUrl,
      readyPath: "/__bench/baseline?bytes=1024",
    });
    const server = { build, base, cookie: await logIn(base, DEMO_ACCOUNTS.demo, DEMO_PASSWORD), processGroup: worker.child.pid! };
    for (const path of paths) await cpuPerRequest(server, path, 100); // warm-up
    servers.push(server);
  }
  console.log(`${profiles.toLocaleString("en")} profiles, ${rounds} rounds of ${per} requests per page and build\n`);

  const samples = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++)
    for (const server of servers)
      for (const path of paths) {
        const key = `${server.build}\n${path}`;
        samples.set(key, [...(samples.get(key) ?? []), await cpuPerRequest(server, path, per)]);
      }

  const header = `${"build".padEnd(24)} ${"page".padEnd(48)} ${"CPU ms/req".padStart(11)} ${"± s.e.".padStart(7)}`;
  console.log(header);
  console.log("─".repeat(header.length));
  for (const path of paths)
    for (const server of servers) {
      const values = samples.get(`${server.build}\n${path}`)!;
      const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
      const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(1, values.length - 1);
      const standardError = Math.sqrt(variance / values.length);
      console.log(
        `${server.build.slice(-24).padEnd(24)} ${path.slice(0, 48).padEnd(48)} ${mean.toFixed(2).padStart(11)} ${standardError.toFixed(2).padStart(7)}`,
      );
    }
}

process.once("SIGINT", () => void cleanup().then(() => process.exit(130)));
process.once("SIGTERM", () => void cleanup().then(() => process.exit(143)));

main()
  .then(cleanup)
  .catch(async (error) => {
    console.error(error instanceof Error ? error.message : error);
    await cleanup();
    process.exit(1);
  });
