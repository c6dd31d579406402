// Types for server.mjs (plain ESM JavaScript), for TypeScript importers.

import type { FaultSettings, FaultSwitch } from "../fault-switch.mjs";

export interface LibsqlServerOptions {
  /** Database path or ":memory:" (default ":memory:"). Parent folders are created. */
  file?: string;
  /** Port to listen on; 0 picks a free port (default 0). */
  port?: number;
  /** Interface to bind (default "127.0.0.1"). */
  host?: string;
  /** When set, POST endpoints require `Authorization: Bearer <authToken>`. */
  authToken?: string;
  /** Diagnostics sink (default: silent). */
  log?: (message: string) => void;
  /** Idle time after which a stream expires and its transaction is rolled back (default 10 000 ms). */
  streamExpiryMs?: number;
  /** How long a request waits for another stream's transaction before failing (default 30 000 ms). */
  lockTimeoutMs?: number;
  /**
   * Fail a fraction of the Hrana requests (pipeline and cursor) at random, or the next few, as an
   * outage would (tools/fault-switch.mjs). Off by default; `POST /_faults` changes it while running.
   */
  faults?: FaultSettings;
}

export interface LibsqlServer {
  /** Base URL for `createClient({ url })`, e.g. "http://127.0.0.1:8080". */
  url: string;
  port: number;
  /** The fault switch (off unless asked), for a test in the same process. */
  faults: FaultSwitch;
  /** Stops listening, rolls back open transactions and closes the database. */
  close(): Promise<void>;
}

export function startLibsqlServer(options?: LibsqlServerOptions): Promise<LibsqlServer>;
