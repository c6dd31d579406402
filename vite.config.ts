import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { envOnlyMacros } from "vite-env-only";
import { conformZodMini } from "./tools/vite-plugin-conform-zod-mini";
import { shellChunkName } from "./tools/shell-chunks";
import { jsquashImportMetaUrl } from "./tools/vite-plugin-jsquash";
import { translationAssets } from "./tools/vite-plugin-translation-assets";
import { zodJitless } from "./tools/vite-plugin-zod-jitless";

const shellChunks = shellChunkName(import.meta.dirname);

export default defineConfig({
  // envOnlyMacros: `serverOnly$(…)` is undefined in the client build, its imports gone (the scriptless landers, ADR 030).
  plugins: [
    jsquashImportMetaUrl(),
    envOnlyMacros(),
    conformZodMini(),
    zodJitless(),
    // The browser's translations as cacheable files instead of in every page (ADR 033).
    translationAssets(),
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    reactRouter(),
  ],
  // The path aliases (~, #drizzle, #locales) are tsconfig.json's, defined there once.
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // React, ReactDOM and React Router load on every page together: one file compresses 3 KB
            // better than the five the default splitting makes of them (ADR 028).
            // The code every page of a layout loads, in one file per layout (ADR 034).
            advancedChunks: {
              groups: [
                { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
                { name: shellChunks.shell, priority: 2 },
                { name: shellChunks.layout, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
  server: { port: Number(process.env.PORT ?? 5173), strictPort: true },
});
