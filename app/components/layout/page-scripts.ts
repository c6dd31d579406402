/**
 * Pages that work without JavaScript and ship none (ADR 030): a route (or its layout) says so with
 * `export const handle = { scripts: false }`, and the document then leaves out React Router's
 * scripts and the hydration data. Links and plain form posts do the work; tools/bundle-budget.mjs
 * reads the same `handle` from the built route modules and counts such pages as 0 KB.
 */
export type ScriptsHandle = {
  scripts?: boolean;
  /**
   * The page sends the page-hidden beacon of product.md §7: one small inline script that
   * app/http/document.server.ts adds (app/acquisition/page-hidden-beacon.server.ts).
   */
  pageHiddenBeacon?: boolean;
};

/** Whether the page of these matched routes loads React Router's scripts (and so hydrates). */
export function pageLoadsScripts(matches: readonly { handle?: unknown }[]): boolean {
  return !matches.some((match) => (match.handle as ScriptsHandle | undefined)?.scripts === false);
}
