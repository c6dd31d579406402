/**
 * Benchmark: a day's load at once (docs/performance.md "Soak").
 *
 *   npm run bench -- --only soak                                  # 32 members, 60 s, 1 % faults
 *   npm run bench -- --only soak --clients 8 --seconds 10         # a short run while developing
 *   BUILD_DIR=build npm run bench -- --only soak                  # reuse a build
 *
 * Serves the built Worker with `wrangler dev` against a temporary seeded database (the project's
 * libSQL server) and its own Mollie simulator, signs in `--clients` new members (a fresh set per
 * run, half of them premium, each with a few credits recorded in the ledger) and lets each do what
 * a member does all day, one action after another (the harness's closed loop) for `--seconds`:
 * browse the search (/members), open a profile, like (/api/likes.php), write a first message or a
 * reply (the paid send path, POST /members/{id}/chat.data and /chats/{id}.data, with a client key
 * per message, sent again with the same key after a failure), buy credits (the order form, the
 * payment settled at the simulator, the webhook as Mollie sends it, the member's return page) and
 * upload a photo (/api/photos.php, a small PNG; the oldest is deleted to stay within the limit).
 * Meanwhile `--fault-rate` (default 1 %) of the database's Hrana requests and of the Mollie API
 * calls fail at random (`--fault-kinds`, default all: an HTTP 503, a dropped connection, or a
 * dropped answer after the work was done; tools/fault-switch.mjs).
 *
 * It prints the requests per kind with p50/p95, the answers by status, every 5xx by route (the goal
 * is no 500), the faults the servers played, and then, with the faults off and every settled
 * payment's webhook sent again (as Mollie retries until it gets a 200), the books:
 * - every member's balance equals the sum of their ledger rows (users.credits = sum(delta));
 * - every paid order is credited exactly once (one ledger row `order:<id>` for its credits), no
 *   unpaid order at all, and every payment paid at the simulator is a paid order;
 * - no chat message lost or doubled: each message the server accepted exists exactly once, and is
 *   charged once; none it refused exists; one whose every try failed exists at most once.
 * The last line says `soak: N answers 500, books balance`, or what failed. Exit code 1 when the
 * books do not balance (or the run fails); 500s are reported, not fatal.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Client } from "@libsql/client";
import { hashPassword } from "../../app/accounts/password.server";
import { encodePng } from "../../tests/workers/image-fixtures";
import { parseFaultKinds, parseFaultRate, type FaultState } from "../fault-switch.mjs";
import { checkBooks, simulatorPayments, type MessageFate } from "./books";
import {
  appBuild,
  cleanup,
  cleanups,
  closedLoop,
  freePort,
  logIn,
  positiveOption,
  quantile,
  root,
  startProcess,
  startSeededDatabase,
  startWorkerd,
  waitFor,
} from "./harness";

const { values } = parseArgs({
  strict: false,
  options: {
    clients: { type: "string", default: "32" },
    seconds: { type: "string", default: "60" },
    profiles: { type: "string", default: "5000" },
    "fault-rate": { type: "string", default: "0.01" },
    "fault-kinds": { type: "string", default: "all" },
    credits: { type: "string", default: "45" },
    "max-minutes": { type: "string", default: "15" },
  },
});
const clientCount = positiveOption(values.clients, "clients");
const seconds = positiveOption(values.seconds, "seconds");
const profileCount = positiveOption(values.profiles, "profiles");
const faultRate = parseFaultRate(values["fault-rate"]);
const faultKinds = parseFaultKinds(values["fault-kinds"]);
const startCredits = Number(values.credits);
if (!Number.isInteger(startCredits) || startCredits < 0) throw new Error("--credits expects a whole number of at least 0");
const maxMinutes = positiveOption(values["max-minutes"], "max-minutes");

const PASSWORD = "soak-password-1";
/** What a member does next, by weight (a day of a member: mostly looking, some writing, a little buying). */
const ACTIONS = [
  ["browse", 30],
  ["profile", 24],
  ["like", 14],
  ["chat", 22],
  ["buy", 4],
  ["photo", 6],
] as const;
type Action = (typeof ACTIONS)[number][0];
/** The route each kind of request goes to, as the report names it. */
const ROUTES = {
  browse: "GET /members",
  profile: "GET /members/:id",
  like: "POST /api/likes.php",
  "chat: first message": "POST /members/:id/chat.data",
  "chat: reply": "POST /chats/:id.data",
  "buy: order form": "POST /credits/:package/:method",
  "buy: webhook": "POST /api/payment-webhook.php",
  "buy: return page": "GET /credits/:package/:method?order=",
  "photo: upload": "POST /api/photos.php",
  "photo: delete": "PATCH /api/photos.php",
  "photo: list": "GET /api/photos.php",
} as const;
type Kind = keyof typeof ROUTES;
/** How often a request whose answer was lost is sent again (the same client key, the same payment id). */
const RETRIES = 2;
const REQUEST_TIMEOUT_MS = 30_000;

type Member = {
  index: number;
  userId: number;
  profileId: number;
  email: string;
  premium: boolean;
  cookie: string;
  /** Profile ids seen on search pages, to open, like and write to. */
  seen: number[];
  /** The search page to read next (a cursor link), or null for a new search. */
  nextPage: string | null;
  conversations: Set<number>;
  partners: Set<number>;
  photos: number[];
  messages: number;
  /** Out of credits: the next actions lean towards buying. */
  broke: boolean;
};

// ───────────────────────────── bookkeeping ─────────────────────────────

const latencies = new Map<Kind, number[]>();
const statuses = new Map<Kind, Map<string, number>>();
const simulatorStatuses = new Map<string, number>();
const messages = new Map<string, { profileId: number; fate: MessageFate }>();
const checkouts: { paymentId: string; orderId: number | null; outcome: string }[] = [];

function record(kind: Kind, status: string, ms: number) {
  const list = latencies.get(kind) ?? [];
  list.push(ms);
  latencies.set(kind, list);
  const byStatus = statuses.get(kind) ?? new Map<string, number>();
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  statuses.set(kind, byStatus);
}

/**
 * One request of a kind, timed and recorded by its status ("error" when no answer came). Returns
 * the status (0 without an answer), the body and the headers.
 */
async function request(kind: Kind, url: string, init: RequestInit) {
  const started = performance.now();
  try {
    const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), ...init });
    const body = await response.text();
    record(kind, String(response.status), performance.now() - started);
    return { status: response.status, body, headers: response.headers };
  } catch {
    record(kind, "error", performance.now() - started);
    return { status: 0, body: "", headers: new Headers() };
  }
}

/** Whether an answer leaves the outcome unknown (no answer, or a server error): worth sending again. */
const unanswered = (status: number) => status === 0 || status >= 500;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

// ───────────────────────────── the members ─────────────────────────────

async function createMembers(client: Client, run: string): Promise<Omit<Member, "cookie">[]> {
  const hash = await hashPassword(PASSWORD);
  const members: Omit<Member, "cookie">[] = [];
  for (let index = 0; index < clientCount; index++) {
    const email = `soak-${run}-${index}@example.test`;
    const premium = index % 2 === 0;
    // The starting credits come through the ledger like any others, so the books hold from the start.
    const [user] = (
      await client.batch(
        [
          {
            sql: `INSERT INTO users (site_id, email, password_hash, status, paid_user, credits, confirmed_at, language)
                  VALUES ((SELECT id FROM sites WHERE is_default = 1), ?, ?, 'confirmed', ?, ?, unixepoch(), 'en') RETURNING id`,
            args: [email, hash, premium ? 1 : 0, startCredits],
          },
          ...(startCredits > 0
            ? [
                {
                  sql: `INSERT INTO credit_ledger (user_id, delta, balance_after, reason, cause_key)
                        SELECT id, ?, ?, 'adjustment', 'soak-start:' || id FROM users WHERE email = ?`,
                  args: [startCredits, startCredits, email],
                },
              ]
            : []),
        ],
        "write",
      )
    )[0]!.rows;
    const userId = Number(user!.id);
    const gender = index % 2 === 0 ? "male" : "female";
    const profile = await client.execute({
      sql: `INSERT INTO profiles (user_id, site_id, name, gender, sexuality, birth_date, country, status, listed)
            VALUES (?, (SELECT id FROM sites WHERE is_default = 1), ?, ?, 'hetero', ?, 'NL', 'active', 1) RETURNING id`,
      args: [userId, `Soak${index}`, gender, `${1975 + (index % 25)}-06-15`],
    });
    members.push({
      index,
      userId,
      profileId: Number(profile.rows[0]!.id),
      email,
      premium,
      seen: [],
      nextPage: null,
      conversations: new Set(),
      partners: new Set(),
      photos: [],
      messages: 0,
      broke: false,
    });
  }
  return members;
}

// ───────────────────────────── what a member does ─────────────────────────────

function makeActions(base: string, simulatorUrl: string, members: Member[], run: string, photo: Uint8Array) {
  const byProfile = new Map(members.map((member) => [member.profileId, member]));
  const headers = (member: Member, extra: Record<string, string> = {}) => ({ Cookie: member.cookie, Origin: base, ...extra });

  async function browse(member: Member) {
    const path =
      member.nextPage ??
      (() => {
        const from = 20 + Math.floor(Math.random() * 25);
        const gender = member.index % 2 === 0 ? "female" : "male";
        return `/members?gender=${gender}&country=NL&min_age=${from}&max_age=${from + 5 + Math.floor(Math.random() * 20)}`;
      })();
    const { status, body } = await request("browse", base + path, { headers: headers(member) });
    if (status !== 200) {
      member.nextPage = null;
      return;
    }
    const ids = [...body.matchAll(/href="\/members\/(\d+)"/g)].map((match) => Number(match[1]));
    member.seen = [...new Set([...ids, ...member.seen])].slice(0, 200);
    // Half the time the member reads on (the next page's cursor link), else starts a new search.
    const next = /<a[^>]*\srel="next"[^>]*>/.exec(body)?.[0];
    const href = next ? /\shref="([^"]+)"/.exec(next)?.[1]?.replaceAll("&amp;", "&") : undefined;
    member.nextPage = href && Math.random() < 0.5 ? href : null;
  }

  async function profile(member: Member) {
    if (member.seen.length === 0) return browse(member);
    await request("profile", `${base}/members/${pick(member.seen)}`, { headers: headers(member) });
  }

  async function like(member: Member) {
    if (member.seen.length === 0) return browse(member);
    await request("like", `${base}/api/likes.php`, {
      method: "POST",
      headers: headers(member, { "Content-Type": "application/json" }),
      body: JSON.stringify({ profile_id: pick(member.seen), action: "like" }),
    });
  }

  /**
   * One message with its own client key, sent again with the same key while no answer says what
   * happened (as the composer does). Accepted: 200, or the redirect into the new conversation;
   * refused: any other answer below 500; unknown: no try was answered.
   */
  async function send(member: Member, kind: "chat: first message" | "chat: reply", path: string) {
    const clientKey = `soak-${run}-${member.index}-${member.messages++}`;
    const form = new URLSearchParams({ intent: "text", clientKey, body: `Hallo, bericht ${member.messages} van ${member.index}` });
    let answer = { status: 0, body: "" };
    for (let attempt = 0; attempt <= RETRIES; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * attempt));
      answer = await request(kind, base + path, {
        method: "POST",
        headers: headers(member, { "Content-Type": "application/x-www-form-urlencoded" }),
        body: form,
      });
      if (!unanswered(answer.status)) break;
    }
    const redirected = /\/chats\/(\d+)/.exec(answer.body);
    const accepted = answer.status === 200 || (answer.status === 202 && redirected !== null);
    const fate: MessageFate = accepted ? "accepted" : unanswered(answer.status) ? "unknown" : "refused";
    messages.set(clientKey, { profileId: member.profileId, fate });
    if (answer.status === 402) member.broke = true;
    return { fate, conversationId: redirected ? Number(redirected[1]) : null };
  }

  async function chat(member: Member) {
    if (member.conversations.size > 0 && Math.random() < 0.65) {
      await send(member, "chat: reply", `/chats/${pick([...member.conversations])}.data`);
      return;
    }
    // A first message: to another member of this run (who can then answer) or to someone found.
    const others = members.filter((other) => other !== member && !member.partners.has(other.profileId));
    const found = member.seen.filter((id) => !member.partners.has(id));
    const partner = Math.random() < 0.4 && others.length > 0 ? pick(others).profileId : found.length > 0 ? pick(found) : null;
    if (partner === null) return browse(member);
    const { fate, conversationId } = await send(member, "chat: first message", `/members/${partner}/chat.data`);
    if (fate !== "accepted" || conversationId === null) return;
    member.partners.add(partner);
    member.conversations.add(conversationId);
    const other = byProfile.get(partner);
    if (other) {
      other.partners.add(member.profileId);
      other.conversations.add(conversationId);
    }
  }

  /**
   * An order: the form (POST /credits/{package}/ideal, answered with the simulator's checkout
   * page), the bank's answer at the simulator (mostly paid), the webhook as Mollie sends it (again
   * while it gets no 200), and the member's return to the outcome page.
   */
  async function buy(member: Member) {
    member.broke = false;
    const pkg = Math.random() < 0.8 ? "p0" : "p1";
    const order = await request("buy: order form", `${base}/credits/${pkg}/ideal`, {
      method: "POST",
      headers: headers(member, { "Content-Type": "application/x-www-form-urlencoded" }),
      body: new URLSearchParams({ method: "ideal", terms: "on" }),
    });
    const paymentId = /\/checkout\/(tr_[A-Za-z0-9]+)/.exec(order.headers.get("Location") ?? "")?.[1];
    if (order.status !== 302 || !paymentId) return;
    const roll = Math.random();
    const outcome = roll < 0.85 ? "paid" : roll < 0.92 ? "failed" : roll < 0.97 ? "canceled" : "open";
    const entry = { paymentId, orderId: null as number | null, outcome };
    checkouts.push(entry);
    if (outcome === "open") return; // the member walked away from the bank's page
    const settled = await simulator(`/v2/payments/${paymentId}/simulate`, { status: outcome });
    const redirectUrl = (settled as { redirectUrl?: string } | null)?.redirectUrl ?? "";
    entry.orderId = Number(/[?&]order=(\d+)/.exec(redirectUrl)?.[1]) || null;
    for (let attempt = 0; attempt <= RETRIES; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, 100 * attempt));
      const webhook = await request("buy: webhook", `${base}/api/payment-webhook.php`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ id: paymentId }),
      });
      if (webhook.status === 200) break;
    }
    if (redirectUrl) await request("buy: return page", redirectUrl, { headers: headers(member) });
  }

  /** The tester's side of the simulator (never faulted): settles a payment as the bank would. */
  async function simulator(path: string, body: unknown) {
    try {
      const response = await fetch(simulatorUrl + path, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      simulatorStatuses.set(String(response.status), (simulatorStatuses.get(String(response.status)) ?? 0) + 1);
      return response.ok ? ((await response.json()) as unknown) : null;
    } catch {
      simulatorStatuses.set("error", (simulatorStatuses.get("error") ?? 0) + 1);
      return null;
    }
  }

  /** A photo upload, or, with two photos up already (a free member may have three), the oldest deleted. */
  async function uploadPhoto(member: Member) {
    if (member.photos.length >= 2) {
      const photoId = member.photos[0]!;
      const { status } = await request("photo: delete", `${base}/api/photos.php`, {
        method: "PATCH",
        headers: headers(member, { "Content-Type": "application/json" }),
        body: JSON.stringify({ intent: "delete", photoId }),
      });
      if (status === 200 || status === 404) member.photos.shift();
      return;
    }
    const form = new FormData();
    form.append("photo", new Blob([photo as Uint8Array<ArrayBuffer>], { type: "image/png" }), "soak.png");
    const { status, body } = await request("photo: upload", `${base}/api/photos.php`, {
      method: "POST",
      headers: headers(member),
      body: form,
    });
    if (status === 201) member.photos.push((JSON.parse(body) as { photo: { id: number } }).photo.id);
    else if (status === 409) {
      // Over the limit: an upload whose answer was lost counted. Learn the photos from the server.
      const list = await request("photo: list", `${base}/api/photos.php`, { headers: headers(member) });
      if (list.status === 200) member.photos = (JSON.parse(list.body) as { photos: { id: number }[] }).photos.map((p) => p.id);
    }
  }

  const total = ACTIONS.reduce((sum, [, weight]) => sum + weight, 0);
  function nextAction(member: Member): Action {
    if (member.broke && Math.random() < 0.5) return "buy";
    let roll = Math.random() * total;
    for (const [action, weight] of ACTIONS) {
      roll -= weight;
      if (roll < 0) return action;
    }
    return "browse";
  }

  const perform = { browse, profile, like, chat, buy, photo: uploadPhoto } satisfies Record<Action, (member: Member) => Promise<unknown>>;
  return async (member: Member) => {
    await perform[nextAction(member)](member);
  };
}

// ───────────────────────────── the run ─────────────────────────────

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : "n/a").padStart(7);

async function setFaults(databaseUrl: string, mollieApiUrl: string, rate: number): Promise<void> {
  for (const url of [`${databaseUrl}/_faults`, `${mollieApiUrl}/_outage`]) {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ rate, kinds: faultKinds }),
    });
    if (!response.ok) throw new Error(`could not set the faults at ${url}: HTTP ${response.status} ${await response.text()}`);
  }
}

async function faultState(url: string): Promise<FaultState> {
  return (await (await fetch(url)).json()) as FaultState;
}

async function main(): Promise<boolean> {
  const folder = mkdtempSync(join(tmpdir(), "dating-bench-soak-"));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  const timer = setTimeout(() => {
    console.error(`\nstopped: the benchmark ran longer than ${maxMinutes} minutes (--max-minutes)`);
    void cleanup().then(() => process.exit(2));
  }, maxMinutes * 60_000);
  timer.unref();
  console.log(
    `${clientCount} members for ${seconds} s, ${(faultRate * 100).toFixed(1)} % of database and Mollie calls failing (${faultKinds.join(", ")}), ${profileCount.toLocaleString("en")} profiles`,
  );

  // 1. The database, the members of this run, the Mollie simulator and the app.
  const { databaseUrl, client, databaseGroup } = await startSeededDatabase({ folder, profiles: profileCount, maxPhotos: 1 });
  const run = Date.now().toString(36);
  const created = await createMembers(client, run);
  const molliePort = await freePort();
  const mollie = startProcess(process.execPath, [resolve(root, "tools/mollie-simulator/cli.mjs"), "--port", String(molliePort)]);
  const simulatorUrl = `http://127.0.0.1:${molliePort}`;
  const mollieApiUrl = `${simulatorUrl}/v2`;
  await waitFor(`${simulatorUrl}/`, "the Mollie simulator", mollie, 30_000);
  const { buildDir, reused } = await appBuild(folder);
  console.log(reused ? `using the build in ${process.env.BUILD_DIR}` : "built the app");
  const { base, worker } = await startWorkerd({
    buildDir,
    folder,
    databaseUrl,
    readyPath: "/api/companyinfo.php",
    vars: { MOLLIE_API_URL: mollieApiUrl, MOLLIE_API_KEY: "test_simulator" },
  });

  // 2. Sessions, and a first look around (not measured, no faults: the code and caches warm up).
  const members: Member[] = [];
  for (let i = 0; i < created.length; i += 4) {
    const batch = created.slice(i, i + 4);
    members.push(...(await Promise.all(batch.map(async (member) => ({ ...member, cookie: await logIn(base, member.email, PASSWORD) })))));
  }
  const photo = await encodePng(240, 300, 2, (x, y) => [(x * 255) / 240, (y * 255) / 300, 128]);
  const act = makeActions(base, simulatorUrl, members, run, photo);
  await Promise.all(members.map((member) => act(member)));
  const warmUp = [...statuses].map(([kind, byStatus]) => `${kind} ${[...byStatus].map(([status, n]) => `${status}×${n}`).join(" ")}`);
  console.log(`warm-up (one action each, no faults): ${warmUp.join(", ")}`);
  latencies.clear();
  statuses.clear();
  simulatorStatuses.clear();

  // 3. The day: every member acts, one action after another, while 1 % of the calls fail.
  await setFaults(databaseUrl, mollieApiUrl, faultRate);
  const databaseFaultsBefore = await faultState(`${databaseUrl}/_faults`);
  const stretch = await closedLoop({
    base,
    step: (_, index) => act(members[index]!),
    seconds,
    concurrency: members.length,
    processGroup: worker.child.pid!,
    databaseGroup,
  });
  const databaseFaults = await faultState(`${databaseUrl}/_faults`);
  const mollieFaults = await faultState(`${mollieApiUrl}/_outage`);
  await setFaults(databaseUrl, mollieApiUrl, 0);

  // 4. What was asked and answered.
  const requests = [...latencies.values()].reduce((sum, list) => sum + list.length, 0);
  console.log(
    `\n${stretch.samples.length} actions, ${requests} requests in ${stretch.seconds.toFixed(1)} s: ${(requests / stretch.seconds).toFixed(0)} requests/s` +
      (stretch.cpuMs === null ? "" : `, workerd ${(stretch.cpuMs / requests).toFixed(1)} ms CPU a request`) +
      (stretch.databaseCpuMs === null ? "" : `, database ${(stretch.databaseCpuMs / requests).toFixed(1)} ms`),
  );
  if (stretch.failures.size > 0) console.log(`actions that threw: ${[...stretch.failures].map(([m, n]) => `${m} ×${n}`).join(", ")}`);
  const header = `${"kind".padEnd(22)} ${"route".padEnd(38)} ${"requests".padStart(8)} ${"p50 ms".padStart(7)} ${"p95 ms".padStart(7)}  answers`;
  console.log(`\n${header}\n${"─".repeat(header.length + 30)}`);
  const allStatuses = new Map<string, number>();
  const serverErrors: string[] = [];
  for (const kind of Object.keys(ROUTES) as Kind[]) {
    const samples = [...(latencies.get(kind) ?? [])].sort((a, b) => a - b);
    if (kind === "photo: list" && samples.length === 0) continue; // only after an upload whose answer was lost
    const byStatus = [...(statuses.get(kind) ?? new Map<string, number>())].sort(([a], [b]) => a.localeCompare(b));
    for (const [status, n] of byStatus) {
      allStatuses.set(status, (allStatuses.get(status) ?? 0) + n);
      if (status === "error" || Number(status) >= 500) serverErrors.push(`${status} ×${n} ${ROUTES[kind]}`);
    }
    const p = (q: number) => (samples.length > 0 ? quantile(samples, q) : Number.NaN);
    console.log(
      `${kind.padEnd(22)} ${ROUTES[kind].padEnd(38)} ${String(samples.length).padStart(8)} ${ms(p(0.5))} ${ms(p(0.95))}  ${byStatus.map(([status, n]) => `${status}×${n}`).join(" ")}`,
    );
  }
  console.log(
    `\nanswers by status: ${[...allStatuses]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, n]) => `${status} ×${n}`)
      .join(", ")} ("error": no answer within ${REQUEST_TIMEOUT_MS / 1000} s or the connection failed)`,
  );
  console.log(
    `the simulator's own controls (settling payments, never faulted): ${[...simulatorStatuses].map(([s, n]) => `${s} ×${n}`).join(", ")}`,
  );
  console.log(
    serverErrors.length === 0
      ? "server errors by route: none"
      : `server errors by route:\n${serverErrors.map((line) => `  ${line}`).join("\n")}`,
  );
  const played = (state: FaultState, before?: FaultState) => {
    const seen = state.seen - (before?.seen ?? 0);
    const injected = (kind: keyof FaultState["injected"]) => state.injected[kind] - (before?.injected[kind] ?? 0);
    const total = injected("503") + injected("drop") + injected("lost");
    return `${total} of ${seen} (${((total / Math.max(seen, 1)) * 100).toFixed(2)} %): 503 ×${injected("503")}, dropped ×${injected("drop")}, answer lost ×${injected("lost")}`;
  };
  console.log(`faults played: database ${played(databaseFaults, databaseFaultsBefore)}; Mollie ${played(mollieFaults)}`);

  // 5. Mollie calls the webhook again until it gets a 200: every settled payment once more, no faults.
  const listed = await simulatorPayments(mollieApiUrl);
  const paidOrders = async () => Number((await client.execute("SELECT count(*) AS n FROM orders WHERE status = 'paid'")).rows[0]!.n);
  const paidBefore = await paidOrders();
  let replayed = 0;
  let replayFailed = 0;
  for (const payment of listed) {
    if (payment.status === "open" || !payment.webhookUrl) continue;
    let ok = false;
    for (let attempt = 0; attempt < 3 && !ok; attempt++) {
      const response = await fetch(payment.webhookUrl, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ id: payment.id }),
      });
      await response.arrayBuffer();
      ok = response.status === 200;
    }
    replayed++;
    if (!ok) replayFailed++;
  }
  const settledByRetry = (await paidOrders()) - paidBefore;
  console.log(
    `\nMollie's webhook retries, faults off: ${replayed} settled payments announced once more${replayFailed > 0 ? `, ${replayFailed} still failing` : ""}; ${settledByRetry} order${settledByRetry === 1 ? "" : "s"} paid only then (its webhooks and the member's return all failed during the run)`,
  );

  // 6. The books.
  const checks = await checkBooks(client, {
    members: members.map(({ userId, profileId }) => ({ userId, profileId })),
    messages,
    mollieApiUrl,
  });
  console.log("\nthe books:");
  for (const check of checks) console.log(`  ${check.ok ? "✔" : "✘"} ${check.name}: ${check.detail}`);
  const fiveHundreds = allStatuses.get("500") ?? 0;
  const balanced = checks.every((check) => check.ok);
  const failed = checks.filter((check) => !check.ok).map((check) => check.name);
  console.log(
    `\nsoak: ${fiveHundreds} answer${fiveHundreds === 1 ? "" : "s"} 500, ${balanced ? "books balance" : `books do not balance (${failed.join(", ")})`}`,
  );
  return balanced;
}

process.once("SIGINT", () => void cleanup().then(() => process.exit(130)));
process.once("SIGTERM", () => void cleanup().then(() => process.exit(143)));

main()
  .then(async (balanced) => {
    await cleanup();
    process.exit(balanced ? 0 : 1);
  })
  .catch(async (error) => {
    console.error(error instanceof Error ? error.stack : error);
    await cleanup();
    process.exit(1);
  });
