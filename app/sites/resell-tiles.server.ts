/**
 * The cam-profile and resell tile list (product.md §2, setting `member_resell`): the partner tiles
 * a site advertises on its profile pages. Empty unless the site switched `member_resell` on.
 */
import type { ResellTile } from "./site-settings";

/**
 * The tiles to show on this site: none when `member_resell` is off; a tile whose image is not a
 * local asset nor on the site's own domain (or a subdomain of it) is left out, so no third-party
 * image host learns who looks at which profile.
 */
export function resellTilesFor(site: { domain: string; settings: { memberResell: boolean; resellTiles: ResellTile[] } }): ResellTile[] {
  if (!site.settings.memberResell) return [];
  const domain = site.domain.toLowerCase();
  return site.settings.resellTiles.filter(({ imageUrl }) => {
    if (imageUrl.startsWith("/") && !imageUrl.startsWith("//")) return true;
    try {
      const host = new URL(imageUrl).hostname;
      return host === domain || host.endsWith(`.${domain}`);
    } catch {
      return false;
    }
  });
}
