/**
 * Where a page's CPU time goes in workerd (docs/performance.md, the CPU per request of http.ts):
 *
 *   npm run bench -- --only cpu-profile [--paths /members?gender=female,/members/42] [--requests 200]
 *
 * Seeds a temporary database (`--profiles`, default 5,000), serves the built Worker with
 * `wrangler dev` and its DevTools inspector, logs in the demo member and, for each path, records a
 * V8 CPU profile over `--requests` sequential requests. Prints the functions with the most self
 * time and the most inclusive time (ms per request), so the costliest parts of a render can be
 * found and removed. `--save <folder>` keeps each `.cpuprofile` for Chrome DevTools.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../drizzle/seed";
import { appBuild, cleanup, cleanups, freePort, logIn, root, startSeededDatabase, startWorkerd } from "./harness";

const { values } = parseArgs({
  strict: false,
  options: {
    profiles: { type: "string", default: "5000" },
    requests: { type: "string", default: "200" },
    paths: { type: "string", default: "/__bench/baseline?bytes=100000,/members?gender=female&country=NL&min_age=25&max_age=45,profile" },
    top: { type: "string", default: "25" },
    save: { type: "string" },
  },
});
const profiles = Number(values.profiles);
const requests = Number(values.requests);
const top = Number(values.top);

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** A minimal Chrome DevTools Protocol client over the inspector's WebSocket. */
async function connectInspector(port: number) {
  const deadline = Date.now() + 30_000;
  let url: string | undefined;
  while (!url && Date.now() < deadline) {
    try {
      const targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as { webSocketDebuggerUrl?: string }[];
      url = targets.find((target) => target.webSocketDebuggerUrl)?.webSocketDebuggerUrl;
    } catch {
      // not listening yet
    }
    if (!url) await new Promise((r) => setTimeout(r, 250));
  }
  if (!url) throw new Error(`no inspector target on port ${port}`);
  // The inspector proxy accepts only local origins; Node's WebSocket sends none unless told.
  const socket = new WebSocket(url, { headers: { Origin: "http://localhost" } } as unknown as string[]);
  await new Promise((resolveOpen, reject) => {
    socket.addEventListener("open", resolveOpen, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  cleanups.push(() => socket.close());
  let nextId = 1;
  const pending = new Map<number, (result: unknown) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  return <T>(method: string, params: Record<string, unknown> = {}) =>
    new Promise<T>((resolveCall) => {
      const id = nextId++;
      pending.set(id, resolveCall as (result: unknown) => void);
      socket.send(JSON.stringify({ id, method, params }));
    });
}

const shortUrl = (url: string) => url.replace(/^.*\/(node_modules\/)?/, "").slice(-60);
const frameName = (frame: CallFrame) =>
  `${frame.functionName || "(anonymous)"} ${frame.url ? `${shortUrl(frame.url)}:${frame.lineNumber + 1}` : ""}`.trim();

/** Self and inclusive milliseconds per function (grouped by name and place), per request. */
function summarize(profile: CpuProfile, count: number) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  for (const [id, ms] of selfMs) {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === "(idle)" || node.callFrame.functionName === "(program)") continue;
    total += ms;
    self.set(frameName(node.callFrame), (self.get(frameName(node.callFrame)) ?? 0) + ms);
    // Each function on the stack once (recursion would count it twice).
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = frameName(byId.get(at)!.callFrame);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
    }
  }
  const ranked = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => `${(ms / count).toFixed(2).padStart(7)} ms  ${name}`);
  return { totalPerRequest: total / count, self: ranked(self), inclusive: ranked(inclusive) };
}

async function main() {
  const folder = mkdtempSync(join(tmpdir(), "dating-bench-cpu-"));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  const { databaseUrl, client } = await startSeededDatabase({ folder, profiles, maxPhotos: 2 });
  client.close();
  const { buildDir } = await appBuild(folder);
  const inspectorPort = await freePort();
  const { base } = await startWorkerd({ buildDir, folder, databaseUrl, readyPath: "/__bench/baseline?bytes=1024", inspectorPort });
  const cookie = await logIn(base, DEMO_ACCOUNTS.demo, DEMO_PASSWORD);
  const call = connectInspector(inspectorPort);
  const send = <T>(method: string, params?: Record<string, unknown>) => call.then((c) => c<T>(method, params));
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 200 });

  const search = await (await fetch(`${base}/members?gender=female&country=NL`, { headers: { Cookie: cookie } })).text();
  const someProfile = /href="(\/members\/\d+)"/.exec(search)?.[1] ?? "/members/1";
  const paths = String(values.paths)
    .split(",")
    .map((path) => (path === "profile" ? someProfile : path));
  if (values.save) mkdirSync(resolve(root, String(values.save)), { recursive: true });

  for (const path of paths) {
    const get = async () => {
      const response = await fetch(base + path, { headers: { Cookie: cookie }, redirect: "manual" });
      await response.arrayBuffer();
      return response.status;
    };
    for (let i = 0; i < 20; i++) await get(); // warm up (JIT, caches)
    await send("Profiler.start");
    let status = 0;
    for (let i = 0; i < requests; i++) status = await get();
    const { profile } = await send<{ profile: CpuProfile }>("Profiler.stop");
    const summary = summarize(profile, requests);
    console.log(`\n━━ ${path} (HTTP ${status}): ${summary.totalPerRequest.toFixed(2)} ms of JavaScript CPU per request ━━`);
    console.log("\nself time:");
    for (const line of summary.self) console.log(line);
    console.log("\ninclusive time:");
    for (const line of summary.inclusive) console.log(line);
    if (values.save) {
      const file = resolve(root, String(values.save), `${path.replace(/[^a-z0-9]+/gi, "_").slice(0, 60) || "root"}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      console.log(`\nsaved ${file}`);
    }
  }
}

process.once("SIGINT", () => void cleanup().then(() => process.exit(130)));
main()
  .then(() => cleanup())
  .catch(async (error) => {
    console.error(error instanceof Error ? error.message : error);
    await cleanup();
    process.exit(1);
  });
