// Types for fault-switch.mjs (plain ESM JavaScript), for TypeScript importers.

export declare const FAULT_KINDS: readonly ["503", "drop", "lost"];

/** "hang": never answered, nothing done; "silent": done, never answered (servers that can hold a call open). */
export declare const TIMEOUT_FAULT_KINDS: readonly ["hang", "silent"];

/** "503": refused before anything happens; "drop": connection closed before; "lost": done, then the connection closed. */
export type FaultKind = (typeof FAULT_KINDS)[number] | (typeof TIMEOUT_FAULT_KINDS)[number];

export interface FaultSettings {
  /** The fraction of calls that fail, 0 (never, the default) to 1; a string may be a percentage ("1%"). */
  rate?: number | string;
  /** What a failed call looks like, one chosen at random per fault (default ["503"]); "all" or a comma-separated list. */
  kinds?: FaultKind[] | string;
  /** The next this many calls fail, whatever the rate. */
  calls?: number;
}

export interface FaultState {
  rate: number;
  kinds: FaultKind[];
  /** Calls still to fail. */
  calls: number;
  /** Calls asked about since the switch was made. */
  seen: number;
  /** Faults played, by kind. */
  injected: Record<FaultKind, number>;
}

export declare class FaultSettingsError extends Error {}

export declare function parseFaultKinds(value: unknown, allowed?: readonly FaultKind[]): FaultKind[];
export declare function parseFaultRate(value: unknown): number;

export interface FaultSwitch {
  /** Changes what is given, leaves the rest; throws FaultSettingsError (changing nothing) on a setting it cannot take. */
  configure(next: { rate?: unknown; kinds?: unknown; calls?: unknown }): FaultState;
  /** Asked once per call that may fail: null to serve it as usual, or the fault to play. */
  decide(): FaultKind | null;
  state(): FaultState;
}

export declare function createFaultSwitch(
  settings?: FaultSettings & { random?: () => number; allowedKinds?: readonly FaultKind[] },
): FaultSwitch;
