import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { withLowPriorityPreloads } from "./vite-plugin-react-router-preload-priority";

const require = createRequire(import.meta.url);
const components = (build: "production" | "development") =>
  readFileSync(join(dirname(require.resolve("react-router")), "..", build, "lib/dom/ssr/components.js"), "utf8");

/** The props of every `<link rel="modulepreload">` element the source creates, in order. */
function preloadProps(code: string): string[] {
  return [...code.matchAll(/createElement\("link", \{[^}]*rel: "modulepreload",[^}]*\}/g)].map(([props]) => props);
}

describe("React Router's <Scripts> with low-priority module preloads (tests/workers checks the served page)", () => {
  for (const build of ["production", "development"] as const) {
    it(`asks for the entry's, the manifest's and the routes' modules at low priority (${build} build)`, () => {
      const original = components(build);
      const patched = withLowPriorityPreloads(original);
      const scriptsStart = patched.indexOf("function Scripts(");
      const inScripts = preloadProps(patched.slice(scriptsStart));
      expect(inScripts).toHaveLength(3);
      for (const props of inScripts) expect(props).toContain('fetchPriority: "low"');
      // Prefetching another page's modules (<PrefetchPageLinks>) keeps the browser's own priority.
      expect(preloadProps(patched.slice(0, scriptsStart)).join()).toBe(
        preloadProps(original.slice(0, original.indexOf("function Scripts("))).join(),
      );
    });
  }

  it("refuses a React Router whose <Scripts> changed, instead of building it unchanged", () => {
    const original = components("production");
    expect(() => withLowPriorityPreloads(original.replace("function Scripts(scriptProps) {", "function Scripts(props) {"))).toThrow(
      /not found/,
    );
    expect(() =>
      withLowPriorityPreloads(original.replace('rel: "modulepreload",\n\t\thref: manifest.url', 'rel: "preload",\n\t\thref: manifest.url')),
    ).toThrow(/renders 2 module preloads, expected 3/);
  });
});
