import type { Route } from "./+types/settings";
import { getServices, getSite } from "~/http/context.server";
import { getI18n } from "~/http/i18n.server";
import { publicSettings } from "~/sites/public-settings.server";
import { onlyGet } from "~/http/api-errors.server";

/** GET /api/settings.php — the site's settings of product.md §3, with domain_language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, country } = getServices(context);
  const selected = new URL(request.url).searchParams.get("country");
  const body = await publicSettings(db, getSite(context), {
    country,
    selectedCountry: selected && /^[A-Za-z]{2}$/.test(selected) ? selected.toUpperCase() : null,
    t: getI18n(context).t,
  });
  return Response.json(body, { headers: { "Cache-Control": "private, max-age=300" } });
}

/** Every other method: a 405 in the API's error shape. */
export const action = onlyGet;
