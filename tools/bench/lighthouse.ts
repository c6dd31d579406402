/**
 * Benchmark: Lighthouse in mobile mode (simulated slow 4G, 4× CPU slowdown) on the pages members
 * and visitors open most (README "Performance").
 *
 *   npm run bench -- --only lighthouse
 *   npm run bench -- --only lighthouse --runs 3          # the median of three runs per page
 *   SKIP_BUILD=1 npm run bench -- --only lighthouse      # serve the existing build
 *   npm run bench -- --only lighthouse --why             # also each page's failed audits
 *   npm run bench -- --only lighthouse --save reports    # also each page's report (JSON) in a folder
 *   npm run bench -- --only lighthouse --pages landers   # only the pages whose name or path has one of these words (a,b)
 *
 * Starts the app as `npm start` does (tools/start.mjs), on free ports with a temporary database
 * seeded with the demo data, logs in the premium demo member (who has a conversation), and runs
 * Lighthouse with Debian's Chromium on each page (the nine landers among them, with the slug
 * `nl-plain`, product.md §10 "Landers"): signed out where the page is public, signed in
 * (the session cookie as a request header) where it needs a member. Prints the four category
 * scores, LCP, TBT and CLS per page, and the pages that miss the targets (performance ≥ 95;
 * accessibility and best practices 100; SEO 100 on public pages). Exit code 0 unless the run itself
 * fails; `--strict` also fails when a target is missed.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { SLUG_LANDER_DESIGNS } from "../../app/landers/lander-slug";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../drizzle/seed";
import { cleanup, cleanups, freePort, logIn, root, startProcess, waitFor } from "./harness";

const { values } = parseArgs({
  strict: false,
  options: {
    runs: { type: "string", default: "1" },
    strict: { type: "boolean", default: false },
    why: { type: "boolean", default: false },
    save: { type: "string" },
    pages: { type: "string" },
    "max-minutes": { type: "string", default: "20" },
  },
});
const runs = Math.max(1, Math.floor(Number(values.runs)) || 1);
const maxMinutes = Math.max(1, Number(values["max-minutes"]) || 20);
const pageFilter = values.pages ? String(values.pages).split(",").filter(Boolean) : null;

const PERFORMANCE_TARGET = 95;
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

type Page = { name: string; path: string | null; signedIn: boolean };

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
  lcp: number;
  tbt: number;
  cls: number;
  /** The audits that cost points, with what Lighthouse says of them (for `--why`). */
  failed: string[];
};

async function audit(url: string, port: number, cookie: string | null, report: string | null): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...categories],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  // A page measured must be the page asked for: not a redirect to /login, not an error page.
  if (lhr.finalDisplayedUrl !== url) throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}`);
  const status = lhr.audits["http-status-code"];
  if (status && status.score === 0) throw new Error(`${url}: ${status.displayValue ?? "an unsuccessful HTTP status"}`);
  if (report) writeFileSync(report, JSON.stringify(lhr, null, 1));
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    scores: Object.fromEntries(categories.map((id) => [id, score(id)])) as Figures["scores"],
    lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    tbt: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    failed: categories.flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
        .map((ref) => {
          const result = lhr.audits[ref.id]!;
          return `${id}: ${result.title}${result.displayValue ? ` (${result.displayValue})` : ""}`;
        }),
    ),
  };
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

    const pages: Page[] = [
      { name: "home", path: "/", signedIn: false },
      { name: "search (/members)", path: "/members", signedIn: true },
      { name: "member profile", path: chat ? `/members/${chat.profile.id}` : null, signedIn: true },
      { name: "/likes", path: "/likes", signedIn: true },
      { name: "/chats", path: "/chats", signedIn: true },
      { name: "a chat", path: chat ? `/chats/${chat.conversation.id}` : null, signedIn: true },
      { name: "/profile", path: "/profile", signedIn: true },
      { name: "/pricing", path: "/pricing", signedIn: false },
      { name: "/signup", path: "/signup", signedIn: false },
      { name: "/login", path: "/login", signedIn: false },
      // The landers (ADR 030): the first page a visitor from an ad sees.
      { name: "lander tinderswipe", path: "/landers/tinderswipe", signedIn: false },
      ...SLUG_LANDER_DESIGNS.map((design) => ({ name: `lander ${design}`, path: `/landers/${design}/nl-plain`, signedIn: false })),
    ].filter((page) => !pageFilter || pageFilter.some((word) => page.name.includes(word) || page.path?.includes(word)));

    const launch = () =>
      chromeLauncher.launch({
        chromePath: chromiumPath(),
        chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
      });
    console.log(`Lighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ""}mobile, simulated slow 4G and 4× CPU slowdown, on ${base}\n`);
    const header = `${"page".padEnd(30)} ${"perf".padStart(5)} ${"a11y".padStart(5)} ${"best".padStart(5)} ${"SEO".padStart(5)} ${"LCP s".padStart(7)} ${"TBT ms".padStart(7)} ${"CLS".padStart(6)}`;
    console.log(header);
    console.log("─".repeat(header.length));
    const misses: string[] = [];
    for (const page of pages) {
      if (!page.path) {
        console.log(`${page.name.padEnd(30)}   n/a (the demo member has no conversation)`);
        continue;
      }
      const samples: Figures[] = [];
      for (let i = 0; i < runs; i++) {
        const report = values.save
          ? join(resolve(String(values.save)), `${page.name.replace(/\W+/g, "-").replace(/^-|-$/g, "")}-${i + 1}.json`)
          : null;
        // A fresh browser and session for every run: a run never depends on what an earlier one left
        // (after several runs in one browser, a signed-in page was once asked for without the cookie).
        const session = page.signedIn ? await logIn(base, DEMO_ACCOUNTS.premium, DEMO_PASSWORD) : null;
        chrome = await launch();
        try {
          samples.push(await audit(base + page.path, chrome.port, session, report));
        } finally {
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
        lcp: median(samples.map((sample) => sample.lcp)),
        tbt: median(samples.map((sample) => sample.tbt)),
        cls: median(samples.map((sample) => sample.cls)),
      };
      console.log(
        `${page.name.padEnd(30)} ${String(figures.performance).padStart(5)} ${String(figures.accessibility).padStart(5)} ${String(figures.best).padStart(5)} ${(page.signedIn ? "–" : String(figures.seo)).padStart(5)} ${(figures.lcp / 1000).toFixed(2).padStart(7)} ${figures.tbt.toFixed(0).padStart(7)} ${figures.cls.toFixed(3).padStart(6)}`,
      );
      if (values.why) for (const line of new Set(samples.flatMap((sample) => sample.failed))) console.log(`${"".padEnd(30)}   · ${line}`);
      if (figures.performance < PERFORMANCE_TARGET) misses.push(`${page.name}: performance ${figures.performance} < ${PERFORMANCE_TARGET}`);
      if (figures.accessibility < 100) misses.push(`${page.name}: accessibility ${figures.accessibility} < 100`);
      if (figures.best < 100) misses.push(`${page.name}: best practices ${figures.best} < 100`);
      if (!page.signedIn && figures.seo < 100) misses.push(`${page.name}: SEO ${figures.seo} < 100`);
    }
    console.log(
      misses.length === 0
        ? `\ntargets met: performance ≥ ${PERFORMANCE_TARGET}, accessibility and best practices 100, SEO 100 on public pages`
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
