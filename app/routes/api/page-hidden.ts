import type { Route } from "./+types/page-hidden";
import { recordPageEvent } from "~/acquisition/landing.server";
import { landingVisitOf } from "~/http/acquisition.server";
import { apiError } from "~/http/api-errors.server";
import { getServices, getSite } from "~/http/context.server";
import { trackingOf } from "~/http/cookies.server";
import { getI18n } from "~/http/i18n.server";
import { isSameOrigin } from "~/http/origin.server";

/**
 * POST /api/page-hidden.php (product.md §7): the empty beacon a page sends when it is hidden, for
 * lander analytics. The body is ignored; which page it was is the beacon's `Referer` (same site
 * only), with the visitor's traffic source and landing visit from their cookies. Answers 204, also
 * when there is nothing to record (no page, no landing visit); a visit's page that reported too
 * often, or a visit the site does not know: 429 (ADR 060).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { t } = getI18n(context);
  if (request.method !== "POST") return apiError(405, "method_not_allowed", t("messages.generic"), { Allow: "POST" });
  if (!isSameOrigin(request)) return apiError(403, "forbidden", t("messages.generic"));
  const page = refererPath(request);
  if (!page) return new Response(null, { status: 204 });
  const { db, now } = getServices(context);
  const outcome = await recordPageEvent(db, {
    siteId: getSite(context).id,
    kind: "hidden",
    page,
    network: trackingOf(request)?.network ?? null,
    visitId: landingVisitOf(request),
    now: now(),
  });
  if (outcome === "rate_limited") return apiError(429, "too_many_requests", t("errors.tooManyRequests"), { "Retry-After": "600" });
  return new Response(null, { status: 204 });
}

/** The path of the page that sent the beacon: its Referer, when that is this same host. */
function refererPath(request: Request): string | null {
  const referer = request.headers.get("Referer");
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.host === new URL(request.url).host ? url.pathname : null;
  } catch {
    return null;
  }
}

export function loader({ context }: Route.LoaderArgs) {
  return apiError(405, "method_not_allowed", getI18n(context).t("messages.generic"), { Allow: "POST" });
}
