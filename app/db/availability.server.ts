/**
 * The database is in another region (Turso) and will now and then not answer: a refused
 * connection, a 5xx from its edge, or no answer at all. Every exchange with it has a time limit,
 * and each of those failures becomes one error the edge recognises, so a member gets "temporarily
 * unavailable, try again in a minute" (503) instead of a hung request or a 500
 * (app/http/unavailable.server.ts).
 */

import { noteDatabaseExchange } from "~/platform/subrequests.server";

/** How long one exchange with the database may take before the request gives up on it. */
export const DEFAULT_DATABASE_TIMEOUT_MS = 5_000;

export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

/**
 * Marks an exchange made by work after the response (`afterResponse`), which no member waits for:
 * the round-trip count of the tests' distance proxy (tools/distance-proxy.mjs) leaves it out of the
 * chain a request waited for. The database ignores it.
 */
export const AFTER_RESPONSE_HEADER = "X-After-Response";

/** Statuses of a database (or the proxy before it) that is down or overloaded, not of a wrong query. */
const UNAVAILABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

/**
 * The fetch the libSQL client talks through: each exchange is given `timeoutMs`, and a failed
 * connection, a timeout or an unavailable status throws `DatabaseUnavailableError`.
 */
export function databaseFetch(timeoutMs: number, base: typeof fetch = (input, init) => fetch(input, init)): typeof fetch {
  return async (input, init) => {
    // One subrequest of the request (ADR 049): the global fetch counts it, this says it was the database's.
    const afterResponse = noteDatabaseExchange();
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    // The libSQL client sends a Request and no init: its headers (the token among them) are kept.
    let headers = init?.headers;
    if (afterResponse) {
      headers = new Headers(headers ?? (input instanceof Request ? input.headers : undefined));
      headers.set(AFTER_RESPONSE_HEADER, "1");
    }
    let response: Response;
    try {
      response = await base(input, { ...init, headers, signal });
    } catch (error) {
      throw new DatabaseUnavailableError(timeout.aborted ? `no answer within ${timeoutMs} ms` : "the database cannot be reached", {
        cause: error,
      });
    }
    if (UNAVAILABLE_STATUSES.has(response.status)) {
      await response.body?.cancel().catch(() => undefined);
      throw new DatabaseUnavailableError(`the database answered ${response.status}`);
    }
    return response;
  };
}

/** Whether an error (or what it wraps: drizzle and libSQL wrap the driver's errors) is the database being unavailable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth++) {
    if (current instanceof DatabaseUnavailableError) return true;
  }
  return false;
}
