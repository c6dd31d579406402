/**
 * React Router checks the origin of document form posts, not of resource routes: every
 * state-changing resource route calls this first (ADR 022,
 * docs/decisions/022-csrf-and-origin-checks.md).
 */
import { data } from "react-router";

/** Whether a header that holds a URL (`Origin`, `Referer`) names the request's own host. */
function namesOwnHost(value: string, request: Request): boolean {
  try {
    return new URL(value).host === new URL(request.url).host;
  } catch {
    // "null" (an opaque origin) or anything else that is no URL
    return false;
  }
}

export function isSameOrigin(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin" && site !== "none") return false;
  const origin = request.headers.get("Origin");
  if (!origin) return site === "same-origin";
  return namesOwnHost(origin, request);
}

export function assertSameOrigin(request: Request) {
  if (!isSameOrigin(request)) throw data({ error: "forbidden" }, { status: 403 });
}

/**
 * For the one GET that changes state (`GET /api/logout.php`, ADR 038): a navigation from this
 * site's own pages, a typed address or a bookmark, never one from another site. Every header the
 * browser sent must agree: `Sec-Fetch-Site` same-origin or none, `Origin` and `Referer` naming
 * this host. A request with none of them (an older browser's typed address or bookmark) passes:
 * a navigation from another site carries at least one of them, unless the other site suppressed
 * the Referer, which older browsers without `Sec-Fetch-Site` allow (a cost ADR 038 accepts).
 */
export function isOwnNavigation(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site !== null && site !== "same-origin" && site !== "none") return false;
  for (const header of ["Origin", "Referer"]) {
    const value = request.headers.get(header);
    if (value !== null && !namesOwnHost(value, request)) return false;
  }
  return true;
}
