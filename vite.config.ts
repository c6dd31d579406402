import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { envOnlyMacros } from "vite-env-only";
import { conformZodMini } from "./tools/vite-plugin-conform-zod-mini";
import { clientChunkGroups } from "./tools/client-chunks";
import { jsquashImportMetaUrl } from "./tools/vite-plugin-jsquash";
import { reactDomStringChunks } from "./tools/vite-plugin-react-dom-string-chunks";
import { reactRouterDeferredScripts } from "./tools/vite-plugin-react-router-deferred-scripts";
import { translationAssets } from "./tools/vite-plugin-translation-assets";
import { staticHref } from "./tools/vite-plugin-static-href";
import { zodJitless } from "./tools/vite-plugin-zod-jitless";

/** This build's id: part of the edge cache's keys, so a deploy never serves an older build's pages (ADR 048). */
const buildId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  // envOnlyMacros: `serverOnly$(…)` is undefined in the client build, its imports gone (the scriptless landers, ADR 030).
  plugins: [
    jsquashImportMetaUrl(),
    envOnlyMacros(),
    conformZodMini(),
    zodJitless(),
    // React's HTML as strings until each flush: one encode per flush instead of one per attribute (ADR 035).
    reactDomStringChunks(),
    // React Router's scripts start once the page has painted and its first photos have loaded (ADR 063).
    reactRouterDeferredScripts(),
    // The browser's translations as cacheable files instead of in every page (ADR 033).
    translationAssets(),
    // Typed addresses written out where they are used: href() costs a page nothing (ADR 058).
    staticHref(),
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    reactRouter(),
  ],
  // The path aliases (~, #drizzle, #locales) are tsconfig.json's, defined there once.
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        // CLIENT_SOURCEMAP=1: source maps for profiling the browser's work with real names (never deployed).
        sourcemap: process.env.CLIENT_SOURCEMAP === "1",
        rolldownOptions: {
          output: {
            // Modules that load together in one file: fewer round trips on a phone (ADR 028, ADR 034).
            advancedChunks: { groups: clientChunkGroups(import.meta.dirname) },
          },
        },
      },
    },
  },
  server: { port: Number(process.env.PORT ?? 5173), strictPort: true },
});
