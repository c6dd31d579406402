// Types for distance-proxy.mjs (plain ESM JavaScript), for TypeScript importers.

export interface RoundTripReport {
  /** The longest chain of database exchanges the request waited for one after another. */
  roundTrips: number;
  /** Every exchange answered while recording, with its place in its longest chain and its SQL (shortened). */
  exchanges: { depth: number; sql: string }[];
}

export interface DistanceProxy {
  /** Base URL to give the Worker as DATABASE_URL. */
  url: string;
  port: number;
  /** Milliseconds each way from now on (also `POST /_distance/latency`). */
  setLatency(ms: number): void;
  close(): Promise<void>;
}

export function chainDepths(exchanges: { arrived: number; answered: number }[]): number[];

export function startDistanceProxy(options: { target: string; latencyMs?: number; port?: number; host?: string }): Promise<DistanceProxy>;

/** `DB_LATENCY_MS` (milliseconds each way) from the environment: 0 when unset; throws for a value that is not one. */
export function latencyFromEnvironment(value?: string): number;
