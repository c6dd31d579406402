/**
 * React Router's `<Scripts>` writes a `<link rel="modulepreload">` for the entry, the manifest and
 * every module of the matched routes (React hoists them into <head>), and a `<script type="module">`
 * that imports the routes and starts the entry. A phone would fetch and run those 120–150 KB while
 * it still paints the page and loads its first photos, which then wait for the bandwidth and the
 * main thread (issue 34). This build step makes the four elements inert as the server writes them:
 * the preloads' `rel` and the module script's `type` become values a browser does not act on
 * (app/browser/deferred-scripts.ts). app/browser/start-scripts.inline.js, at the end of the page,
 * makes real ones once the page has painted and its first photos have loaded (ADR 063).
 *
 * The server and the client render the same elements, so hydration finds what it made. Vite's
 * dependency optimizer bundles React Router for `npm run dev` without build plugins: there the
 * scripts start at once, as React Router writes them. The step fails the build when `<Scripts>` no
 * longer renders the three preloads and the one module script, rather than quietly doing nothing.
 */
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL } from "../app/browser/deferred-scripts";
import { sourcePatch } from "./vite-source-patch";

const FILE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/](production|development)[\\/]lib[\\/]dom[\\/]ssr[\\/]components\.js$/;

const SCRIPTS_START = "function Scripts(scriptProps) {";
const PRELOAD = 'rel: "modulepreload",';
/** The manifest's (without route discovery), the entry's and one per matched route module. */
const PRELOADS_IN_SCRIPTS = 3;
const MODULE_SCRIPT = 'type: "module",';

/** components.js with `<Scripts>`' module preloads and module script inert; throws when its shape changed. */
export function withDeferredScripts(code: string): string {
  const start = code.indexOf(SCRIPTS_START);
  if (start === -1) throw new Error(`react-router-deferred-scripts: "${SCRIPTS_START}" not found`);
  const next = code.indexOf("\nfunction ", start + SCRIPTS_START.length);
  const end = next === -1 ? code.length : next;
  const scripts = code.slice(start, end);
  const preloads = scripts.split(PRELOAD).length - 1;
  if (preloads !== PRELOADS_IN_SCRIPTS)
    throw new Error(`react-router-deferred-scripts: <Scripts> renders ${preloads} module preloads, expected ${PRELOADS_IN_SCRIPTS}`);
  const modules = scripts.split(MODULE_SCRIPT).length - 1;
  if (modules !== 1) throw new Error(`react-router-deferred-scripts: <Scripts> renders ${modules} module scripts, expected 1`);
  const patched = scripts
    .replaceAll(PRELOAD, `rel: ${JSON.stringify(DEFERRED_PRELOAD_REL)},`)
    .replace(MODULE_SCRIPT, `type: ${JSON.stringify(DEFERRED_MODULE_TYPE)},`);
  return code.slice(0, start) + patched + code.slice(end);
}

export const reactRouterDeferredScripts = () => sourcePatch("react-router-deferred-scripts", FILE, withDeferredScripts);
