#!/usr/bin/env node
/**
 * First-load JavaScript per route of the client build (gzip): what a phone downloads before a page
 * works. Budgets: 100 KB on public pages (what visitors from an ad see first), 150 KB elsewhere.
 * Reads build/client (BUILD_DIR), prints every page's figure and exits 1 when one is over budget.
 * Part of `npm test`, after the build.
 *
 * React, ReactDOM and React Router alone weigh about 106 KB (ADR 028), so a public page reaches
 * 100 KB only without them: its route (or layout) says so in its `handle` (ADR 030, ADR 032).
 * - `scripts: false` (the landers): never any script file. Counted as its inline scripts only.
 * - `scripts: "signed-in"` (the other public pages): plain HTML for visitors, hydrated for a
 *   signed-in member. Counted twice: the visitor's figure (its inline scripts) against 100 KB, and
 *   the member's (the full first load) against 150 KB; both are printed.
 * Inline scripts are the `<name>.inline.js` files under app/ that app/http/document.server.ts writes
 * into such a page as they are: those the matched routes list in `inlineScripts`, and the
 * page-hidden beacon, which every page carries (product.md §7). The handles are read from the built
 * route modules themselves, the same values app/root.tsx reads to leave the scripts out and
 * app/entry.server.tsx reads to add the inline ones, so a page cannot claim to be script-free
 * without really being so.
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
/** Pages a visitor reaches without an account. */
const publicRoutes = new Set([
  "index",
  "pricing",
  "pages-page",
  "login",
  "signup",
  "reset-password",
  "reset-password-do",
  "activate",
  "activate-error",
  "account-deleted",
  "account-recover",
  "lang-config",
  "not-found",
  // Short links; an unknown one is the 404
  "token",
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
/** The route and the layouts above it, from the page up. */
function lineage(id) {
  const ids = [];
  for (let route = id; route; route = manifest.routes[route].parentId) ids.push(route);
  return ids;
}
/** The `*.inline.js` files under app/, by name, gzipped as app/http/inline-scripts.server.ts writes them. */
const inlineScripts = new Map(
  readdirSync(resolve(root, "app"), { recursive: true })
    .filter((file) => file.endsWith(".inline.js"))
    .map((file) => [
      file.slice(file.lastIndexOf("/") + 1, -".inline.js".length),
      gzipSync(readFileSync(resolve(root, "app", file), "utf8").trim()).length,
    ]),
);
/** What a page without React Router's scripts loads: its inline scripts (gzip bytes). */
async function inlineBytes(id) {
  const handlesHere = await Promise.all(lineage(id).map(handleOf));
  const names = new Set(handlesHere.flatMap((handle) => handle?.inlineScripts ?? []));
  names.add("page-hidden-beacon");
  let total = 0;
  for (const name of names) {
    if (!inlineScripts.has(name)) throw new Error(`${id}: no app/**/${name}.inline.js`);
    total += inlineScripts.get(name);
  }
  return total;
}
/** How the page loads scripts: "never" (`scripts: false`), "members" (`scripts: "signed-in"`) or "always". */
async function scriptsOf(id) {
  const values = (await Promise.all(lineage(id).map(handleOf))).map((handle) => handle?.scripts);
  if (values.includes(false)) return "never";
  return values.includes("signed-in") ? "members" : "always";
}

const rows = [];
for (const [id, route] of Object.entries(manifest.routes)) {
  if (!route.hasDefaultExport || id === "root" || (route.path === undefined && !route.index)) continue;
  const scripts = await scriptsOf(id);
  const inline = scripts === "always" ? 0 : await inlineBytes(id);
  let full = 0;
  for (const file of new Set([...entry, ...chain(id)])) full += gzipped(file);
  // A hydrated page also carries the inline script that starts its scripts (ADR 063).
  full += inlineScripts.get("start-scripts") ?? 0;
  const budget = publicRoutes.has(id) ? PUBLIC_BUDGET : MEMBER_BUDGET;
  if (scripts === "never") rows.push({ id, total: inline, budget, note: ", no script files" });
  else if (scripts === "always") rows.push({ id, total: full, budget, note: "" });
  else {
    // A signed-in member's figure is a member page's: against 150 KB.
    rows.push({ id, total: inline, budget, note: ", a visitor's: no script files" });
    rows.push({ id: `${id} (member)`, total: full, budget: MEMBER_BUDGET, note: ", a signed-in member's" });
  }
  if (inline > 0) rows.at(scripts === "members" ? -2 : -1).note += `, inline ${inline} B`;
}
rows.sort((a, b) => b.total - a.total);
const over = rows.filter((row) => row.total > row.budget);
for (const row of rows) {
  const mark = row.total > row.budget ? "✖" : " ";
  console.log(`${mark} ${row.id.padEnd(34)} ${(row.total / KB).toFixed(1).padStart(6)} KB  (budget ${row.budget / KB} KB${row.note})`);
}
if (over.length > 0) {
  console.error(`\n${over.length} page(s) over their first-load JavaScript budget: ${over.map((row) => row.id).join(", ")}`);
  process.exit(1);
}
console.log(`\nfirst-load JavaScript: ${rows.length} figures within budget`);
