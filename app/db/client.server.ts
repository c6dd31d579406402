/**
 * The database: drizzle over libSQL's HTTP (Hrana) client — Turso in production, the project's
 * local Hrana server (tools/libsql-server) in development and tests.
 */
import { createClient } from "@libsql/client/web";
import type { LibSQLDatabase } from "drizzle-orm/libsql";
import { drizzle } from "drizzle-orm/libsql/web";
import * as schema from "#drizzle/schema";
import { databaseFetch, DEFAULT_DATABASE_TIMEOUT_MS } from "./availability.server";
import { combiningReads } from "./combined-reads.server";

export type Database = LibSQLDatabase<typeof schema>;

const databases = new Map<string, Database>();

/** `timeoutMs`: how long one exchange with the database may take (availability.server.ts). */
export function getDatabase(url: string, authToken?: string, timeoutMs = DEFAULT_DATABASE_TIMEOUT_MS): Database {
  const key = `${url}#${authToken ?? ""}#${timeoutMs}`;
  let db = databases.get(key);
  if (!db) {
    // No client-side cap on queries in flight: the client's queue is shared by every request of the
    // isolate, and a query started from another request's turn is cancelled when that request ends
    // ("Worker's code had hung"). Each request awaits its own queries; the server does the queuing.
    const client = createClient({
      url,
      authToken,
      intMode: "number",
      concurrency: Number.POSITIVE_INFINITY,
      fetch: databaseFetch(timeoutMs),
    });
    // The reads a request starts together go to the database in one round trip (ADR 035).
    db = drizzle(combiningReads(client), { schema });
    databases.set(key, db);
  }
  return db;
}

export { schema };
