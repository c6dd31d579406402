import type { Route } from "./+types/web-app-manifest";
import { getSite } from "~/http/context.server";
import { webAppManifest } from "~/sites/web-app-manifest";

/** GET /manifest.webmanifest — the installed app of this site (product.md §2; site settings). */
export function loader({ context }: Route.LoaderArgs) {
  return Response.json(webAppManifest(getSite(context)), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
