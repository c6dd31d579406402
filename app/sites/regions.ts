/** The regions of a site's countries, per country code: one type for the search filters, the profile form and /api/regions.php. */
export type Region = { id: number; code: string; name: string };
export type RegionData = Record<string, Region[]>;
