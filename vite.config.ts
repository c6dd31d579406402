import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { jsquashImportMetaUrl } from "./tools/vite-plugin-jsquash";

export default defineConfig({
  plugins: [jsquashImportMetaUrl(), cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#drizzle": fileURLToPath(new URL("./drizzle", import.meta.url)),
      "#locales": fileURLToPath(new URL("./locales", import.meta.url)),
    },
  },
  server: { port: Number(process.env.PORT ?? 5173), strictPort: true },
});
