/**
 * Failures of the services outside the Worker, on demand, for the workerd tests (tests/workers)
 * to prove what a member sees when they fail (ADR 044). Only when `APP_ENV` is "test", which
 * vitest.config.ts alone sets; anywhere else (production, development, the browser tests) the
 * environment is returned as it is and the header means nothing. A test names the faults of one
 * request in `X-Test-Faults` (comma-separated), so tests running side by side do not see each
 * other's.
 */
import type { InboxNamespace } from "~/live/live.server";
import type { AppEnv } from "~/env.server";
import type { SubrequestMeter } from "~/platform/subrequests.server";

export const TEST_FAULTS_HEADER = "X-Test-Faults";

/**
 * - `photos-put`: every write to the PHOTOS bucket fails, as R2 does when it is unavailable;
 * - `inbox`: every call to a member's inbox (the live-chat Durable Object) fails, as when it is reset.
 */
export type TestFault = "photos-put" | "inbox";

function failingBucket(bucket: R2Bucket): R2Bucket {
  return new Proxy(bucket, {
    get(target, property) {
      if (property === "put") return () => Promise.reject(new Error("PHOTOS put failed (test fault)"));
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function failingInboxes(namespace: InboxNamespace): InboxNamespace {
  const fail = () => Promise.reject(new Error("inbox failed (test fault)"));
  return {
    idFromName: (name) => namespace.idFromName(name),
    get: () => ({ notify: fail, disconnect: fail, endSessions: fail, renewSession: fail, fetch: fail }),
  };
}

/** The environment for one request: with the faults it names in a test run, unchanged otherwise. */
export function withTestFaults(env: AppEnv, request: Request): AppEnv {
  if (env.APP_ENV !== "test") return env;
  const named = request.headers.get(TEST_FAULTS_HEADER);
  if (!named) return env;
  const faults = new Set(named.split(",").map((fault) => fault.trim()));
  return {
    ...env,
    PHOTOS: faults.has("photos-put") ? failingBucket(env.PHOTOS) : env.PHOTOS,
    INBOX: faults.has("inbox") && env.INBOX ? failingInboxes(env.INBOX) : env.INBOX,
  };
}

/**
 * A test asks for a request's subrequests with this header (APP_ENV "test" only; ADR 049). The
 * Worker then waits for the request's work after the response before answering, and reports:
 * - `X-Test-Subrequests`: every subrequest (database exchanges, other fetches, R2, inboxes, cache);
 * - `X-Test-Database-Calls`: the database exchanges made before the whole response was written;
 * - `X-Test-Database-Calls-After-Response`: those of the work left for after it (`afterResponse`).
 */
export const TEST_METER_HEADER = "X-Test-Meter";

export function wantsMeterReport(env: Pick<AppEnv, "APP_ENV">, request: Request): boolean {
  return env.APP_ENV === "test" && request.headers.get(TEST_METER_HEADER) === "1";
}

/** The response with the request's figures, read once all of its work is done. */
export async function withMeterReport(response: Response, meter: SubrequestMeter, settled: () => Promise<void>): Promise<Response> {
  // The whole body first: a streamed page may still read while it is written.
  const body = response.status === 101 ? null : await response.arrayBuffer();
  const waited = meter.database;
  await settled();
  const headers = new Headers(response.headers);
  headers.set("X-Test-Subrequests", String(meter.total));
  headers.set("X-Test-Database-Calls", String(waited));
  headers.set("X-Test-Database-Calls-After-Response", String(meter.databaseAfterResponse));
  if (body === null) return response;
  return new Response(response.status === 204 || response.status === 304 ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
