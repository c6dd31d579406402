import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { jsquashImportMetaUrl } from "./tools/vite-plugin-jsquash";

export default defineConfig({
  plugins: [jsquashImportMetaUrl(), cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter()],
  // The path aliases (~, #drizzle, #locales) are tsconfig.json's, defined there once.
  resolve: {
    tsconfigPaths: true,
    // zod without run-time code generation (CSP: no eval); the module says why.
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL("./app/utils/zod-jitless.ts", import.meta.url)) }],
  },
  server: { port: Number(process.env.PORT ?? 5173), strictPort: true },
});
