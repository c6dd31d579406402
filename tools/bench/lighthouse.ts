/**
 * Benchmark: Lighthouse in mobile mode (simulated slow 4G, 4× CPU slowdown) on the pages members
 * and visitors open most (docs/performance.md).
 *
 *   npm run bench -- --only lighthouse
 *   npm run bench -- --only lighthouse --runs 3          # the median of three runs per page
 *   SKIP_BUILD=1 npm run bench -- --only lighthouse      # serve the existing build
 *   npm run bench -- --only lighthouse --why             # also each page's failed audits
 *   npm run bench -- --only lighthouse --save reports    # also each page's report (JSON) in a folder
 *   npm run bench -- --only lighthouse --pages landers   # only the pages whose name or path has one of these words (a,b)
 *   npm run bench -- --only lighthouse --paint-holding   # Chromium as it comes: see ADR 061 before trusting its paint times
 *   npm run bench -- --only lighthouse --no-scripts      # every script file blocked: what a page costs before hydration
 *   npm run bench -- --only lighthouse --renderer-first  # the page's main thread first, the rest of the machine after (ADR 064)
 *
 * Starts the app as `npm start` does (tools/start.mjs), on free ports with a temporary database
 * seeded with the demo data, and runs Lighthouse with Debian's Chromium on each page (the nine
 * landers among them, with the slug `nl-plain`, product.md §10 "Landers") as a visitor, as the free
 * demo member or as the premium one (who has a conversation), signed in with the session cookie in
 * the browser. The free member's photos are taken away first (rejected, as moderation does),
 * so the free member's pages carry both alerts that ask something (profile photo, push: ADR 046),
 * and one seeded member's photos likewise, for a profile without photos. Prints the four category
 * scores, FCP, LCP, TBT and CLS per page, when Chromium painted first (unthrottled, "seen"), the LCP element and its render delay (Lighthouse's LCP
 * breakdown), how much of its long tasks' time the page's main thread ran ("ran %": the rest it
 * waited for a core), the performance score and blocking time of the page's own work (the same run
 * audited again with each main-thread task as long as its thread ran: ./thread-time-trace.ts), and
 * the pages that miss the targets (performance ≥ 95 and LCP ≤ 2.5 s; accessibility
 * and best practices 100; SEO 100 on public pages). Exit code 0 unless the run itself fails;
 * `--strict` also fails when a target is missed.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import { createClient } from "@libsql/client";
import lighthouse, { auditFlowArtifacts } from "lighthouse";
import { SLUG_LANDER_DESIGNS } from "../../app/landers/lander-slug";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../drizzle/seed";
import { cleanup, cleanups, freePort, logIn, root, startProcess, waitFor } from "./harness";
import { mainThreadShare, type TraceEvent } from "./main-thread-share";
import { rendererFirst } from "./renderer-first";
import { atThreadTime } from "./thread-time-trace";

const { values } = parseArgs({
  strict: false,
  options: {
    runs: { type: "string", default: "1" },
    strict: { type: "boolean", default: false },
    why: { type: "boolean", default: false },
    save: { type: "string" },
    pages: { type: "string" },
    "paint-holding": { type: "boolean", default: false },
    /** Blocks every script file: the page as HTML and CSS only, the floor hydration adds to. */
    "no-scripts": { type: "boolean", default: false },
    /** The page's main thread gets the cores first; the browser's other threads, the server and Lighthouse wait (ADR 064). */
    "renderer-first": { type: "boolean", default: false },
    "max-minutes": { type: "string", default: "20" },
  },
});
const runs = Math.max(1, Math.floor(Number(values.runs)) || 1);
const maxMinutes = Math.max(1, Number(values["max-minutes"]) || 20);
/** ADR 064: the renderers' main threads first, where the machine's threads can be told apart (Linux). */
const rendererFirstOn = values["renderer-first"] === true && process.platform === "linux";
if (values["renderer-first"] && !rendererFirstOn)
  console.error("--renderer-first works on Linux only: measuring with the machine's scheduling as it comes");
const pageFilter = values.pages ? String(values.pages).split(",").filter(Boolean) : null;

const PERFORMANCE_TARGET = 95;
const LCP_TARGET_MS = 2_500;
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

type Viewer = "visitor" | "free" | "premium";
/** `noindex`: a public page kept out of search engines by design (app/seo/seo.ts), so SEO is not scored. */
type Page = { name: string; path: string | null; as: Viewer; noindex?: boolean };

function chromiumPath(): string {
  for (const candidate of [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"]) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  throw new Error("no Chromium: install Debian's chromium (apt-get install -y chromium) or set CHROME_PATH");
}

async function json<T>(base: string, path: string, cookie: string): Promise<T> {
  const response = await fetch(base + path, { headers: { Cookie: cookie } });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

function median(numbers: number[]) {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

type Figures = {
  scores: Record<(typeof categories)[number], number>;
  fcp: number;
  lcp: number;
  /** The LCP element (Lighthouse's selector) and the time from its resource's arrival to its paint (ms; 0 for text). */
  lcpElement: string;
  renderDelay: number;
  /** When Chromium itself painted first, unthrottled (ms): over a second on a page that paints at once is headless frame throttling (ADR 061). */
  observedPaint: number;
  tbt: number;
  /** The share of its long tasks' wall time the page's main thread ran; the rest it waited for a core (./main-thread-share.ts). */
  cpuShare: number;
  /** The same run audited again as if the main thread had never waited for a core (./thread-time-trace.ts). */
  own: { performance: number; tbt: number };
  cls: number;
  /** The audits that cost points, with what Lighthouse says of them (for `--why`). */
  failed: string[];
  /** The longest main-thread tasks after the first paint, simulated, with the script they ran (for `--why`). */
  longTasks: string[];
};

/**
 * Gives the browser the member's session cookie (DevTools protocol, `Storage.setCookies`), as a
 * signed-in phone has it. Lighthouse's `--extra-headers` would add it to requests only: the chat
 * socket's handshake went without it, failed, and logged errors (best practices 96).
 */
async function setSessionCookie(port: number, url: string, cookie: string) {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { webSocketDebuggerUrl: string };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolveOpen, reject) => {
    socket.onopen = resolveOpen;
    socket.onerror = () => reject(new Error("no DevTools connection to the browser"));
  });
  const [name = "", ...value] = cookie.split("=");
  const answered = new Promise<void>((resolveAnswer, reject) => {
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
      if (message.id !== 1) return;
      if (message.error) reject(new Error(`Storage.setCookies: ${message.error.message}`));
      else resolveAnswer();
    };
  });
  socket.send(JSON.stringify({ id: 1, method: "Storage.setCookies", params: { cookies: [{ name, value: value.join("="), url }] } }));
  try {
    await answered;
  } finally {
    socket.close();
  }
}

async function audit(url: string, port: number, cookie: string | null, report: string | null): Promise<Figures> {
  if (cookie) await setSessionCookie(port, url, cookie);
  const flags = {
    output: "json" as const,
    logLevel: "error" as const,
    onlyCategories: [...categories],
    blockedUrlPatterns: values["no-scripts"] ? ["*.js"] : [],
  };
  const result = await lighthouse(url, { ...flags, port });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  // A page measured must be the page asked for: not a redirect to /login, not an error page.
  if (lhr.finalDisplayedUrl !== url) throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}`);
  const status = lhr.audits["http-status-code"];
  if (status && status.score === 0) throw new Error(`${url}: ${status.displayValue ?? "an unsuccessful HTTP status"}`);
  if (report) writeFileSync(report, JSON.stringify(lhr, null, 1));
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const { element, renderDelay } = lcpBreakdown(lhr.audits["lcp-breakdown-insight"]?.details);
  const metrics = (
    lhr.audits.metrics?.details as { items?: { observedFirstPaint?: number; observedFirstContentfulPaintTs?: number }[] } | undefined
  )?.items?.[0];
  const trace = (result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace?.traceEvents ?? [];
  const own = await ownWork(result.artifacts, trace, flags);
  return {
    scores: Object.fromEntries(categories.map((id) => [id, score(id)])) as Figures["scores"],
    fcp: lhr.audits["first-contentful-paint"]?.numericValue ?? Number.NaN,
    lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    lcpElement: element,
    renderDelay,
    observedPaint: metrics?.observedFirstPaint ?? Number.NaN,
    tbt: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    cpuShare: metrics?.observedFirstContentfulPaintTs ? mainThreadShare(trace, metrics.observedFirstContentfulPaintTs) : Number.NaN,
    own,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    failed: categories.flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
        .map((ref) => {
          const result = lhr.audits[ref.id]!;
          return `${id}: ${result.title}${result.displayValue ? ` (${result.displayValue})` : ""}`;
        }),
    ),
    longTasks: ((lhr.audits["long-tasks"]?.details as { items?: { url: string; duration: number }[] } | undefined)?.items ?? [])
      .slice(0, 5)
      .map((task) => `${Math.round(task.duration)} ms ${task.url.replace(/^https?:\/\/[^/]+/, "")}`),
  };
}

/**
 * The page's own work scored: Lighthouse audits the run's artifacts again, with the run's own
 * settings (it refuses others), its trace's main-thread tasks as long as their thread ran (ADR 065).
 */
async function ownWork(artifacts: LighthouseArtifacts, trace: TraceEvent[], flags: LighthouseFlags): Promise<Figures["own"]> {
  const replayed = { ...artifacts, Trace: { ...artifacts.Trace, traceEvents: atThreadTime(trace) } } as LighthouseArtifacts;
  const flow = await auditFlowArtifacts({ gatherSteps: [{ artifacts: replayed, flags }] });
  const lhr = flow.steps[0]?.lhr;
  return {
    performance: Math.round((lhr?.categories.performance?.score ?? 0) * 100),
    tbt: lhr?.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
  };
}

type GatherStep = Parameters<typeof auditFlowArtifacts>[0]["gatherSteps"][number];
type LighthouseArtifacts = GatherStep["artifacts"];
type LighthouseFlags = NonNullable<GatherStep["flags"]>;

/** The LCP element and its render delay from the LCP breakdown insight's details (a table of subparts and the element's node). */
function lcpBreakdown(details: unknown): { element: string; renderDelay: number } {
  type Item = { type?: string; items?: { subpart?: string; duration?: number }[]; selector?: string; snippet?: string };
  const items = ((details as { items?: Item[] } | undefined)?.items ?? []) as Item[];
  const subparts = items.find((item) => item.type === "table")?.items ?? [];
  const node = items.find((item) => item.type === "node");
  const delay = subparts.find((part) => part.subpart === "elementRenderDelay")?.duration;
  const src = node?.snippet?.match(/src="([^"]+)"/)?.[1];
  const element = node ? `${node.selector ?? node.snippet ?? "?"}${src ? ` (${src.replace(/^.*\//, "").slice(0, 16)}…)` : ""}` : "–";
  return { element, renderDelay: delay ?? Number.NaN };
}

/** Takes a member's photos away (rejected, as moderation does), in the benchmark's own database. */
async function takePhotosAway(databaseUrl: string, where: { email: string } | { profileId: number }) {
  const client = createClient({ url: databaseUrl });
  try {
    const profile =
      "email" in where
        ? "(SELECT p.id FROM profiles p JOIN users u ON u.id = p.user_id WHERE u.email = ?)"
        : "(SELECT id FROM profiles WHERE id = ?)";
    const value = "email" in where ? where.email : where.profileId;
    await client.batch(
      [
        { sql: `UPDATE photos SET status = 'rejected' WHERE profile_id = ${profile}`, args: [value] },
        { sql: `UPDATE profiles SET main_photo_id = NULL WHERE id = ${profile}`, args: [value] },
      ],
      "write",
    );
  } finally {
    client.close();
  }
}

/** The first search results with a photo, but for the conversation's member: the profiles measured. */
async function profilesFromSearch(base: string, cookie: string, not: number | null): Promise<number[]> {
  const response = await fetch(`${base}/members`, { headers: { Cookie: cookie } });
  const html = await response.text();
  return [...html.matchAll(/class="profile-card__link" href="\/members\/(\d+)"[^>]*><img/g)]
    .map((match) => Number(match[1]))
    .filter((id) => id !== not);
}

async function main() {
  const folder = mkdtempSync(join(tmpdir(), "dating-bench-lighthouse-"));
  const [port, libsqlPort, molliePort] = [await freePort(), await freePort(), await freePort()];
  const base = `http://localhost:${port}`;
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  const app = startProcess(process.execPath, [resolve(root, "tools/start.mjs")], {
    PORT: String(port),
    LIBSQL_PORT: String(libsqlPort),
    MOLLIE_PORT: String(molliePort),
    DATA_FILE: join(folder, "bench.db"),
    PERSIST_TO: join(folder, "state"),
    SEED_PROFILES: "300",
    // Lighthouse loads pages faster than a person reads: without this the browsing limits answer 429.
    BROWSE_LIMITS: "off",
  });
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  cleanups.push(async () => {
    await chrome?.kill();
  });
  const timer = setTimeout(() => {
    console.error(`\nstopped: the benchmark ran longer than ${maxMinutes} minutes (--max-minutes)`);
    void cleanup().then(() => process.exit(2));
  }, maxMinutes * 60_000);
  timer.unref();

  try {
    await waitFor(`${base}/api/companyinfo.php`, "the app", app, 5 * 60_000);
    const cookie = await logIn(base, DEMO_ACCOUNTS.premium, DEMO_PASSWORD);
    if (values.save) mkdirSync(resolve(String(values.save)), { recursive: true });
    const { chats } = await json<{ chats: { conversation: { id: number }; profile: { id: number } }[] }>(base, "/api/chats.php", cookie);
    const chat = chats[0] ?? null;
    const databaseUrl = `http://127.0.0.1:${libsqlPort}`;
    await takePhotosAway(databaseUrl, { email: DEMO_ACCOUNTS.demo });
    const [withPhotos = null, withoutPhotos = null] = await profilesFromSearch(base, cookie, chat?.profile.id ?? null);
    if (withoutPhotos !== null) await takePhotosAway(databaseUrl, { profileId: withoutPhotos });

    const pages: Page[] = [
      { name: "home", path: "/", as: "visitor" as Viewer },
      { name: "search (visitor)", path: "/members", as: "visitor" as Viewer, noindex: true },
      { name: "search (free)", path: "/members", as: "free" as Viewer },
      { name: "search (premium)", path: "/members", as: "premium" as Viewer },
      { name: "profile, photos (free)", path: withPhotos ? `/members/${withPhotos}` : null, as: "free" as Viewer },
      { name: "profile, photos (premium)", path: withPhotos ? `/members/${withPhotos}` : null, as: "premium" as Viewer },
      { name: "profile, no photo (premium)", path: withoutPhotos ? `/members/${withoutPhotos}` : null, as: "premium" as Viewer },
      { name: "/likes (premium)", path: "/likes", as: "premium" as Viewer },
      { name: "/chats (free)", path: "/chats", as: "free" as Viewer },
      { name: "/chats (premium)", path: "/chats", as: "premium" as Viewer },
      { name: "a chat (premium)", path: chat ? `/chats/${chat.conversation.id}` : null, as: "premium" as Viewer },
      { name: "/profile (free)", path: "/profile", as: "free" as Viewer },
      { name: "/credits (premium)", path: "/credits", as: "premium" as Viewer },
      { name: "/pricing", path: "/pricing", as: "visitor" as Viewer },
      { name: "/signup", path: "/signup", as: "visitor" as Viewer },
      { name: "/login", path: "/login", as: "visitor" as Viewer },
      // The landers (ADR 030): the first page a visitor from an ad sees.
      { name: "lander tinderswipe", path: "/landers/tinderswipe", as: "visitor" as Viewer },
      ...SLUG_LANDER_DESIGNS.map((design) => ({ name: `lander ${design}`, path: `/landers/${design}/nl-plain`, as: "visitor" as Viewer })),
    ].filter((page) => !pageFilter || pageFilter.some((word) => page.name.includes(word) || page.path?.includes(word)));

    const launch = () =>
      chromeLauncher.launch({
        chromePath: chromiumPath(),
        // Headless Chromium holds a navigation's first frames (paint holding) while its compositor
        // throttles the page's frame sink: the first paint then comes one or two whole seconds late,
        // and Lighthouse's simulation counts everything that started before it (ADR 061).
        chromeFlags: [
          "--headless=new",
          "--no-sandbox",
          "--disable-gpu",
          "--disable-dev-shm-usage",
          ...(values["paint-holding"] ? [] : ["--disable-features=PaintHolding"]),
        ],
      });
    console.log(
      `Lighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ""}mobile, simulated slow 4G and 4× CPU slowdown${values["no-scripts"] ? ", every script file blocked" : ""}${rendererFirstOn ? ", the page's main thread first" : ""}, on ${base}\n`,
    );
    const header = `${"page".padEnd(30)} ${"perf".padStart(5)} ${"a11y".padStart(5)} ${"best".padStart(5)} ${"SEO".padStart(5)} ${"FCP s".padStart(6)} ${"LCP s".padStart(6)} ${"delay".padStart(6)} ${"TBT ms".padStart(7)} ${"ran %".padStart(6)} ${"own".padStart(5)} ${"own TBT".padStart(7)} ${"CLS".padStart(6)} ${"seen s".padStart(6)}  LCP element`;
    console.log(header);
    console.log("─".repeat(header.length));
    const misses: string[] = [];
    for (const page of pages) {
      if (!page.path) {
        console.log(`${page.name.padEnd(30)}   n/a (no such page in the demo data)`);
        continue;
      }
      const samples: Figures[] = [];
      for (let i = 0; i < runs; i++) {
        const report = values.save
          ? join(resolve(String(values.save)), `${page.name.replace(/\W+/g, "-").replace(/^-|-$/g, "")}-${i + 1}.json`)
          : null;
        // A fresh browser and session for every run: a run never depends on what an earlier one left
        // (after several runs in one browser, a signed-in page was once asked for without the cookie).
        const session =
          page.as === "visitor" ? null : await logIn(base, DEMO_ACCOUNTS[page.as === "free" ? "demo" : "premium"], DEMO_PASSWORD);
        chrome = await launch();
        const release = rendererFirstOn && chrome.pid && app.child.pid ? rendererFirst([chrome.pid, app.child.pid]) : () => {};
        try {
          samples.push(await audit(base + page.path, chrome.port, session, report));
        } finally {
          release();
          await chrome.kill();
          chrome = null;
        }
      }
      const score = (id: (typeof categories)[number]) => median(samples.map((sample) => sample.scores[id]));
      const figures = {
        performance: score("performance"),
        accessibility: score("accessibility"),
        best: score("best-practices"),
        seo: score("seo"),
        fcp: median(samples.map((sample) => sample.fcp)),
        lcp: median(samples.map((sample) => sample.lcp)),
        // The element and delay of the run whose LCP is the median.
        ...(({ lcpElement, renderDelay }) => ({ lcpElement, renderDelay }))(
          samples.find((sample) => sample.lcp === median(samples.map((one) => one.lcp)))!,
        ),
        tbt: median(samples.map((sample) => sample.tbt)),
        cpuShare: median(samples.map((sample) => sample.cpuShare)),
        own: {
          performance: median(samples.map((sample) => sample.own.performance)),
          tbt: median(samples.map((sample) => sample.own.tbt)),
        },
        observedPaint: median(samples.map((sample) => sample.observedPaint)),
        cls: median(samples.map((sample) => sample.cls)),
      };
      const seoScored = page.as === "visitor" && !page.noindex;
      const delay = Number.isNaN(figures.renderDelay) ? "–" : (figures.renderDelay / 1000).toFixed(2);
      console.log(
        `${page.name.padEnd(30)} ${String(figures.performance).padStart(5)} ${String(figures.accessibility).padStart(5)} ${String(figures.best).padStart(5)} ${(seoScored ? String(figures.seo) : "–").padStart(5)} ${(figures.fcp / 1000).toFixed(2).padStart(6)} ${(figures.lcp / 1000).toFixed(2).padStart(6)} ${delay.padStart(6)} ${figures.tbt.toFixed(0).padStart(7)} ${(figures.cpuShare * 100).toFixed(0).padStart(6)} ${String(figures.own.performance).padStart(5)} ${figures.own.tbt.toFixed(0).padStart(7)} ${figures.cls.toFixed(3).padStart(6)} ${(figures.observedPaint / 1000).toFixed(2).padStart(6)}  ${figures.lcpElement}`,
      );
      if (values.why) {
        for (const line of new Set(samples.flatMap((sample) => sample.failed))) console.log(`${"".padEnd(30)}   · ${line}`);
        console.log(`${"".padEnd(30)}   · long tasks: ${samples[0]!.longTasks.join(", ") || "none"}`);
      }
      if (figures.performance < PERFORMANCE_TARGET) misses.push(`${page.name}: performance ${figures.performance} < ${PERFORMANCE_TARGET}`);
      if (figures.lcp > LCP_TARGET_MS) misses.push(`${page.name}: LCP ${(figures.lcp / 1000).toFixed(2)} s > ${LCP_TARGET_MS / 1000} s`);
      if (figures.accessibility < 100) misses.push(`${page.name}: accessibility ${figures.accessibility} < 100`);
      if (figures.best < 100) misses.push(`${page.name}: best practices ${figures.best} < 100`);
      if (seoScored && figures.seo < 100) misses.push(`${page.name}: SEO ${figures.seo} < 100`);
    }
    console.log(
      misses.length === 0
        ? `\ntargets met: performance ≥ ${PERFORMANCE_TARGET}, LCP ≤ ${LCP_TARGET_MS / 1000} s, accessibility and best practices 100, SEO 100 on public pages`
        : `\ntargets missed:\n${misses.map((miss) => `  ✖ ${miss}`).join("\n")}`,
    );
    await cleanup();
    process.exit(values.strict && misses.length > 0 ? 1 : 0);
  } catch (error) {
    await cleanup();
    throw error;
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
