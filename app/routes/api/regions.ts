import type { Route } from "./+types/regions";
import { getServices, getSite } from "~/http/context.server";
import { listRegions } from "~/sites/public-settings.server";
import { onlyGet } from "~/http/api-errors.server";

/** GET /api/regions.php — regions per country the site serves (`?country=NL` for one of them). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { countries } = getSite(context).settings;
  const wanted = new URL(request.url).searchParams.get("country")?.toUpperCase();
  const selection = wanted ? countries.filter((country) => country === wanted) : countries;
  const regions = await listRegions(getServices(context).db, selection);
  return Response.json(regions, { headers: { "Cache-Control": "public, max-age=3600" } });
}

/** Every other method: a 405 in the API's error shape. */
export const action = onlyGet;
