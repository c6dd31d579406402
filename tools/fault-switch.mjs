/**
 * The fault switch of the local stand-ins for outside services (tools/libsql-server,
 * tools/mollie-simulator): makes a fraction of their calls fail at random, or the next few, the way
 * a real outage looks to the app. Off unless asked (rate 0, no calls): `npm start` and the tests
 * never see a fault they did not ask for.
 *
 * What a failed call looks like (`kinds`, one chosen at random per fault):
 * - "503": the call is refused before anything happens, with an HTTP 503 (what Turso's and Mollie's
 *   edges answer while the service behind them is down or overloaded; @libsql/client throws a
 *   LibsqlError with code SERVER_ERROR, the app's Mollie client a PaymentProviderError);
 * - "drop": the connection is closed without an answer before anything happens (a network failure
 *   or a restarting server: the client's fetch throws);
 * - "lost": the call is carried out and then the connection is closed instead of answering (a
 *   timeout after the work was done): the client cannot know the write happened, the case
 *   idempotency keys exist for.
 *
 * Plain logic without I/O, so a test can drive it with its own random numbers.
 */

/** The kinds of fault, in the order they are documented. */
export const FAULT_KINDS = /** @type {const} */ (["503", "drop", "lost"]);

/**
 * Kinds for time limits, offered by servers that can hold a call open (the Mollie simulator):
 * "hang" never answers and does nothing; "silent" does the work and never answers (the answer lost
 * after the caller's time limit). Not part of "all": a fault rate with them stalls a benchmark.
 */
export const TIMEOUT_FAULT_KINDS = /** @type {const} */ (["hang", "silent"]);

/** @typedef {(typeof FAULT_KINDS)[number] | (typeof TIMEOUT_FAULT_KINDS)[number]} FaultKind */

/**
 * @typedef {object} FaultSettings
 * @property {number} [rate]  the fraction of calls that fail, 0 (never, the default) to 1 (every one)
 * @property {FaultKind[]} [kinds]  what a failed call looks like, one chosen at random per fault (default ["503"])
 * @property {number} [calls]  the next this many calls fail, whatever the rate (an outage of a fixed length)
 */

/**
 * @typedef {object} FaultState
 * @property {number} rate
 * @property {FaultKind[]} kinds
 * @property {number} calls  calls still to fail
 * @property {number} seen  calls asked about since the switch was made
 * @property {Record<FaultKind, number>} injected  faults played, by kind
 */

/** A setting the switch cannot take; the admin endpoints answer it with 400. */
export class FaultSettingsError extends Error {}

/**
 * Reads fault kinds from a comma-separated list ("503,drop") or an array; "all" is every kind of
 * FAULT_KINDS.
 * @param {unknown} value
 * @param {readonly FaultKind[]} [allowed]  the kinds this server can play (default FAULT_KINDS)
 * @returns {FaultKind[]}
 */
export function parseFaultKinds(value, allowed = FAULT_KINDS) {
  const list = Array.isArray(value) ? value : String(value ?? "").split(",");
  const kinds = list.map((kind) => String(kind).trim()).filter(Boolean);
  if (kinds.length === 1 && kinds[0] === "all") return [...FAULT_KINDS];
  if (kinds.length === 0) throw new FaultSettingsError(`fault kinds: give one or more of ${FAULT_KINDS.join(", ")} (or all)`);
  for (const kind of kinds) {
    if (!allowed.includes(/** @type {FaultKind} */ (kind)))
      throw new FaultSettingsError(`unknown fault kind ${JSON.stringify(kind)}: expected ${allowed.join(", ")} or all`);
  }
  return /** @type {FaultKind[]} */ ([...new Set(kinds)]);
}

/**
 * Reads a fault rate: a number from 0 to 1, or a percentage ("1%").
 * @param {unknown} value
 */
export function parseFaultRate(value) {
  const text = String(value ?? "").trim();
  const rate = text.endsWith("%") ? Number(text.slice(0, -1)) / 100 : Number(text);
  if (text === "" || !Number.isFinite(rate) || rate < 0 || rate > 1)
    throw new FaultSettingsError(`fault rate: expected a number from 0 to 1 (or 0%–100%), got ${JSON.stringify(value)}`);
  return rate;
}

/**
 * A switch, off unless `settings` turn it on.
 * @param {FaultSettings & { random?: () => number, allowedKinds?: readonly FaultKind[] }} [settings]  `random` returns
 *   numbers in [0, 1) (default Math.random); `allowedKinds` the kinds this server can play (default FAULT_KINDS)
 */
export function createFaultSwitch(settings = {}) {
  const random = settings.random ?? Math.random;
  const allowed = settings.allowedKinds ?? FAULT_KINDS;
  let rate = 0;
  /** @type {FaultKind[]} */
  let kinds = ["503"];
  let calls = 0;
  let seen = 0;
  /** @type {Record<FaultKind, number>} */
  const injected = /** @type {Record<FaultKind, number>} */ (Object.fromEntries(allowed.map((kind) => [kind, 0])));

  /**
   * Changes what is given; leaves the rest. Throws FaultSettingsError (and changes nothing) on a
   * setting it cannot take.
   * @param {{ rate?: unknown, kinds?: unknown, calls?: unknown }} next
   */
  function configure(next) {
    if (next === null || typeof next !== "object") throw new FaultSettingsError("fault settings: expected an object");
    const nextRate = next.rate === undefined ? rate : parseFaultRate(next.rate);
    const nextKinds = next.kinds === undefined ? kinds : parseFaultKinds(next.kinds, allowed);
    let nextCalls = calls;
    if (next.calls !== undefined) {
      if (!Number.isInteger(next.calls) || /** @type {number} */ (next.calls) < 0)
        throw new FaultSettingsError(`fault calls: expected a whole number of at least 0, got ${JSON.stringify(next.calls)}`);
      nextCalls = /** @type {number} */ (next.calls);
    }
    rate = nextRate;
    kinds = nextKinds;
    calls = nextCalls;
    return state();
  }

  /**
   * Asked once per call that may fail: null to serve it as usual, or the fault to play.
   * @returns {FaultKind | null}
   */
  function decide() {
    seen += 1;
    let fail = false;
    if (calls > 0) {
      calls -= 1;
      fail = true;
    } else if (rate > 0) {
      fail = random() < rate;
    }
    if (!fail) return null;
    const kind = kinds.length === 1 ? kinds[0] : kinds[Math.min(kinds.length - 1, Math.floor(random() * kinds.length))];
    injected[kind] += 1;
    return kind;
  }

  /** @returns {FaultState} */
  function state() {
    return { rate, kinds: [...kinds], calls, seen, injected: { ...injected } };
  }

  configure({ rate: settings.rate, kinds: settings.kinds, calls: settings.calls });
  return { configure, decide, state };
}

/** @typedef {ReturnType<typeof createFaultSwitch>} FaultSwitch */
