import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#drizzle": fileURLToPath(new URL("./drizzle", import.meta.url)),
      "#locales": fileURLToPath(new URL("./locales", import.meta.url)),
    },
  },
  server: { port: Number(process.env.PORT ?? 5173), strictPort: true },
});
