import type { RegionCount } from "~/landers/lander-members.server";

const WIDTH = 400;
const PADDING = 24;

type Point = { x: number; y: number };

/** The convex hull of points (Andrew's monotone chain): the outline a country's regions span. */
export function convexHull(points: Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (sorted.length < 3) return sorted;
  const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const half = (list: Point[]) => {
    const chain: Point[] = [];
    for (const point of list) {
      while (chain.length >= 2 && cross(chain[chain.length - 2]!, chain[chain.length - 1]!, point) <= 0) chain.pop();
      chain.push(point);
    }
    chain.pop();
    return chain;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

/**
 * A map of the site's regions drawn from their centres (shipped region data, never a member's
 * position): each region a circle sized by its members, each country the area its regions span.
 */
export function RegionMap({ regions, label }: { regions: RegionCount[]; label: string }) {
  if (regions.length === 0) return null;
  const latitudes = regions.map((region) => region.latitude);
  const longitudes = regions.map((region) => region.longitude);
  const [minLat, maxLat] = [Math.min(...latitudes), Math.max(...latitudes)];
  const [minLon, maxLon] = [Math.min(...longitudes), Math.max(...longitudes)];
  // An equirectangular projection, its longitudes narrowed at the area's middle latitude.
  const squeeze = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = Math.max((maxLon - minLon) * squeeze, 0.5);
  const spanY = Math.max(maxLat - minLat, 0.5);
  const scale = (WIDTH - 2 * PADDING) / Math.max(spanX, spanY);
  const height = Math.round(spanY * scale + 2 * PADDING);
  const width = Math.round(spanX * scale + 2 * PADDING);
  const project = (region: RegionCount): Point => ({
    x: PADDING + (region.longitude - minLon) * squeeze * scale,
    y: PADDING + (maxLat - region.latitude) * scale,
  });
  const most = Math.max(...regions.map((region) => region.members));
  const countries = [...new Set(regions.map((region) => region.country))];
  return (
    <svg className="region-map" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
      {countries.map((country) => {
        const hull = convexHull(regions.filter((region) => region.country === country).map(project));
        return (
          <polygon
            key={country}
            className="region-map__country"
            points={hull.map((point) => `${point.x.toFixed(1)},${point.y.toFixed(1)}`).join(" ")}
          />
        );
      })}
      {regions.map((region) => {
        const { x, y } = project(region);
        return (
          <circle
            key={`${region.country}-${region.name}`}
            className="region-map__region"
            cx={x.toFixed(1)}
            cy={y.toFixed(1)}
            r={(4 + 14 * Math.sqrt(region.members / most)).toFixed(1)}
          />
        );
      })}
    </svg>
  );
}
