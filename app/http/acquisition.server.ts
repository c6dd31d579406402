/**
 * The acquisition edge (product.md §10 "Acquisition"): what a landing leaves in the visitor's
 * cookies, the visits the conversion report counts, and the bounces of the `lb` query parameter.
 *
 * For pages that want to be counted (landers, the home page, pricing), the loader calls
 * `recordLanding(context, request, { page, slug })`; the root middleware (`trackLanding`) then
 * sets the cookies on the response.
 */
import { isbot } from "isbot";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import {
  claimVisit,
  isVisitId,
  type LandingVisit,
  newVisitId,
  type PageEventInput,
  pagePath,
  recordPageEvent,
  recordVisit,
} from "~/acquisition/landing.server";
import type { Database } from "~/db/client.server";
import { afterResponse } from "~/platform/subrequests.server";
import { documentPath, trackingFromUrl } from "~/acquisition/tracking.server";
import { getRequestSite, getServices } from "./context.server";
import { getUser } from "./guards.server";
import { landingCookie, trackingCookie, trackingOf } from "./cookies.server";

type Context = Readonly<RouterContextProvider>;

/** A visit recorded during this request, whose id the `landing` cookie should keep. */
const newVisitContext = createContext<string | null>(null);

/**
 * Whether this request is someone opening a page (a GET). Loaders always see a GET, also when they
 * run to show a form post's answer, so the root middleware notes the method the browser used.
 */
const pageViewContext = createContext(false);

/** Requests that are not a person looking at a page: crawlers, and the browser's speculative prefetches. */
function isAutomated(request: Request): boolean {
  const purpose = request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "";
  return isbot(request.headers.get("User-Agent")) || purpose.includes("prefetch");
}

/**
 * Counts a visit of an acquisition page for the conversion report: `page` is the page without its
 * slug (e.g. `/landers/video`), `slug` the lander's slug if any. Members and crawlers are not
 * counted. The first landing of a visitor is kept for 30 days (its signup counts for it), unless a
 * later one comes with a traffic source of its own.
 */
export function recordLanding(context: Context, request: Request, input: { page: string; slug?: string | null }): void {
  const { db, ctx, now, edge } = getServices(context);
  // The edge cache (ADR 048) counts this page's visits on the copies it serves.
  if (edge) edge.visit = { page: input.page, slug: input.slug ?? null };
  if (edge?.countVisits === false) return;
  if (!context.get(pageViewContext) || getUser(context) || isAutomated(request) || !pagePath(input.page)) return;
  const arrivedWith = trackingFromUrl(new URL(request.url));
  const visit = {
    siteId: getRequestSite(context).id,
    page: input.page,
    slug: input.slug,
    network: (arrivedWith ?? trackingOf(request))?.network ?? null,
    now: now(),
  };
  // A count the visitor does not wait for (ADR 056): recorded after the response, under the id
  // the `landing` cookie gets now. A visit lost to a failed write costs the report one visit.
  const visitId = newVisitId();
  ctx.waitUntil(afterResponse(() => analytics(recordVisit(db, visit, visitId))));
  const kept = landingCookie.read(request);
  if (arrivedWith || !isVisitId(kept)) context.set(newVisitContext, visitId);
}

/**
 * A visit of an acquisition page served from the edge cache (ADR 048), counted as `recordLanding`
 * counts it (only visitors' page views, never crawlers or prefetches), after the response: the
 * visitor waits for no database round trip. Returns the `landing` cookie for a visitor who has
 * none yet (the copy never carries anyone's cookie).
 */
export function recordCachedLanding(
  request: Request,
  deps: { db: Database; siteId: number; now: Date; waitUntil: (work: Promise<unknown>) => void },
  visit: LandingVisit,
): string | null {
  if (request.method !== "GET" || isAutomated(request) || !pagePath(visit.page)) return null;
  const id = newVisitId();
  const input = { siteId: deps.siteId, page: visit.page, slug: visit.slug, network: trackingOf(request)?.network ?? null, now: deps.now };
  deps.waitUntil(afterResponse(() => analytics(recordVisit(deps.db, input, id))));
  return isVisitId(landingCookie.read(request)) ? null : landingCookie.set(request, id);
}

/** Counting is never worth a failed page: a database error is logged, and the page goes on. */
async function analytics<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    console.error("acquisition analytics failed", error);
    return null;
  }
}

/** The visit this visitor arrived through (the `landing` cookie), or null. */
export function landingVisitOf(request: Request): string | null {
  const value = landingCookie.read(request);
  return isVisitId(value) ? value : null;
}

/**
 * `lb` (product.md §3 query parameters, page bounce logging): a page requested with `lb` records a
 * bounce of the page `lb` names (a path of the site, e.g. the lander a "not now" link left), or of
 * the requested page itself when `lb` is not a path (`?lb=1`).
 */
function recordBounce(context: Context, request: Request, url: URL) {
  const named = url.searchParams.get("lb");
  if (named === null || isAutomated(request)) return;
  const { db, ctx, now } = getServices(context);
  // Counted after the response (ADR 056): the page waits for no round trip of its bounce.
  const event: PageEventInput = {
    siteId: getRequestSite(context).id,
    kind: "bounce",
    page: pagePath(named) ?? documentPath(url),
    network: trackingOf(request)?.network ?? null,
    visitId: landingVisitOf(request),
    now: now(),
  };
  ctx.waitUntil(afterResponse(() => analytics(recordPageEvent(db, event))));
}

/**
 * Root middleware: remembers the landing's tracking parameters (network, ref, sub1–3) in the
 * `tracking` cookie, logs `lb` bounces, and keeps a visit recorded by `recordLanding` in the
 * `landing` cookie.
 */
export const trackLanding: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  context.set(pageViewContext, request.method === "GET");
  if (request.method === "GET") recordBounce(context, request, url);
  const response = await next();
  if (request.method !== "GET") return response;
  const record = trackingFromUrl(url);
  if (record) response.headers.append("Set-Cookie", trackingCookie.set(request, JSON.stringify(record)));
  const visitId = context.get(newVisitContext);
  if (visitId) response.headers.append("Set-Cookie", landingCookie.set(request, visitId));
  return response;
};

/**
 * At signup: the new account came through the visitor's landing visit (the conversion report
 * follows it from there), and the `landing` cookie has done its work.
 */
export async function attributeSignup(context: Context, request: Request, userId: number, headers: Headers) {
  const visitId = landingVisitOf(request);
  if (!visitId) return;
  await claimVisit(getServices(context).db, { siteId: getRequestSite(context).id, visitId, userId });
  headers.append("Set-Cookie", landingCookie.clear(request));
}
