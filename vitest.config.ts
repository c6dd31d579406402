/**
 * Two test projects:
 * - unit: pure logic and tools, in Node;
 * - workers: the built Worker (build/server) in workerd through @cloudflare/vitest-plugin, against a
 *   real libSQL server started by tests/workers/global-setup.ts. Run `npm run build` first.
 */
import { fileURLToPath } from "node:url";
import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { conformZodMini } from "./tools/vite-plugin-conform-zod-mini";

const buildDirectory = process.env.BUILD_DIR ?? "build";

/** The path aliases (~, #drizzle, #locales) are tsconfig.json's, defined there once. */
const resolve = { tsconfigPaths: true };

export default defineConfig({
  resolve,
  test: {
    projects: [
      {
        resolve,
        // Conform's coercion on zod/mini, as in the build (ADR 028).
        plugins: [conformZodMini()],
        test: {
          name: "unit",
          environment: "node",
          include: [
            "app/**/*.test.{ts,tsx}",
            "tests/unit/**/*.test.ts",
            "tools/**/*.test.ts",
            "workers/**/*.test.ts",
            "drizzle/**/*.test.ts",
          ],
          testTimeout: 60_000,
        },
      },
      {
        resolve: { ...resolve, alias: { "#build": fileURLToPath(new URL(`./${buildDirectory}`, import.meta.url)) } },
        plugins: [
          cloudflareTest(({ inject }) => ({
            main: `./${buildDirectory}/server/index.js`,
            wrangler: { configPath: `./${buildDirectory}/server/wrangler.json` },
            miniflare: {
              bindings: {
                DATABASE_URL: inject<string>("databaseUrl"),
                // Only tests/workers/database-outage.test.ts hands this to the Worker, in place of DATABASE_URL.
                FAULTY_DATABASE_URL: inject<string>("faultyDatabaseUrl"),
                // Only tests/workers/round-trip-budget.test.ts hands this to the Worker: it counts round trips.
                ROUND_TRIP_DATABASE_URL: inject<string>("roundTripDatabaseUrl"),
                MOLLIE_API_URL: inject<string>("mollieApiUrl"),
                MOLLIE_API_KEY: "test_simulator",
                APP_ENV: "test",
                FORCE_HOST: "",
                // The mail provider's webhook secret (base64 of "test-secret-for-the-mail-webhook").
                MAIL_WEBHOOK_SECRET: "whsec_dGVzdC1zZWNyZXQtZm9yLXRoZS1tYWlsLXdlYmhvb2s=",
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
