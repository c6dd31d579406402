import type { Route } from "./+types/og-image";
import { getSite } from "~/http/context.server";
import { drawCard, encodePng } from "~/seo/og-image";

/** GET /og-image.png — this site's link-preview picture in its brand colours (product.md §10 "Acquisition"). */
export async function loader({ context }: Route.LoaderArgs) {
  const { primary, secondary } = getSite(context).settings.brand;
  const png = await encodePng(drawCard(primary, secondary));
  return new Response(png, { headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400" } });
}
