/**
 * Coordinates → the site's country and its nearest region (product.md §10 "Age, identity and
 * profiles"). The country comes from the borders shipped with `@rapideditor/country-coder` (point
 * in polygon, no network), the region from the representative points in the `regions` table. Only
 * the country and the region leave this module: the coordinates are neither stored nor returned.
 * ADR 012.
 */
import { eq } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import type { Coordinates } from "~/geo/coordinates";
import { nearest } from "~/geo/distance";

export type GeocodeResult =
  | { ok: true; country: string; region: { id: number; code: string; name: string } }
  | { ok: false; reason: "outside" };

/**
 * The ISO 3166-1 alpha-2 code of the country containing the point, or null (sea, unknown).
 * The borders (about 700 kB of JavaScript) are loaded on the first call only, so requests that
 * never geocode do not pay for parsing them.
 */
export async function countryAt({ lat, lon }: Coordinates): Promise<string | null> {
  const { iso1A2Code } = await import("@rapideditor/country-coder");
  // Country level: an overseas territory counts for its country (a point in Puerto Rico is US).
  return iso1A2Code([lon, lat], { level: "country" });
}

export async function geocode(db: Database, countries: readonly string[], point: Coordinates): Promise<GeocodeResult> {
  const country = await countryAt(point);
  if (!country || !countries.includes(country)) return { ok: false, reason: "outside" };
  const regions = await db
    .select({
      id: schema.regions.id,
      code: schema.regions.code,
      name: schema.regions.name,
      latitude: schema.regions.latitude,
      longitude: schema.regions.longitude,
    })
    .from(schema.regions)
    .where(eq(schema.regions.country, country));
  const region = nearest({ latitude: point.lat, longitude: point.lon }, regions);
  if (!region) return { ok: false, reason: "outside" };
  return { ok: true, country, region: { id: region.id, code: region.code, name: region.name } };
}
