/**
 * Browser tests against the real app: `tools/start.mjs` serves the built Worker in workerd with a
 * fresh, seeded database; Debian's Chromium drives it (no browser download works here).
 */
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 8790);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    trace: "off",
  },
  webServer: {
    command: "node tools/start.mjs",
    url: `http://localhost:${port}/api/companyinfo.php`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: String(port),
      LIBSQL_PORT: process.env.E2E_LIBSQL_PORT ?? "8791",
      MOLLIE_PORT: process.env.E2E_MOLLIE_PORT ?? "8792",
      DATA_FILE: process.env.E2E_DATA_FILE ?? ".data/e2e.db",
      FRESH_DATABASE: "1",
      PERSIST_TO: process.env.E2E_PERSIST_TO ?? ".wrangler/e2e-state",
      SEED_PROFILES: "120",
      SKIP_BUILD: process.env.SKIP_BUILD ?? "",
    },
  },
});
