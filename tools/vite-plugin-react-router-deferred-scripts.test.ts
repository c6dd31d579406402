import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL } from "../app/browser/deferred-scripts";
import { withDeferredScripts } from "./vite-plugin-react-router-deferred-scripts";

const require = createRequire(import.meta.url);
const components = (build: "production" | "development") =>
  readFileSync(join(dirname(require.resolve("react-router")), "..", build, "lib/dom/ssr/components.js"), "utf8");

/** The `rel` of every `<link>` element the source creates with one, in order. */
const linkRels = (code: string) => [...code.matchAll(/createElement\("link", \{[^}]*rel: "([^"]+)",/g)].map(([, rel]) => rel);
/** How many elements the source gives this `type`. */
const typed = (code: string, type: string) => code.split(`type: ${JSON.stringify(type)},`).length - 1;

describe("React Router's <Scripts> written inert until the page starts them (ADR 063; tests/workers checks the served page)", () => {
  for (const build of ["production", "development"] as const) {
    it(`makes the entry's, the manifest's and the routes' preloads and the module script inert (${build} build)`, () => {
      const original = components(build);
      const patched = withDeferredScripts(original);
      const scriptsStart = patched.indexOf("function Scripts(");
      const inScripts = patched.slice(scriptsStart, patched.indexOf("\nfunction ", scriptsStart + 1));
      expect(linkRels(inScripts)).toEqual([DEFERRED_PRELOAD_REL, DEFERRED_PRELOAD_REL, DEFERRED_PRELOAD_REL]);
      expect(typed(inScripts, DEFERRED_MODULE_TYPE)).toBe(1);
      expect(typed(inScripts, "module")).toBe(0);
      // Prefetching another page's modules (<PrefetchPageLinks>) is left as it is.
      expect(linkRels(patched.slice(0, scriptsStart))).toEqual(linkRels(original.slice(0, original.indexOf("function Scripts("))));
    });
  }

  it("refuses a React Router whose <Scripts> changed, instead of building it unchanged", () => {
    const original = components("production");
    expect(() => withDeferredScripts(original.replace("function Scripts(scriptProps) {", "function Scripts(props) {"))).toThrow(
      /not found/,
    );
    expect(() =>
      withDeferredScripts(original.replace('rel: "modulepreload",\n\t\thref: manifest.url', 'rel: "preload",\n\t\thref: manifest.url')),
    ).toThrow(/renders 2 module preloads, expected 3/);
    expect(() => withDeferredScripts(original.replace('type: "module",', 'type: "text/javascript",'))).toThrow(
      /renders 0 module scripts, expected 1/,
    );
  });

  it("starts what it made inert: the inline script looks for the same values", () => {
    const source = (path: string) => readFileSync(join(import.meta.dirname, "..", path), "utf8");
    const starter = source("app/browser/start-scripts.inline.js");
    // The translations file's preload (app/i18n/translation-link.tsx, a component: read as text here).
    const translations = source("app/i18n/translation-link.tsx").match(/TRANSLATIONS_DEFERRED_REL = "([^"]+)"/)?.[1];
    expect(translations).toBeTruthy();
    for (const value of [DEFERRED_PRELOAD_REL, DEFERRED_MODULE_TYPE, translations]) expect(starter).toContain(`"${value}"`);
  });
});
