/**
 * Member search (product.md §2 "Member search: gender, country, region, age"): visible members only
 * (`visibleTo`), members with a photo first and then newest first, 24 per page with keyset
 * pagination (never OFFSET), a total count capped at 1000, and similar members when few match.
 *
 * The queries are shaped for the partial indexes of `drizzle/schema.ts`:
 * `profiles_search (site_id, gender, country, has_photo, id, birth_date, region_id) WHERE status =
 * 'active'` answers a country search in result order with the age filter read from the index, and
 * `profiles_search_region (site_id, gender, region_id, has_photo, id, birth_date)` a region
 * search; neither needs a sort. `visibleTo` adds a primary-key probe into users (and two into blocks) per row read.
 * `npm run bench` prints the plans and timings (tools/bench/search.ts) and the page's latency
 * against a baseline (tools/bench/http.ts).
 *
 * Members with an approved photo come first (as in the swipe game and the match finder), so a
 * search never opens with silhouettes while faces wait further down. The order is
 * (has_photo DESC, id DESC): `profiles.has_photo` is a stored flag (`refreshHasPhoto` keeps it with
 * every photo change and moderation decision) placed in both indexes before `id`, so the indexes
 * hand out rows in that order with no sort, and the cursor is the pair (has_photo, id) — page 50
 * is one index seek, like page 1.
 */
import { and, asc, desc, eq, gt, inArray, lt, lte, notInArray, sql, type SQL } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { cardColumns, cardJoins, toProfileCard, type ProfileCard } from "~/profiles/profile-card.server";
import { visibleTo } from "~/profiles/visibility.server";
import { listRegions, type RegionData } from "~/sites/public-settings.server";
import { allowedSearchFields, type SearchAccess } from "~/search/search-access";
import { birthDateRange, searchDefaults } from "~/search/search-rules";
import {
  COUNT_CAP,
  FEW_RESULTS,
  MAX_SEARCH_AGE,
  parseSearchQuery,
  restrictFilters,
  SEARCH_PAGE_SIZE,
  searchHref,
  SIMILAR_AGE_WIDENING,
  withDefaults,
  type Gender,
  type SearchCursor,
  type SearchField,
  type SearchFilters,
  type SearchPosition,
} from "~/search/search-params";
import type { SiteSettings } from "~/sites/site-settings";
import type { Sexuality } from "~/profiles/profile-schema";

const { profiles, photos, regions, likes } = schema;

/** A result card, with the like relation for the tile's like button (false for visitors). */
export type SearchResult = ProfileCard & { liked: boolean; likedMe: boolean };

export type SearchPage = {
  profiles: SearchResult[];
  /** `after` cursor of the next page, null on the last page. */
  nextCursor: SearchPosition | null;
  /** `before` cursor of the previous page, null on the first page. */
  previousCursor: SearchPosition | null;
  /** Matching members, counted up to COUNT_CAP + 1; `capped` means "more than COUNT_CAP". */
  total: { count: number; capped: boolean };
};

export type SimilarResults = {
  profiles: SearchResult[];
  /** The relaxations that found them, in order: region → country → age band. */
  relaxed: ("region" | "country" | "age")[];
};

type Viewer = { profileId: number | null; siteId: number };

type Criteria = {
  gender: Gender;
  /** One country, or several (the similar-members step that drops the country). */
  countries: readonly string[];
  regionId: number | null;
  minAge: number;
  maxAge: number;
};

function criteriaOf(filters: SearchFilters): Criteria {
  return {
    gender: filters.gender,
    countries: [filters.country],
    regionId: filters.regionId,
    minAge: filters.minAge,
    maxAge: filters.maxAge,
  };
}

function matching(viewer: Viewer, criteria: Criteria, today: Date): SQL {
  const birth = birthDateRange(criteria.minAge, criteria.maxAge, today);
  const [onlyCountry] = criteria.countries;
  return and(
    visibleTo(viewer.profileId, viewer.siteId),
    eq(profiles.gender, criteria.gender),
    criteria.countries.length === 1 && onlyCountry ? eq(profiles.country, onlyCountry) : inArray(profiles.country, [...criteria.countries]),
    criteria.regionId === null ? undefined : eq(profiles.regionId, criteria.regionId),
    gt(profiles.birthDate, birth.earliestExclusive),
    lte(profiles.birthDate, birth.latest),
  )!;
}

function resultColumns(viewerProfileId: number | null) {
  return {
    ...cardColumns,
    hasPhoto: profiles.hasPhoto,
    // Two primary-key probes per shown tile: whether the viewer liked this member, and the reverse.
    liked:
      viewerProfileId === null
        ? sql<number>`0`
        : sql<number>`EXISTS (SELECT 1 FROM ${likes} WHERE ${likes.likerId} = ${viewerProfileId} AND ${likes.likedId} = ${profiles.id})`,
    likedMe:
      viewerProfileId === null
        ? sql<number>`0`
        : sql<number>`EXISTS (SELECT 1 FROM ${likes} WHERE ${likes.likerId} = ${profiles.id} AND ${likes.likedId} = ${viewerProfileId})`,
  };
}

/** Results in search order (members with a photo first, then newest first), or the reverse. */
function pageQuery(db: Database, viewer: Viewer, where: SQL, order: "search" | "reverse", limit: number) {
  const direction = order === "search" ? desc : asc;
  return db
    .select(resultColumns(viewer.profileId))
    .from(profiles)
    .leftJoin(photos, cardJoins.photo)
    .leftJoin(regions, cardJoins.region)
    .where(where)
    .orderBy(direction(profiles.hasPhoto), direction(profiles.id))
    .limit(limit);
}

/**
 * The index ranges that hold the members past `at` in search order (`below`) or before it
 * (`above`), in reading order. A row value `(has_photo, id) < (?, ?)` would say it in one term,
 * but SQLite seeks an index only on its first column when the second is the rowid (`id`), and
 * would then walk the whole group from its top; each range below is an equality on `has_photo`
 * and a seek on `id`, so any page is read like the first.
 */
function rangesBeyond(at: SearchPosition | null, side: "below" | "above"): (SQL | undefined)[] {
  const group = (hasPhoto: boolean) => eq(profiles.hasPhoto, hasPhoto);
  if (at === null) return [undefined]; // the first page: the index from its top
  if (side === "below") {
    return at.hasPhoto ? [and(group(true), lt(profiles.id, at.id)), group(false)] : [and(group(false), lt(profiles.id, at.id))];
  }
  return at.hasPhoto ? [and(group(true), gt(profiles.id, at.id))] : [and(group(false), gt(profiles.id, at.id)), group(true)];
}

/** Up to `limit` matches read range by range in `order`, and the capped count: one batch. */
async function readPage(db: Database, viewer: Viewer, where: SQL, ranges: (SQL | undefined)[], order: "search" | "reverse", limit: number) {
  const [[count], ...pages] = await db.batch([
    cappedCountQuery(db, where),
    ...ranges.map((range) => pageQuery(db, viewer, and(where, range)!, order, limit)),
  ]);
  return { rows: pages.flat().slice(0, limit), count };
}

const positionOf = (row: { hasPhoto: boolean; id: number }): SearchPosition => ({ hasPhoto: row.hasPhoto, id: row.id });

/** COUNT over a LIMIT subquery: at most COUNT_CAP + 1 index entries are read, however many match. */
function cappedCountQuery(db: Database, where: SQL) {
  const matches = db
    .select({ one: sql`1` })
    .from(profiles)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as("matches");
  return db.select({ n: sql<number>`count(*)` }).from(matches);
}

type ResultRow = Parameters<typeof toProfileCard>[0] & { hasPhoto: boolean; liked: number; likedMe: number };

function toResult(row: ResultRow, now: Date): SearchResult {
  return { ...toProfileCard(row, now), liked: Boolean(row.liked), likedMe: Boolean(row.likedMe) };
}

/** One page of results (and the capped total) for a search at a cursor. */
export async function searchMembers(
  db: Database,
  input: { viewer: Viewer; filters: SearchFilters; cursor: SearchCursor; now: Date },
): Promise<SearchPage> {
  const { viewer, filters, cursor, now } = input;
  const where = matching(viewer, criteriaOf(filters), now);
  const size = SEARCH_PAGE_SIZE;

  if (cursor && "before" in cursor) {
    // The previous page: the `size` members just before the cursor, read upwards, then reversed.
    const { rows, count } = await readPage(db, viewer, where, rangesBeyond(cursor.before, "above"), "reverse", size + 1);
    if (rows.length >= size) {
      const shown = rows.slice(0, size).reverse();
      return {
        profiles: shown.map((row) => toResult(row, now)),
        previousCursor: rows.length > size ? positionOf(shown[0]!) : null,
        nextCursor: positionOf(shown[shown.length - 1]!),
        total: totalOf(count),
      };
    }
    // Fewer than a page above the cursor: that is the first page (which may have grown since).
    return searchMembers(db, { ...input, cursor: null });
  }

  const after = cursor && "after" in cursor ? cursor.after : null;
  const { rows, count } = await readPage(db, viewer, where, rangesBeyond(after, "below"), "search", size + 1);
  const shown = rows.slice(0, size);
  return {
    profiles: shown.map((row) => toResult(row, now)),
    nextCursor: rows.length > size ? positionOf(shown[shown.length - 1]!) : null,
    // Past the end (members left since the link was made) the previous page is the one above the cursor.
    previousCursor: after !== null ? (shown[0] ? positionOf(shown[0]) : after) : null,
    total: totalOf(count),
  };
}

function totalOf(row: { n: number } | undefined) {
  const n = Number(row?.n ?? 0);
  return n > COUNT_CAP ? { count: COUNT_CAP, capped: true } : { count: n, capped: false };
}

/**
 * Members close to a search that found few: the filters relaxed step by step — first the region
 * (the whole country), then the country (all the site's countries), then the age band (±5 years)
 * — each step adding members not shown yet, until `limit` are found or every step was tried.
 */
export async function similarMembers(
  db: Database,
  input: {
    viewer: Viewer;
    filters: SearchFilters;
    siteCountries: readonly string[];
    siteMinAge: number;
    excludeIds: readonly number[];
    now: Date;
    limit?: number;
  },
): Promise<SimilarResults> {
  const limit = input.limit ?? 12;
  const steps: { name: SimilarResults["relaxed"][number]; relax: (c: Criteria) => Criteria }[] = [
    { name: "region", relax: (c) => ({ ...c, regionId: null }) },
    { name: "country", relax: (c) => ({ ...c, countries: input.siteCountries }) },
    {
      name: "age",
      relax: (c) => ({
        ...c,
        minAge: Math.max(input.siteMinAge, c.minAge - SIMILAR_AGE_WIDENING),
        maxAge: Math.min(MAX_SEARCH_AGE, c.maxAge + SIMILAR_AGE_WIDENING),
      }),
    },
  ];
  const found: SearchResult[] = [];
  const relaxed: SimilarResults["relaxed"] = [];
  const seen = new Set(input.excludeIds);
  let criteria = criteriaOf(input.filters);
  for (const step of steps) {
    const next = step.relax(criteria);
    if (JSON.stringify(next) === JSON.stringify(criteria)) continue; // nothing to relax at this step
    criteria = next;
    const where =
      seen.size > 0
        ? and(matching(input.viewer, criteria, input.now), notInArray(profiles.id, [...seen]))!
        : matching(input.viewer, criteria, input.now);
    const rows = await pageQuery(db, input.viewer, where, "search", limit - found.length);
    if (rows.length > 0) relaxed.push(step.name);
    for (const row of rows) {
      seen.add(row.id);
      found.push(toResult(row, input.now));
    }
    if (found.length >= limit) break;
  }
  return { profiles: found, relaxed };
}

/** Whether a region lies in the searched country (a region of another country is dropped). */
export function regionBelongsTo(regionId: number | null, country: string, regionData: RegionData): boolean {
  return regionId === null || (regionData[country] ?? []).some((region) => region.id === regionId);
}

const REGIONS_TTL_MS = 10 * 60_000;
const regionCache = new Map<string, { loadedAt: number; data: RegionData }>();

/**
 * The regions of the site's countries for the filter form. Regions are reference data that only
 * change with a deploy, so each isolate keeps them for ten minutes (one query fewer per search).
 * The cache holds the data, never a pending promise: a Worker must not await another request's I/O.
 */
export async function searchRegions(db: Database, countries: readonly string[], now = Date.now()): Promise<RegionData> {
  const key = countries.join(",");
  const cached = regionCache.get(key);
  if (cached && now - cached.loadedAt < REGIONS_TTL_MS) return cached.data;
  const data = await listRegions(db, countries);
  regionCache.set(key, { loadedAt: now, data });
  return data;
}

type SiteForSearch = { id: number } & Pick<SiteSettings, "countries" | "minAge" | "niche" | "searchFields">;

/**
 * The /members page for one request: parses the query (nonsense falls back to defaults), applies
 * the searcher's defaults and what their access allows (limited logged-out search: gender and
 * country, first page only), reads one page and its capped count, and — on a first page with
 * fewer than FEW_RESULTS matches — similar members.
 */
export async function memberSearch(
  db: Database,
  input: {
    site: SiteForSearch;
    /** The signed-in member's profile as the session read it (no read of its own: ADR 047); null for a visitor. */
    viewerProfile: { id: number; gender: Gender; sexuality: Sexuality; country: string } | null;
    access: Exclude<SearchAccess, "none">;
    params: URLSearchParams;
    now: Date;
  },
) {
  const { site, viewerProfile, access, now } = input;
  const viewerProfileId = viewerProfile?.id ?? null;
  const parsed = parseSearchQuery(input.params, { countries: site.countries, minAge: site.minAge });
  const allowed: SearchField[] = allowedSearchFields(site.searchFields, access);
  const defaults = searchDefaults(site, viewerProfile);
  const query = withDefaults(parsed, defaults);
  const chosen = restrictFilters(query.filters, defaults, allowed);
  const cursor = access === "limited" ? null : query.cursor;
  const viewer = { profileId: viewerProfileId, siteId: site.id };
  // The regions (cached in the isolate) and the results travel together; a region of another
  // country, which only a hand-edited address asks for, is dropped and the search run again.
  const [regions, asked] = await Promise.all([
    searchRegions(db, site.countries),
    searchMembers(db, { viewer, filters: chosen, cursor, now }),
  ]);
  const regionFits = regionBelongsTo(chosen.regionId, chosen.country, regions);
  const filters = regionFits ? chosen : { ...chosen, regionId: null };
  const results = regionFits ? asked : await searchMembers(db, { viewer, filters, cursor, now });
  const firstPage = results.previousCursor === null;
  const similar =
    firstPage && results.total.count < FEW_RESULTS
      ? await similarMembers(db, {
          viewer,
          filters,
          siteCountries: site.countries,
          siteMinAge: site.minAge,
          excludeIds: results.profiles.map((profile) => profile.id),
          now,
        })
      : null;
  // The page number is only shown; a hand-edited one cannot make the first page look like another.
  const page = firstPage ? 1 : Math.max(2, query.page);
  return {
    filters,
    options: { countries: site.countries, regions, minAge: site.minAge, maxAge: MAX_SEARCH_AGE, allowed },
    profiles: results.profiles,
    total: results.total,
    page,
    nextHref:
      access === "full" && results.nextCursor !== null
        ? searchHref(filters, { cursor: { after: results.nextCursor }, page: page + 1 })
        : null,
    previousHref:
      results.previousCursor !== null ? searchHref(filters, { cursor: { before: results.previousCursor }, page: page - 1 }) : null,
    similar: similar && similar.profiles.length > 0 ? similar.profiles : null,
  };
}
