#!/usr/bin/env node
/**
 * First-load JavaScript per route of the client build (gzip): what a phone downloads before a page
 * works. Budgets: 100 KB on public pages (what visitors from an ad see first), 150 KB elsewhere.
 * Reads build/client (BUILD_DIR), prints every page's figure and exits 1 when one is over budget.
 * Part of `npm test`, after the build.
 *
 * The pages in LEGACY (forms with Conform and zod in the browser, and public pages that still
 * ship the app's shared code) are over budget today; each may not grow past its figure there. Every
 * other page, and so every new one, must keep its budget. Take a page out of LEGACY once it fits.
 *
 * A page whose route or layout says `handle = { scripts: false }` (the landers, ADR 030) is served
 * without React Router's scripts: it loads no JavaScript, and counts 0 KB. The handle is read from
 * the built route modules themselves, the same value app/root.tsx reads to leave the scripts out.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const client = resolve(root, process.env.BUILD_DIR ?? "build", "client");
const KB = 1024;
const MEMBER_BUDGET = 150 * KB;
const PUBLIC_BUDGET = 100 * KB;
/** Over budget today (KB gzip, rounded up): the most each may weigh until it is made lighter. */
// signup and complete-signup grew by 0.5 KB for the text cleaning of the shared profile schema
// (app/utils/clean-text.ts: invisible characters never reach another member); profile and
// complaints by 0.1 KB for the disabled-notifications alert of product.md §2 in the default layout.
const LEGACY = {
  signup: 192,
  profile: 187,
  settings: 186,
  login: 181,
  "complete-signup": 179,
  "reset-password-do": 178,
  "reset-password": 177,
  complaints: 178,
  "chats-id": 176,
  "members-id-chat": 176,
  members: 171,
  likes: 168,
  "likes-type": 168,
  moderation: 167,
  notifications: 166,
  index: 142,
  pricing: 142,
  "activate-done": 141,
  "account-deleted": 141,
  "account-recover": 141,
  "signup-matches": 141,
  activate: 141,
  "activate-error": 141,
  "pages-page": 141,
  "not-found": 141,
  "lang-config": 135,
};

/** Pages a visitor reaches without an account. */
const publicRoutes = new Set([
  "index",
  "pricing",
  "pages-page",
  "login",
  "signup",
  "signup-matches",
  "reset-password",
  "reset-password-do",
  "activate",
  "activate-done",
  "activate-error",
  "account-deleted",
  "account-recover",
  "lang-config",
  "complete-signup",
  "not-found",
  // The landers (ADR 030)
  "landers-tinderswipe",
  "landers-alonetonight",
  "landers-collagelanding",
  "landers-gallery",
  "landers-iconslanding",
  "landers-maplanding",
  "landers-socialnetwork",
  "landers-transitionsvideolanding",
  "landers-video",
  "members-id-landing",
  "members-id-signup",
  "members-id-landing2-slug",
  "members-id-landing3-slug",
]);

const manifestFile = readdirSync(resolve(client, "assets")).find((name) => /^manifest-.*\.js$/.test(name));
if (!manifestFile) {
  console.error(`no client manifest in ${client}/assets: run the build first`);
  process.exit(1);
}
const source = readFileSync(resolve(client, "assets", manifestFile), "utf8");
const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));

const sizes = new Map();
const gzipped = (file) => {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(resolve(client, `.${file}`))).length);
  return sizes.get(file);
};
const chain = (id) => {
  const route = manifest.routes[id];
  const own = [route.module, ...(route.imports ?? [])];
  return route.parentId ? own.concat(chain(route.parentId)) : own;
};
const entry = [manifest.entry.module, ...(manifest.entry.imports ?? [])];

/** A route module's `handle`, from its built client module (undefined when it has none or cannot load in Node). */
const handles = new Map();
async function handleOf(id) {
  if (!handles.has(id)) {
    const module = await import(pathToFileURL(resolve(client, `.${manifest.routes[id].module}`)).href).catch(() => ({}));
    handles.set(id, module.handle);
  }
  return handles.get(id);
}
/** ADR 030: the route or a layout above it renders without scripts. */
async function withoutScripts(id) {
  for (let route = id; route; route = manifest.routes[route].parentId) {
    if ((await handleOf(route))?.scripts === false) return true;
  }
  return false;
}

const rows = [];
for (const [id, route] of Object.entries(manifest.routes)) {
  if (!route.hasDefaultExport || id === "root" || (route.path === undefined && !route.index)) continue;
  let total = 0;
  const scriptless = await withoutScripts(id);
  if (!scriptless) for (const file of new Set([...entry, ...chain(id)])) total += gzipped(file);
  const budget = publicRoutes.has(id) ? PUBLIC_BUDGET : MEMBER_BUDGET;
  const limit = Math.max(budget, (LEGACY[id] ?? 0) * KB);
  rows.push({ id, total, budget, limit, scriptless });
}
rows.sort((a, b) => b.total - a.total);
const over = rows.filter((row) => row.total > row.limit);
for (const row of rows) {
  const mark = row.total > row.limit ? "✖" : row.total > row.budget ? "!" : " ";
  const note = row.scriptless ? ", no scripts" : "";
  console.log(`${mark} ${row.id.padEnd(32)} ${(row.total / KB).toFixed(1).padStart(6)} KB  (budget ${row.budget / KB} KB${note})`);
}
if (over.length > 0) {
  console.error(`\n${over.length} page(s) over their first-load JavaScript budget: ${over.map((row) => row.id).join(", ")}`);
  process.exit(1);
}
const heavy = rows.filter((row) => row.total > row.budget).length;
console.log(
  heavy === 0
    ? `\nfirst-load JavaScript: ${rows.length} pages within budget`
    : `\nfirst-load JavaScript: ${heavy} of ${rows.length} pages (!) above the budget, each within its legacy figure (tools/bundle-budget.mjs)`,
);
