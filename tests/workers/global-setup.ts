/**
 * Starts a real libSQL server (the project's Hrana server) with a migrated, seeded database for the
 * workerd tests, and hands its URL to the Worker as DATABASE_URL; likewise the Mollie simulator
 * (MOLLIE_API_URL).
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
  }
}

export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), "dating-workers-"));
  const server = await startLibsqlServer({ file: join(folder, "test.db"), port: 0 });
  const client = createClient({ url: server.url });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: "drizzle/migrations" });
  await seed(db, { profiles: 60, photos: memoryPhotoStore() });
  client.close();
  project.provide("databaseUrl", server.url);
  const proxy = await startDatabaseProxy(server.url);
  project.provide("faultyDatabaseUrl", proxy.url);
  const mollie = await startMollieSimulator();
  project.provide("mollieApiUrl", mollie.apiUrl);
  return async () => {
    await mollie.close();
    await proxy.close();
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  };
}
