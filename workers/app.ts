/**
 * The Worker: every site's pages and JSON calls (fetch), the members' live-chat sockets (their
 * inboxes, ADR 027) and the cron jobs (scheduled).
 */
import { createRequestHandler, RouterContextProvider } from "react-router";
import {
  meteredBucket,
  meteredNamespace,
  meterGlobalFetch,
  meterRequest,
  SubrequestMeter,
  trackedContext,
  warnIfNearLimit,
} from "~/platform/subrequests.server";
import { CHAT_SOCKET_PATH, connectChatSocket } from "~/http/chat-socket.server";
import { servicesContext, type EdgeRenderNotes } from "~/http/context.server";
import { dataCentreCache, withEdgeCache } from "~/http/edge-cache.server";
import { photoFromEdgeCache } from "~/http/photo-cache.server";
import { isDatabaseUnavailable } from "~/db/availability.server";
import { getDatabase } from "~/db/client.server";
import { withCombinedReads } from "~/db/combined-reads.server";
import { unavailableResponse } from "~/http/unavailable.server";
import { isDevelopment, readEnv, type AppEnv } from "~/env.server";
import { wantsMeterReport, withMeterReport, withTestFaults } from "~/http/test-faults.server";
import { applySecurityHeaders } from "~/security/headers.server";
import { jobs, runScheduledJobs } from "./cron/registry";

export { Inbox } from "./inbox";

type RequestHandler = ReturnType<typeof createRequestHandler>;
let productionHandler: RequestHandler | undefined;

/**
 * React Router's handler. Given a function that loads the build, `createRequestHandler` derives
 * the route tables again on every request (flattening and ranking every route: about 3 ms of CPU
 * a page, measured with `npm run bench -- --only cpu-profile`), which only the dev server's module
 * reloading needs. A built Worker loads the build once per isolate and derives them once.
 */
async function requestHandler(request: Request, context: RouterContextProvider) {
  if (import.meta.env.DEV)
    return createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE)(request, context);
  productionHandler ??= createRequestHandler(await import("virtual:react-router/server-build"), import.meta.env.MODE);
  return productionHandler(request, context);
}

/**
 * The visitor's country: Cloudflare's geolocation in production. Locally `request.cf` is a fixed
 * placeholder (always the same country), so development only honours the CF-IPCountry header.
 */
function visitorCountry(request: Request, development: boolean): string | null {
  const fromHeader = request.headers.get("CF-IPCountry");
  // Reading `request.cf` materializes the whole object (about 1 ms locally): not for a placeholder.
  const candidates = development ? [fromHeader] : [(request.cf as { country?: unknown } | undefined)?.country, fromHeader];
  for (const candidate of candidates) {
    if (typeof candidate !== "string" || !/^[A-Za-z]{2}$/.test(candidate)) continue;
    const country = candidate.toUpperCase();
    if (country !== "XX" && country !== "T1") return country;
  }
  return null;
}

/** The most of a body the app answered without reading that is read (and dropped) before answering. */
const MAX_DISCARDED_BODY_BYTES = 64 * 1024;

/**
 * A request answered before its body was read (a refusal by a guard, a 404): the rest of a small
 * body is read first, so the client — or a proxy in front of the Worker — is not cut off while
 * still sending it ("Network connection lost"). A large one is cancelled.
 */
async function discardUnreadBody(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  const reader = request.body.getReader();
  try {
    for (let read = 0; read < MAX_DISCARDED_BODY_BYTES; ) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing left to read.
  }
}

/**
 * The workerd tests share one database: one that fires a schedule at a moved time names the one job
 * it tests in `CRON_JOBS` (APP_ENV "test" only), so the schedule's other jobs do not act on every
 * test file's rows at that time (expiring every session, clearing every welcome bonus).
 */
function jobsToRun(env: AppEnv) {
  if (env.APP_ENV !== "test" || !env.CRON_JOBS) return jobs;
  const names = env.CRON_JOBS.split(",");
  return jobs.filter((job) => names.includes(job.name));
}

/** The environment of one request: its test faults (tests only), and its bindings metered when `metered` (ADR 049). */
function requestEnv(env: Env, request: Request, metered: boolean): AppEnv {
  const appEnv = withTestFaults(readEnv(env), request);
  if (!metered) return appEnv;
  return { ...appEnv, PHOTOS: meteredBucket(appEnv.PHOTOS), INBOX: appEnv.INBOX && meteredNamespace(appEnv.INBOX) };
}

async function handle(request: Request, env: Env, ctx: ExecutionContext, metered: boolean): Promise<Response> {
  // Only the workerd tests (APP_ENV "test") can make R2 or an inbox fail on purpose (ADR 044).
  const appEnv = requestEnv(env, request, metered);
  const db = getDatabase(appEnv.DATABASE_URL, appEnv.DATABASE_AUTH_TOKEN, appEnv.DATABASE_TIMEOUT_MS);
  const country = visitorCountry(request, isDevelopment(appEnv));
  const production = appEnv.APP_ENV === "production";
  const pathname = new URL(request.url).pathname;
  // A socket's 101 answer must not pass through React Router (nor the page headers).
  if (pathname === CHAT_SOCKET_PATH) {
    return connectChatSocket(request, { env: appEnv, db, now: new Date() }).catch((error: unknown) => {
      if (!isDatabaseUnavailable(error)) throw error;
      return unavailableResponse(request);
    });
  }
  const deps = { env: appEnv, db, ctx, country, now: () => new Date(), cache: dataCentreCache() };
  // A public photo seen before comes from the data centre's cache, before any database call (ADR 048).
  const photo = await photoFromEdgeCache(request, deps);
  if (photo) return applySecurityHeaders(photo, production);

  const render = async (page: Request, edge: EdgeRenderNotes) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, { env: appEnv, db, ctx, country, now: () => new Date(), edge });
    const { result: response, databaseFailed } = await withCombinedReads(() => requestHandler(page, context));
    await discardUnreadBody(page);
    // An error nobody caught because the database did not answer: "try again in a minute", not a 500.
    if (databaseFailed && response.status >= 500) return applySecurityHeaders(unavailableResponse(page), production);
    return applySecurityHeaders(response, production);
  };
  // Visitor pages from the data centre's cache when a copy is there (ADR 048).
  return withEdgeCache(request, deps, render);
}

export default {
  async fetch(request, env, ctx) {
    // Subrequests per request, its work after the response included (ADR 049), metered where they
    // are read: the tests, the benchmarks and development. In production a request pays nothing
    // for it (no wrapped bindings, no tracked context; ADR 056).
    if (!isDevelopment(readEnv(env))) return handle(request, env, ctx, false);
    // Every fetch of a request counts against its subrequests (installed once per isolate).
    meterGlobalFetch();
    const meter = new SubrequestMeter();
    const tracked = trackedContext(ctx);
    const response = await meterRequest(meter, () => handle(request, env, tracked.ctx, true));
    ctx.waitUntil(tracked.settled().then(() => warnIfNearLimit(meter, request)));
    // The workerd tests may ask for a request's figures (APP_ENV "test" only).
    return wantsMeterReport(readEnv(env), request) ? withMeterReport(response, meter, tracked.settled) : response;
  },

  async scheduled(controller, env, ctx) {
    const appEnv = readEnv(env);
    const db = getDatabase(appEnv.DATABASE_URL, appEnv.DATABASE_AUTH_TOKEN, appEnv.DATABASE_TIMEOUT_MS);
    const deps = { db, env: appEnv, now: new Date(controller.scheduledTime) };
    ctx.waitUntil(runScheduledJobs(controller.cron, deps, jobsToRun(appEnv)));
  },
} satisfies ExportedHandler<Env>;
