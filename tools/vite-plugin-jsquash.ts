/**
 * jSquash's codec glue (Emscripten and wasm-bindgen output) contains, for Workers,
 * `if (import.meta.url === undefined) import.meta.url = "https://localhost";`. The app never needs
 * that URL: it hands the glue compiled WebAssembly modules and a `locateFile`
 * (app/photos/codecs.server.ts). But the assignment breaks the workerd test pool: when
 * @cloudflare/vitest-plugin loads the built Worker it replaces every `import.meta.url` with a
 * string literal, and `"file:///…" = "https://localhost"` is a SyntaxError that takes the whole
 * server bundle down. This build step turns the assignment into `void 0`.
 */
import type { Plugin } from "vite";

const ASSIGNMENT = /import\.meta\.url\s*=\s*(["'])https:\/\/localhost\1/g;

export function jsquashImportMetaUrl(): Plugin {
  return {
    name: "jsquash-import-meta-url",
    enforce: "pre",
    transform(code, id) {
      if (!id.includes("/@jsquash/") || !ASSIGNMENT.test(code)) return null;
      ASSIGNMENT.lastIndex = 0;
      return { code: code.replace(ASSIGNMENT, "void 0"), map: null };
    },
  };
}
