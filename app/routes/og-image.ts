import type { Route } from "./+types/og-image";
import { getSite } from "~/http/context.server";
import { drawCard, encodePng } from "~/seo/og-image";

/** Drawn once per brand and isolate (a few sites, about 10 KB each). */
const drawn = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

/** GET /og-image.png — this site's link-preview picture in its brand colours (product.md §10 "Acquisition"). */
export async function loader({ context }: Route.LoaderArgs) {
  const { primary, secondary } = getSite(context).settings.brand;
  const key = `${primary}${secondary}`;
  if (!drawn.has(key)) {
    const png = encodePng(drawCard(primary, secondary));
    png.catch(() => drawn.delete(key));
    drawn.set(key, png);
  }
  const png = await drawn.get(key)!;
  return new Response(png, { headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400" } });
}
