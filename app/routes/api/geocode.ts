import { data } from "react-router";
import type { Route } from "./+types/geocode";
import { getServices, getSite } from "~/http/context.server";
import { coordinatesSchema } from "~/geo/coordinates";
import { geocode } from "~/geo/geocode.server";
import { getI18n } from "~/http/i18n.server";
import { requireApiUser } from "~/http/guards.server";
import { onlyGet } from "~/http/api-errors.server";

/**
 * GET /api/geocode.php?lat=&lon= (product.md §7, stored by the client as its geocode): the site's
 * country containing the point and that country's nearest region. Members only (the geolocation
 * button sits in their location options). Bad or out-of-range coordinates and points outside the
 * site's countries answer 400 with a translated message; the coordinates are never stored.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireApiUser(context);
  const t = getI18n(context).t;
  const noStore = { "Cache-Control": "private, no-store" };
  const parsed = coordinatesSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    return data({ error: "invalid_coordinates", message: t("members:geocode.invalid") }, { status: 400, headers: noStore });
  }
  const result = await geocode(getServices(context).db, getSite(context).settings.countries, parsed.data);
  if (!result.ok) {
    return data({ error: "outside_site_countries", message: t("members:geocode.outside") }, { status: 400, headers: noStore });
  }
  return data({ country: result.country, region: result.region }, { headers: noStore });
}

/** Every other method: a 405 in the API's error shape. */
export const action = onlyGet;
