#!/usr/bin/env node
/**
 * First-load JavaScript per route of the client build (gzip): what a phone downloads before a page
 * works. Budgets: 100 KB on public pages (what visitors from an ad see first), 150 KB elsewhere.
 * Reads build/client (BUILD_DIR), prints every page's figure and exits 1 when one is over budget.
 * Part of `npm test`, after the build.
 *
 * Every page still ships React, the router, i18next and — through the signup modal of the default
 * layout — zod and Conform (about 180 KB), so the budgets are not met yet. Until that is mended, a
 * page fails only above LEGACY_CEILING, the heaviest page when the budgets were written down: no
 * new page may weigh more than the pages there were. Lower it as pages get lighter; at 0 the
 * budgets hold everywhere.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const client = resolve(root, process.env.BUILD_DIR ?? "build", "client");
const KB = 1024;
const MEMBER_BUDGET = 150 * KB;
const PUBLIC_BUDGET = 100 * KB;
const LEGACY_CEILING = 192 * KB;

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

const rows = [];
for (const [id, route] of Object.entries(manifest.routes)) {
  if (!route.hasDefaultExport || id === "root" || (route.path === undefined && !route.index)) continue;
  let total = 0;
  for (const file of new Set([...entry, ...chain(id)])) total += gzipped(file);
  const budget = publicRoutes.has(id) ? PUBLIC_BUDGET : MEMBER_BUDGET;
  rows.push({ id, total, budget });
}
rows.sort((a, b) => b.total - a.total);
const over = rows.filter((row) => row.total > Math.max(row.budget, LEGACY_CEILING));
for (const row of rows) {
  const mark = row.total > Math.max(row.budget, LEGACY_CEILING) ? "✖" : row.total > row.budget ? "!" : " ";
  console.log(`${mark} ${row.id.padEnd(28)} ${(row.total / KB).toFixed(1).padStart(6)} KB  (budget ${row.budget / KB} KB)`);
}
if (over.length > 0) {
  console.error(`\n${over.length} page(s) over their first-load JavaScript budget: ${over.map((row) => row.id).join(", ")}`);
  process.exit(1);
}
const heavy = rows.filter((row) => row.total > row.budget).length;
console.log(
  heavy === 0
    ? `\nfirst-load JavaScript: ${rows.length} pages within budget`
    : `\nfirst-load JavaScript: ${heavy} of ${rows.length} pages (!) above the budget but within the legacy ceiling of ${LEGACY_CEILING / KB} KB`,
);
