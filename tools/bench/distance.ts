/**
 * Benchmark: pages at production distances (docs/performance.md "Production distances", ADR 047).
 *
 *   npm run bench -- --only distance                       # 2,000 profiles, 0, 25 and 75 ms each way
 *   npm run bench -- --only distance --latencies 0,50 --requests 30
 *   BUILD_DIR=build npm run bench -- --only distance       # reuse a build instead of building
 *
 * Seeds a temporary database, serves the built Worker in workerd with a distance proxy between it
 * and the database (tools/distance-proxy.mjs), and opens the pages members and visitors open most,
 * one request at a time (a member waits for one page at a time), `--requests` times per latency
 * (default 15, after two to warm up). For each page it prints the round trips it waits for one
 * after another, counted by the proxy as the round-trip budget counts them
 * (tests/workers/round-trip-budget.test.ts), and p50/p95 of the whole answer (body read) at each
 * latency. At L ms each way a page waits at least round trips × 2L on top of its time at 0 ms.
 * Exit code 0 unless the run itself fails.
 */
import { parseArgs } from "node:util";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../drizzle/seed";
import { appBuild, logIn, positiveOption, quantile, runBenchmark, startSeededDatabase, startWorkerd } from "./harness";

const { values } = parseArgs({
  strict: false,
  options: {
    profiles: { type: "string", default: "2000" },
    requests: { type: "string", default: "15" },
    latencies: { type: "string", default: "0,25,75" },
    "max-minutes": { type: "string", default: "20" },
  },
});
const profiles = positiveOption(values.profiles, "profiles");
const requests = positiveOption(values.requests, "requests");
const maxMinutes = positiveOption(values["max-minutes"], "max-minutes");
const latencies = String(values.latencies)
  .split(",")
  .map((value) => Number(value));
if (latencies.some((ms) => !Number.isFinite(ms) || ms < 0)) throw new Error("--latencies expects milliseconds each way, e.g. 0,25,75");

type Page = { name: string; path: string; member: boolean; cookie?: string };

async function fetchPage(base: string, path: string, cookie: string | null) {
  const started = performance.now();
  const response = await fetch(base + path, {
    headers: { ...(cookie ? { Cookie: cookie } : {}), "CF-IPCountry": "NL" },
    redirect: "manual",
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

async function control(databaseUrl: string, step: "start" | "stop") {
  const response = await fetch(`${databaseUrl}/_distance/rounds/${step}`, { method: "POST" });
  if (step === "start") {
    await response.arrayBuffer();
    return 0;
  }
  return ((await response.json()) as { roundTrips: number }).roundTrips;
}

async function main(folder: string) {
  const { databaseUrl, client } = await startSeededDatabase({ folder, profiles, maxPhotos: 2 });
  const { buildDir } = await appBuild(folder);
  const { base, distance } = await startWorkerd({ buildDir, folder, databaseUrl, readyPath: "/pricing", distance: true });
  if (!distance) throw new Error("no distance proxy");
  const cookie = await logIn(base, DEMO_ACCOUNTS.demo, DEMO_PASSWORD);

  // A profile and a conversation of the demo member to open.
  const demo = await client.execute({
    sql: "SELECT p.id FROM profiles p JOIN users u ON u.id = p.user_id WHERE u.email = ?",
    args: [DEMO_ACCOUNTS.demo],
  });
  const demoProfile = Number(demo.rows[0]?.[0]);
  const other = await client.execute({
    sql: "SELECT id FROM profiles WHERE status = 'active' AND listed = 1 AND id <> ? AND site_id = (SELECT site_id FROM profiles WHERE id = ?) ORDER BY id LIMIT 1",
    args: [demoProfile, demoProfile],
  });
  const otherProfile = Number(other.rows[0]?.[0]);
  // The premium demo member's conversation (the seed gives it one).
  const premiumCookie = await logIn(base, DEMO_ACCOUNTS.premium, DEMO_PASSWORD);
  const conversation = await client.execute({
    sql: `SELECT m.conversation_id FROM conversation_members m JOIN profiles p ON p.id = m.profile_id JOIN users u ON u.id = p.user_id
          WHERE u.email = ? AND m.removed_at IS NULL ORDER BY m.last_message_at DESC LIMIT 1`,
    args: [DEMO_ACCOUNTS.premium],
  });
  const conversationId = conversation.rows[0]?.[0];
  const pages: Page[] = [
    { name: "home (visitor)", path: "/", member: false },
    { name: "pricing (visitor)", path: "/pricing", member: false },
    { name: "content page (visitor)", path: "/pages/faq", member: false },
    { name: "lander (visitor)", path: "/landers/gallery", member: false },
    { name: "member lander (visitor)", path: `/members/${otherProfile}/landing`, member: false },
    { name: "home", path: "/", member: true },
    { name: "search", path: "/members", member: true },
    { name: "profile", path: `/members/${otherProfile}`, member: true },
    { name: "chats", path: "/chats", member: true },
    ...(conversationId ? [{ name: "chat", path: `/chats/${conversationId}`, member: true, cookie: premiumCookie }] : []),
    { name: "likes", path: "/likes", member: true },
    { name: "swipe game", path: "/swipe-game", member: true },
    { name: "match finder", path: "/match-finder", member: true },
    { name: "credits", path: "/credits", member: true },
    { name: "notifications", path: "/notifications", member: true },
    { name: "GET /api/user.php", path: "/api/user.php", member: true },
    { name: "GET /api/chats.php", path: "/api/chats.php", member: true },
    { name: "complete signup", path: "/complete-signup", member: true },
    { name: "data export", path: "/settings/export", member: true },
  ];

  // The round trips, counted at a distance, where exchanges sent together cannot be mistaken for a chain.
  distance.setLatency(25);
  const roundTrips = new Map<string, number>();
  for (const page of pages) {
    await fetchPage(base, page.path, page.member ? (page.cookie ?? cookie) : null);
    await control(distance.url, "start");
    await fetchPage(base, page.path, page.member ? (page.cookie ?? cookie) : null);
    roundTrips.set(page.name, await control(distance.url, "stop"));
    // Work left for after the answer (waitUntil) is not counted; let it finish.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const figures = new Map<string, string[]>();
  for (const latency of latencies) {
    distance.setLatency(latency);
    for (const page of pages) {
      for (let i = 0; i < 2; i++) await fetchPage(base, page.path, page.member ? (page.cookie ?? cookie) : null);
      const samples: number[] = [];
      const statuses = new Set<number>();
      for (let i = 0; i < requests; i++) {
        const { status, ms } = await fetchPage(base, page.path, page.member ? (page.cookie ?? cookie) : null);
        samples.push(ms);
        statuses.add(status);
      }
      samples.sort((a, b) => a - b);
      const odd = [...statuses].filter((status) => status !== 200);
      const cell = `${quantile(samples, 0.5).toFixed(0)} / ${quantile(samples, 0.95).toFixed(0)}${odd.length ? ` (HTTP ${odd.join(",")})` : ""}`;
      figures.set(page.name, [...(figures.get(page.name) ?? []), cell]);
    }
  }

  console.log(
    `\nDistance benchmark: ${profiles.toLocaleString("en")} profiles, ${requests} requests per page and latency, one at a time; p50 / p95 in ms of the whole answer`,
  );
  const header = ["page", "round trips", ...latencies.map((ms) => `${ms} ms each way`)];
  const rows = pages.map((page) => [page.name, String(roundTrips.get(page.name)), ...(figures.get(page.name) ?? [])]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(line(header));
  console.log(`| ${widths.map((width) => "-".repeat(width)).join(" | ")} |`);
  for (const row of rows) console.log(line(row));
}

runBenchmark({ folderPrefix: "dating-distance-", maxMinutes, main });
