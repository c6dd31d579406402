import type { Route } from "./+types/robots";
import { linkOrigin } from "~/http/context.server";
import { robotsTxt } from "~/seo/seo";

/** GET /robots.txt — per site (by host): the members area stays out of search engines; the sitemap's address. */
export function loader({ request, context }: Route.LoaderArgs) {
  return new Response(robotsTxt(linkOrigin(context, request)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
