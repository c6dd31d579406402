import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { envOnlyMacros } from "vite-env-only";
import { jsquashImportMetaUrl } from "./tools/vite-plugin-jsquash";

export default defineConfig({
  // envOnlyMacros: `serverOnly$(…)` is undefined in the client build, its imports gone (the scriptless landers, ADR 030).
  plugins: [jsquashImportMetaUrl(), envOnlyMacros(), cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter()],
  // The path aliases (~, #drizzle, #locales) are tsconfig.json's, defined there once.
  resolve: { tsconfigPaths: true },
  server: { port: Number(process.env.PORT ?? 5173), strictPort: true },
});
