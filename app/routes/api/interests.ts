import type { Route } from "./+types/interests";
import { getServices } from "~/http/context.server";
import { getI18n } from "~/http/i18n.server";
import { listInterests } from "~/sites/public-settings.server";
import { onlyGet } from "~/http/api-errors.server";

/** GET /api/interests.php — the 50 interests with their icon and name in the visitor's language. */
export async function loader({ context }: Route.LoaderArgs) {
  const interests = await listInterests(getServices(context).db, getI18n(context).t);
  return Response.json(interests, { headers: { "Cache-Control": "private, max-age=3600" } });
}

/** Every other method: a 405 in the API's error shape. */
export const action = onlyGet;
