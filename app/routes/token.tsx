import { data, redirect } from "react-router";
import type { Route } from "./+types/token";
import { followShortLink } from "~/acquisition/short-links.server";
import { getServices, getSite } from "~/http/context.server";
import { clientIp } from "~/security/rate-limit.server";
import type { ScriptsHandle } from "~/browser/page-scripts";

/** Its only page is the 404: plain HTML for a visitor, like the other public pages (ADR 032). */
export const handle = { scripts: "signed-in" } satisfies ScriptsHandle;

/**
 * `/{token}` (product.md §2): a short link of a mailing or a campaign leads to its page of the
 * site, and the click is counted (once per visitor and day). Every other single-segment path the app has no route for lands
 * here too, and is the site's 404, as before. A static route always wins over this one.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, now } = getServices(context);
  const site = getSite(context);
  const target = await followShortLink(db, {
    siteId: site.id,
    token: params.token,
    now: now(),
    timeZone: site.settings.timeZone,
    visitor: { ip: clientIp(request), userAgent: request.headers.get("User-Agent") ?? "" },
  });
  if (!target) throw data(null, { status: 404 });
  throw redirect(target, { headers: { "Cache-Control": "private, no-store" } });
}

/** Never shown: the loader always leads on, or throws the 404 that the layout's error page shows. */
export default function Token() {
  return null;
}
