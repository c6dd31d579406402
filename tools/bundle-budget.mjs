#!/usr/bin/env node
/**
 * First-load JavaScript per route of the client build (gzip): what a phone downloads before a page
 * works. Budgets: 100 KB on public pages (what visitors from an ad see first), 150 KB elsewhere.
 * Reads build/client (BUILD_DIR), prints every page's figure and exits 1 when one is over budget.
 * Part of `npm test`, after the build.
 *
 * The pages in LEGACY (public pages: the framework alone is above 100 KB, ADR 028) are over budget
 * today; each may not grow past its figure there. Every other page, and so every new one, must keep
 * its budget. Take a page out of LEGACY once it fits.
 *
 * A page whose route or layout says `handle = { scripts: false }` (the landers, ADR 030) is served
 * without React Router's scripts: it loads no script file, and counts only the inline page-hidden
 * beacon when its handle asks for one (`pageHiddenBeacon: true`; app/acquisition/page-hidden-beacon.inline.js,
 * a few hundred bytes). The handle is read from the built route modules themselves, the same value
 * app/root.tsx reads to leave the scripts out and app/entry.server.tsx reads to add the beacon.
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
// Only public pages are left (ADR 028): React, ReactDOM and React Router alone weigh about 106 KB, so a
// hydrated page cannot reach 100 KB; these figures only go down. (Six went up by 0.2 KB once, for
// the reload after a failed chunk load of product.md §9, which every page needs; login by 0.1 KB for
// the landers' routes in the route manifest every page loads.)
const LEGACY = {
  signup: 149,
  "complete-signup": 141,
  login: 140,
  "reset-password-do": 139,
  "reset-password": 139,
  index: 120,
  pricing: 120,
  "activate-done": 119,
  "account-deleted": 119,
  "account-recover": 119,
  "signup-matches": 119,
  activate: 118,
  "activate-error": 118,
  "pages-page": 118,
  "not-found": 118,
  "lang-config": 113,
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
/** ADR 030: whether the route or a layout above it says `key: value` in its handle. */
async function handleSays(id, key, value) {
  for (let route = id; route; route = manifest.routes[route].parentId) {
    if ((await handleOf(route))?.[key] === value) return true;
  }
  return false;
}
/** The inline page-hidden beacon, as app/http/document.server.ts writes it into the page (gzip). */
const beacon = gzipSync(readFileSync(resolve(root, "app/acquisition/page-hidden-beacon.inline.js"), "utf8").trim()).length;

const rows = [];
for (const [id, route] of Object.entries(manifest.routes)) {
  if (!route.hasDefaultExport || id === "root" || (route.path === undefined && !route.index)) continue;
  let total = 0;
  const scriptless = await handleSays(id, "scripts", false);
  const inline = (await handleSays(id, "pageHiddenBeacon", true)) ? beacon : 0;
  if (scriptless) total = inline;
  else for (const file of new Set([...entry, ...chain(id)])) total += gzipped(file);
  const budget = publicRoutes.has(id) ? PUBLIC_BUDGET : MEMBER_BUDGET;
  const limit = Math.max(budget, (LEGACY[id] ?? 0) * KB);
  rows.push({ id, total, budget, limit, scriptless, inline });
}
rows.sort((a, b) => b.total - a.total);
const over = rows.filter((row) => row.total > row.limit);
for (const row of rows) {
  const mark = row.total > row.limit ? "✖" : row.total > row.budget ? "!" : " ";
  const note = row.scriptless ? (row.inline ? `, no script files, inline beacon ${row.inline} B` : ", no scripts") : "";
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
