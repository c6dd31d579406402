#!/usr/bin/env node
/**
 * `npm start`: the whole app on this machine, served by the Worker in workerd.
 *
 * 1. starts the local libSQL server (Hrana over HTTP) on `.data/local.db` (LIBSQL_PORT, default 8080);
 * 2. applies the migrations (drizzle-kit, dialect turso) and seeds a new database;
 * 3. starts the Mollie simulator (tools/mollie-simulator) on MOLLIE_PORT (default 8092), unless
 *    MOLLIE_API_URL names another Mollie API;
 * 4. builds the app and serves it with `wrangler dev` on PORT (default 8787) — or, with `--dev`,
 *    runs the Vite dev server (hot reload, same workerd runtime).
 *
 * Environment: PORT, LIBSQL_PORT, MOLLIE_PORT, MOLLIE_API_URL, MOLLIE_API_KEY, DATA_FILE (database file), SEED_PROFILES (profiles in a new database), BROWSE_LIMITS (off: no browsing limits),
 * FRESH_DATABASE=1 (start from an empty database), SKIP_BUILD=1 (serve the existing build),
 * BUILD_DIR (build output folder, default build), PERSIST_TO (workerd state folder, default .wrangler/state),
 * DB_LATENCY_MS (the database at a production distance: every exchange of the Worker with it held
 * this long each way by tools/distance-proxy.mjs; docs/performance.md "Production distances").
 */
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { latencyFromEnvironment, startDistanceProxy } from "./distance-proxy.mjs";
import { startLibsqlServer } from "./libsql-server/server.mjs";
import { startMollieSimulator } from "./mollie-simulator/server.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? (dev ? 5173 : 8787));
const libsqlPort = Number(process.env.LIBSQL_PORT ?? 8080);
const molliePort = Number(process.env.MOLLIE_PORT ?? 8092);
const dataFile = resolve(root, process.env.DATA_FILE ?? ".data/local.db");
const seedProfiles = process.env.SEED_PROFILES ?? "2000";
const latencyMs = latencyFromEnvironment();
/** Local state of workerd (R2 photos); browser tests use their own folder. */
const persistTo = process.env.PERSIST_TO ?? ".wrangler/state";

/** Runs an npm-installed binary and resolves when it exits with 0. */
function run(command, args, env = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolvePromise() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

const bin = (name) => resolve(root, "node_modules/.bin", name);

async function main() {
  mkdirSync(dirname(dataFile), { recursive: true });
  if (process.env.FRESH_DATABASE) {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(dataFile + suffix, { force: true });
  }
  const database = await startLibsqlServer({ file: dataFile, port: libsqlPort, log: (m) => process.env.DEBUG && console.error(m) });
  const dbEnv = { DATABASE_URL: database.url };
  console.log(`libSQL server: ${database.url} (${dataFile})`);

  await run(bin("drizzle-kit"), ["migrate"], dbEnv);
  await run(bin("tsx"), ["drizzle/seed.ts", "--if-empty", "--profiles", seedProfiles, "--persist-to", persistTo], dbEnv);

  // Migrations and the seed talk to the server directly; only the Worker's exchanges cross the distance.
  const distance = latencyMs > 0 ? await startDistanceProxy({ target: database.url, latencyMs }) : null;
  const workerDatabaseUrl = distance?.url ?? database.url;
  if (distance) console.log(`Database at a distance: ${latencyMs} ms each way (${distance.url} → ${database.url})`);

  const mollie = process.env.MOLLIE_API_URL
    ? null
    : await startMollieSimulator({ port: molliePort, log: (m) => process.env.DEBUG && console.error(m) });
  const mollieApiUrl = process.env.MOLLIE_API_URL ?? mollie.apiUrl;
  const mollieApiKey = process.env.MOLLIE_API_KEY ?? "test_simulator";
  if (mollie) console.log(`Mollie simulator: ${mollie.url}`);

  const env = {
    DATABASE_URL: workerDatabaseUrl,
    WRANGLER_SEND_METRICS: "false",
    // Miniflare would fetch a real `request.cf` from workers.cloudflare.com at every start (an error
    // printed offline); the app reads the visitor's country from CF-IPCountry in development anyway.
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    CLOUDFLARE_VARS_DATABASE_URL: workerDatabaseUrl,
    CLOUDFLARE_VARS_MOLLIE_API_URL: mollieApiUrl,
    CLOUDFLARE_VARS_MOLLIE_API_KEY: mollieApiKey,
    CLOUDFLARE_VARS_LOCAL_PORT: String(port),
  };
  let server;
  if (dev) {
    server = spawn(bin("react-router"), ["dev", "--port", String(port), "--strictPort"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, ...env },
    });
  } else {
    if (!process.env.SKIP_BUILD) await run(bin("react-router"), ["build"]);
    server = spawn(
      bin("wrangler"),
      [
        "dev",
        "--config",
        `${process.env.BUILD_DIR ?? "build"}/server/wrangler.json`,
        "--port",
        String(port),
        "--ip",
        "127.0.0.1",
        "--persist-to",
        persistTo,
        "--var",
        `DATABASE_URL:${workerDatabaseUrl}`,
        "--var",
        `MOLLIE_API_URL:${mollieApiUrl}`,
        "--var",
        `MOLLIE_API_KEY:${mollieApiKey}`,
        "--var",
        `LOCAL_PORT:${port}`,
        // The benchmarks load pages faster than a person reads: BROWSE_LIMITS=off (development only, ADR 019).
        ...(process.env.BROWSE_LIMITS ? ["--var", `BROWSE_LIMITS:${process.env.BROWSE_LIMITS}`] : []),
        // EDGE_CACHE=on: visitor pages and public photos from the local cache, as in production (ADR 048).
        ...(process.env.EDGE_CACHE ? ["--var", `EDGE_CACHE:${process.env.EDGE_CACHE}`] : []),
        "--show-interactive-dev-session=false",
      ],
      { cwd: root, stdio: "inherit", env: { ...process.env, ...env } },
    );
  }
  console.log(
    `\n  App: http://localhost:${port}\n  Payments (Mollie simulator): ${mollie ? mollie.url : mollieApiUrl}\n  Demo logins (password demo1234!demo): demo@example.com, premium@example.com, moderator@example.com, admin@example.com (the console at /admin; its sign-in code at /dev/mail)\n`,
  );

  const stop = async () => {
    server.kill("SIGTERM");
    await mollie?.close();
    await distance?.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  server.on("exit", async (code) => {
    await mollie?.close();
    await distance?.close();
    await database.close();
    process.exit(code ?? 0);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
