// Types for server.mjs (plain ESM JavaScript), for TypeScript importers.

import type { FaultSettings, FaultSwitch } from "../fault-switch.mjs";

export interface MollieSimulatorOptions {
  /** Port to listen on; 0 picks a free port (default 0). */
  port?: number;
  /** Interface to bind (default "127.0.0.1"). */
  host?: string;
  /** Base URL browsers use for the checkout page (default: the listening URL). */
  publicUrl?: string;
  /** Diagnostics sink (default: silent). */
  log?: (message: string) => void;
  /** Fail a fraction of the API calls at random, or the next few (tools/fault-switch.mjs); off by default. */
  faults?: FaultSettings;
  /** Keys accepted besides `test_simulator` and `live_simulator` (more with `POST /v2/_keys`). */
  apiKeys?: string[];
  /** How much faster than Mollie time runs: 60 makes a minute of expiry, refund steps and webhook retries a second (default 1). */
  timeScale?: number;
}

/** Minutes between webhook calls after one that got no 2xx answer. */
export declare const WEBHOOK_RETRY_MINUTES: readonly number[];
export declare const DEFAULT_API_KEYS: readonly string[];
export declare function validIban(iban: string): boolean;

export interface MollieSimulator {
  /** e.g. "http://127.0.0.1:8092": the list of payments and the checkout pages. */
  url: string;
  /** `url` + "/v2": what MOLLIE_API_URL points at. */
  apiUrl: string;
  port: number;
  /** The fault switch behind `POST /v2/_outage`, for a test in the same process. */
  faults: FaultSwitch;
  close(): Promise<void>;
}

export function startMollieSimulator(options?: MollieSimulatorOptions): Promise<MollieSimulator>;
