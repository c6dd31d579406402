/**
 * Starts a real libSQL server (the project's Hrana server) with a migrated, seeded database for the
 * workerd tests, and hands its URL to the Worker as DATABASE_URL; likewise the Mollie simulator
 * (MOLLIE_API_URL). With DB_LATENCY_MS the Worker's database is at that distance (every exchange
 * held that long each way, tools/distance-proxy.mjs); the test files' own SQL goes there too.
 * The round-trip budget (round-trip-budget.test.ts) gets a distance proxy of its own that counts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import type { TestProject } from "vitest/node";
import * as schema from "../../drizzle/schema";
import { seed } from "../../drizzle/seed";
import { latencyFromEnvironment, startDistanceProxy } from "../../tools/distance-proxy.mjs";
import { startLibsqlServer } from "../../tools/libsql-server/server.mjs";
import { startMollieSimulator } from "../../tools/mollie-simulator/server.mjs";
import { memoryPhotoStore } from "../../tools/photo-store";
import { startDatabaseProxy } from "./database-proxy";

declare module "vitest" {
  interface ProvidedContext {
    databaseUrl: string;
    /** The same database through a proxy that can fail on demand (database-proxy.ts). */
    faultyDatabaseUrl: string;
    mollieApiUrl: string;
    /** The same database through a proxy that counts the round trips a request waits for (round-trip-budget.test.ts). */
    roundTripDatabaseUrl: string;
  }
}

/** Each way, on the proxy that counts round trips. */
const ROUND_TRIP_COUNT_LATENCY_MS = 15;

export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), "dating-workers-"));
  const server = await startLibsqlServer({ file: join(folder, "test.db"), port: 0 });
  const client = createClient({ url: server.url });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: "drizzle/migrations" });
  await seed(db, { profiles: 60, photos: memoryPhotoStore() });
  client.close();
  const latencyMs = latencyFromEnvironment();
  const distance = latencyMs > 0 ? await startDistanceProxy({ target: server.url, latencyMs }) : null;
  project.provide("databaseUrl", distance?.url ?? server.url);
  // Held long enough that exchanges sent together all arrive before the first is answered, even on a
  // loaded machine, so the count never takes them for a chain (ADR 047).
  const counting = await startDistanceProxy({ target: server.url, latencyMs: Math.max(latencyMs, ROUND_TRIP_COUNT_LATENCY_MS) });
  project.provide("roundTripDatabaseUrl", counting.url);
  const proxy = await startDatabaseProxy(server.url);
  project.provide("faultyDatabaseUrl", proxy.url);
  const mollie = await startMollieSimulator();
  project.provide("mollieApiUrl", mollie.apiUrl);
  return async () => {
    await mollie.close();
    await proxy.close();
    await counting.close();
    await distance?.close();
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  };
}
