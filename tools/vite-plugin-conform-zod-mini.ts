/**
 * Conform's zod adapter (@conform-to/zod/v4) builds its form-value coercion with four functions of
 * classic zod (`lazy`, `optional`, `pipe`, `transform` from "zod/v4"), and importing any classic
 * function brings all of classic zod (about 18 KB gzip) into the browser. zod/mini has the same four
 * functions over the same core, so the adapter's coercion behaves the same with them; this build
 * step resolves the adapter's "zod/v4" to "zod/mini", in the browser and on the server alike, so a
 * form validates the same way on both sides (ADR 028). Every other import of zod is left alone.
 */
import type { Plugin } from "vite";

export function conformZodMini(): Plugin {
  return {
    name: "conform-zod-mini",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== "zod/v4" || !importer?.includes("/@conform-to/zod/")) return null;
      return this.resolve("zod/mini", importer, { skipSelf: true });
    },
  };
}
