/**
 * Two test projects:
 * - unit: pure logic and tools, in Node;
 * - workers: the built Worker (build/server) in workerd through @cloudflare/vitest-plugin, against a
 *   real libSQL server started by tests/workers/global-setup.ts. Run `npm run build` first.
 */
import { fileURLToPath } from "node:url";
import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

const buildDirectory = process.env.BUILD_DIR ?? "build";

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "#drizzle": fileURLToPath(new URL("./drizzle", import.meta.url)),
  "#locales": fileURLToPath(new URL("./locales", import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          environment: "node",
          include: ["app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.ts", "tools/**/*.test.ts", "workers/**/*.test.ts", "drizzle/**/*.test.ts"],
          testTimeout: 60_000,
        },
      },
      {
        resolve: { alias: { ...alias, "#build": fileURLToPath(new URL(`./${buildDirectory}`, import.meta.url)) } },
        plugins: [
          cloudflareTest(({ inject }) => ({
            main: `./${buildDirectory}/server/index.js`,
            wrangler: { configPath: `./${buildDirectory}/server/wrangler.json` },
            miniflare: {
              bindings: {
                DATABASE_URL: inject<string>("databaseUrl"),
                MOLLIE_API_URL: inject<string>("mollieApiUrl"),
                MOLLIE_API_KEY: "test_simulator",
                APP_ENV: "test",
                FORCE_HOST: "",
              },
            },
          })),
        ],
        test: {
          name: "workers",
          include: ["tests/workers/**/*.test.ts"],
          globalSetup: ["tests/workers/global-setup.ts"],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
