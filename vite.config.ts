import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { conformZodMini } from "./tools/vite-plugin-conform-zod-mini";
import { jsquashImportMetaUrl } from "./tools/vite-plugin-jsquash";

export default defineConfig({
  plugins: [jsquashImportMetaUrl(), conformZodMini(), cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter()],
  // The path aliases (~, #drizzle, #locales) are tsconfig.json's, defined there once.
  resolve: { tsconfigPaths: true },
  server: { port: Number(process.env.PORT ?? 5173), strictPort: true },
});
