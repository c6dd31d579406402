import type { Route } from "./+types/companyinfo";
import { getSite } from "~/http/context.server";
import { companyInfo } from "~/sites/public-settings.server";
import { onlyGet } from "~/http/api-errors.server";

/** GET /api/companyinfo.php — the operator's company details (product.md §3 "Company info"). */
export function loader({ context }: Route.LoaderArgs) {
  return Response.json(companyInfo(getSite(context)), { headers: { "Cache-Control": "public, max-age=3600" } });
}

/** Every other method: a 405 in the API's error shape. */
export const action = onlyGet;
