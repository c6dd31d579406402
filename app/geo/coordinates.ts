/**
 * The query of GET /api/geocode.php (product.md §7: lat, lon): decimal degrees in range, nothing
 * else. Messages are locale keys of the `members` namespace.
 */
import { z } from "zod/mini";

/** A plain decimal number as the Geolocation API gives it ("52.0907", "-0.12"); no exponents, no hex. */
const DECIMAL = /^-?\d{1,3}(\.\d{1,12})?$/;

const degrees = (min: number, max: number) =>
  z.pipe(
    z.pipe(
      z.string({ error: "members:geocode.invalid" }).check(z.trim(), z.regex(DECIMAL, { error: "members:geocode.invalid" })),
      z.transform(Number),
    ),
    z.number().check(z.refine((value) => value >= min && value <= max, { error: "members:geocode.invalid" })),
  );

export const coordinatesSchema = z.object({
  lat: degrees(-90, 90),
  lon: degrees(-180, 180),
});

export type Coordinates = z.infer<typeof coordinatesSchema>;

/**
 * Coordinates as the browser sends them: rounded to two decimals (about a kilometre), which is
 * plenty to find a region and keeps the exact position on the member's device.
 */
export function roundedForRequest(latitude: number, longitude: number): { lat: string; lon: string } {
  return { lat: latitude.toFixed(2), lon: longitude.toFixed(2) };
}
