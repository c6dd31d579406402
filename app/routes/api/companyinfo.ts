import type { Route } from "./+types/companyinfo";
import { getSite } from "~/http/context.server";
import { companyInfo } from "~/sites/public-settings.server";

/** GET /api/companyinfo.php — the operator's company details (product.md §3 "Company info"). */
export function loader({ context }: Route.LoaderArgs) {
  return Response.json(companyInfo(getSite(context)), { headers: { "Cache-Control": "public, max-age=3600" } });
}
