/**
 * Pages that work without React Router's scripts (ADR 030, ADR 032). A route (or its layout) says so
 * in its `handle`:
 * - `scripts: false`: never (the landers);
 * - `scripts: "signed-in"`: only for a signed-in member; a visitor gets plain HTML (the public pages).
 * Such a document leaves out the scripts and the hydration data. Links and plain form posts do the
 * work; what needs a script has a small inline one of its own (`inlineScripts`, each a
 * `<name>.inline.js` file that app/http/inline-scripts.server.ts writes into the page with its CSP
 * nonce), only on documents without React Router's scripts. tools/bundle-budget.mjs reads the same
 * `handle` from the built route modules.
 */
export type ScriptsHandle = {
  scripts?: boolean | "signed-in";
  /** The inline scripts a document of this route needs when it loads no scripts (by their file's name). */
  inlineScripts?: readonly InlineScript[];
};

/** The `*.inline.js` files, by name (app/**\/<name>.inline.js). */
export type InlineScript = "entry-warning" | "language-menu" | "signup-dialog" | "passkey-login" | "activate" | "start-scripts";

type Matched = readonly { handle?: unknown }[];

const handleOf = (match: { handle?: unknown }) => match.handle as ScriptsHandle | undefined;

/** Whether the page of these matched routes loads React Router's scripts (and so hydrates) for this request. */
export function pageLoadsScripts(matches: Matched, signedIn: boolean): boolean {
  return !matches.some((match) => {
    const scripts = handleOf(match)?.scripts;
    return scripts === false || (scripts === "signed-in" && !signedIn);
  });
}

/**
 * What a route module renders: in the browser the document has hydrated already (a page without
 * scripts never renders there, a client-side navigation keeps them), so it keeps React Router's
 * scripts whatever the new page's routes say.
 */
export function renderedWithScripts(matches: Matched, signedIn: boolean): boolean {
  return typeof document !== "undefined" || pageLoadsScripts(matches, signedIn);
}

/**
 * The inline scripts of a document: without React Router's scripts, those its routes list; with
 * them, the one that starts them once the page has painted and its first photos have loaded (ADR 063).
 */
export function pageInlineScripts(matches: Matched, signedIn: boolean): InlineScript[] {
  if (pageLoadsScripts(matches, signedIn)) return ["start-scripts"];
  return [...new Set(matches.flatMap((match) => handleOf(match)?.inlineScripts ?? []))];
}
