/**
 * React Router's `<Scripts>` writes a `<link rel="modulepreload">` for the entry, the manifest
 * and every module of the matched routes, and takes no attribute for them. A page's scripts should
 * wait behind what its first paint needs (the stylesheet, the font, the first photos; ADR 034), so
 * this build step gives those three elements `fetchPriority: "low"`, as react-dom/server does for
 * its own bootstrap modules. Before, the Worker's HTMLRewriter set the attribute on every page it
 * served: a handler on each preload link, about 0.3 ms of CPU per page (ADR 035).
 *
 * The server and the client render the same elements (hydration leaves them alone either way:
 * they carry `suppressHydrationWarning`). Vite's dependency optimizer bundles React Router for
 * `npm run dev` without build plugins, so only builds carry the attribute. The step fails the
 * build when `<Scripts>` no longer renders the three preloads, rather than quietly doing nothing.
 */
import { sourcePatch } from "./vite-source-patch";

const FILE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/](production|development)[\\/]lib[\\/]dom[\\/]ssr[\\/]components\.js$/;

const SCRIPTS_START = "function Scripts(scriptProps) {";
const PRELOAD = 'rel: "modulepreload",';
/** The manifest's (without route discovery), the entry's and one per matched route module. */
const PRELOADS_IN_SCRIPTS = 3;

/** components.js with `<Scripts>`' module preloads at low priority; throws when its shape changed. */
export function withLowPriorityPreloads(code: string): string {
  const start = code.indexOf(SCRIPTS_START);
  if (start === -1) throw new Error(`react-router-preload-priority: "${SCRIPTS_START}" not found`);
  const next = code.indexOf("\nfunction ", start + SCRIPTS_START.length);
  const end = next === -1 ? code.length : next;
  const scripts = code.slice(start, end);
  const found = scripts.split(PRELOAD).length - 1;
  if (found !== PRELOADS_IN_SCRIPTS)
    throw new Error(`react-router-preload-priority: <Scripts> renders ${found} module preloads, expected ${PRELOADS_IN_SCRIPTS}`);
  if (scripts.includes("fetchPriority")) throw new Error("react-router-preload-priority: <Scripts> sets a fetchPriority of its own now");
  return code.slice(0, start) + scripts.replaceAll(PRELOAD, `${PRELOAD} fetchPriority: "low",`) + code.slice(end);
}

export const reactRouterPreloadPriority = () => sourcePatch("react-router-preload-priority", FILE, withLowPriorityPreloads);
