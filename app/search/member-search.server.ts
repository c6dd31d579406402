/**
 * Member search (product.md §2 "Member search: gender, country, region, age"): visible members only
 * (`visibleTo`), members with a photo first and then newest first, 24 per page with keyset
 * pagination (never OFFSET), a total count capped at 1000, and similar members when few match.
 *
 * The queries are shaped for the partial indexes of `drizzle/schema.ts`:
 * `profiles_search (site_id, gender, country, has_photo, id, birth_date, region_id) WHERE status =
 * 'active'` answers a country search in result order with the age filter read from the index, and
 * `profiles_search_region (site_id, gender, region_id, has_photo, id, birth_date)` a region
 * search; neither needs a sort. `visibleTo` reads the row's own `listed` flag (ADR 037) and, for a
 * member, adds two probes into blocks per row read.
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
import { and, asc, desc, eq, gt, inArray, lt, lte, not, sql, type SQL } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { cardColumns, cardJoins, toProfileCard, type ProfileCard } from "~/profiles/profile-card.server";
import { visibleTo } from "~/profiles/visibility.server";
import { listRegions } from "~/sites/public-settings.server";
import type { RegionData } from "~/sites/regions";
import { allowedSearchFields, type SearchAccess } from "~/search/search-access";
import { birthDateRange, searchDefaults } from "~/search/search-rules";
import {
  COUNT_CAP,
  FEW_RESULTS,
  MAX_SEARCH_AGE,
  restrictFilters,
  SEARCH_PAGE_SIZE,
  SIMILAR_AGE_WIDENING,
  SIMILAR_COUNT_CAP,
  SIMILAR_PAGE_SIZE,
  withDefaults,
  type Gender,
  type ParsedSearchQuery,
  type SearchCursor,
  type SearchField,
  type SearchFilterOptions,
  type SearchFilters,
  type SearchPosition,
} from "~/search/search-params";
import type { SiteSettings } from "~/sites/site-settings";
import type { Sexuality } from "~/profiles/profile-schema";
import { countryNames } from "~/i18n/format";

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

/** Members close to a search that found few, paged on their own (spec §3 search state). */
export type SimilarPage = {
  profiles: SearchResult[];
  /** `similar_after` cursor of the next similar members, null when there are no more. */
  nextCursor: SearchPosition | null;
  /** Similar members, counted up to SIMILAR_COUNT_CAP + 1. */
  total: { count: number; capped: boolean };
};

type Viewer = { profileId: number | null; siteId: number };

type Criteria = {
  gender: Gender;
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

/**
 * Up to `limit` matches read range by range in `order`, and the capped count, with the similar
 * members' reads (when asked) in the same batch: one round trip.
 */
async function readPage(
  db: Database,
  viewer: Viewer,
  where: SQL,
  ranges: (SQL | undefined)[],
  order: "search" | "reverse",
  limit: number,
  similar: SimilarRead | null,
) {
  const similarQueries = similar ? similarReads(db, viewer, similar) : [];
  const [[count], ...rest] = (await db.batch([
    cappedCountQuery(db, where),
    ...similarQueries,
    ...ranges.map((range) => pageQuery(db, viewer, and(where, range)!, order, limit)),
  ])) as unknown as [[{ n: number }], ...ResultRow[][]];
  if (!similar) return { rows: rest.flat().slice(0, limit), count, similar: null };
  const [[similarCount], ...similarPages] = rest.slice(0, similarQueries.length) as unknown as [[{ n: number }], ...ResultRow[][]];
  return {
    rows: rest.slice(similarQueries.length).flat().slice(0, limit),
    count,
    similar: { rows: similarPages.flat().slice(0, SIMILAR_PAGE_SIZE + 1), count: similarCount },
  };
}

const positionOf = (row: { hasPhoto: boolean; id: number }): SearchPosition => ({ hasPhoto: row.hasPhoto, id: row.id });

/** COUNT over a LIMIT subquery: at most COUNT_CAP + 1 index entries are read, however many match. */
function cappedCountQuery(db: Database, where: SQL, cap: number | SQL = COUNT_CAP + 1) {
  const matches = db
    .select({ one: sql`1` })
    .from(profiles)
    .where(where)
    // drizzle types a limit as a number, and writes any SQL it is given as is.
    .limit(cap as number)
    .as("matches");
  return db.select({ n: sql<number>`count(*)` }).from(matches);
}

/**
 * Similar members (spec §3 "similar results by page, similar result count"): the same gender in
 * the same country, any region, the age band widened by SIMILAR_AGE_WIDENING years on both sides,
 * without the exact matches. They are one index range of `profiles_search` in result order, so
 * they page with their own keyset cursor (`similar_after`) like the results do.
 */
type SimilarRead = { where: SQL; after: SearchPosition | null; gate: SQL };

function similarRead(
  viewer: Viewer,
  filters: SearchFilters,
  siteMinAge: number,
  after: SearchPosition | null,
  now: Date,
): SimilarRead | null {
  const exact = criteriaOf(filters);
  const wider: Criteria = {
    ...exact,
    regionId: null,
    minAge: Math.max(siteMinAge, exact.minAge - SIMILAR_AGE_WIDENING),
    maxAge: Math.min(MAX_SEARCH_AGE, exact.maxAge + SIMILAR_AGE_WIDENING),
  };
  // Nothing to widen (the whole country, every age): the exact matches are all there is.
  if (exact.regionId === null && wider.minAge === exact.minAge && wider.maxAge === exact.maxAge) return null;
  const band = birthDateRange(exact.minAge, exact.maxAge, now);
  // `IS`: a member without a region is never an exact match of a region search.
  const isExact = and(
    exact.regionId === null ? undefined : sql`${profiles.regionId} IS ${exact.regionId}`,
    gt(profiles.birthDate, band.earliestExclusive),
    lte(profiles.birthDate, band.latest),
  )!;
  const exactWhere = matching(viewer, exact, now);
  // The similar members are read only when the exact ones are few: their LIMIT is 0 otherwise,
  // which SQLite checks before reading a row. The gate counts at most FEW_RESULTS index entries.
  const gate = (limit: number) =>
    sql`(SELECT CASE WHEN count(*) < ${FEW_RESULTS} THEN ${limit} ELSE 0 END FROM (SELECT 1 FROM ${profiles} WHERE ${exactWhere} LIMIT ${FEW_RESULTS}))`;
  return { where: and(matching(viewer, wider, now), not(isExact))!, after, gate: gate(SIMILAR_PAGE_SIZE + 1) };
}

function similarReads(db: Database, viewer: Viewer, read: SimilarRead) {
  const countGate = sql`(CASE WHEN ${read.gate} > 0 THEN ${SIMILAR_COUNT_CAP + 1} ELSE 0 END)`;
  return [
    cappedCountQuery(db, read.where, countGate),
    ...rangesBeyond(read.after, "below").map((range) =>
      pageQuery(db, viewer, and(read.where, range)!, "search", read.gate as unknown as number),
    ),
  ] as const;
}

function similarPageOf(read: { rows: ResultRow[]; count: { n: number } | undefined }, now: Date): SimilarPage | null {
  const shown = read.rows.slice(0, SIMILAR_PAGE_SIZE);
  if (shown.length === 0) return null;
  const n = Number(read.count?.n ?? 0);
  return {
    profiles: shown.map((row) => toResult(row, now)),
    nextCursor: read.rows.length > SIMILAR_PAGE_SIZE ? positionOf(shown[shown.length - 1]!) : null,
    total: n > SIMILAR_COUNT_CAP ? { count: SIMILAR_COUNT_CAP, capped: true } : { count: Math.max(n, shown.length), capped: false },
  };
}

type ResultRow = Parameters<typeof toProfileCard>[0] & { hasPhoto: boolean; liked: number; likedMe: number };

function toResult(row: ResultRow, now: Date): SearchResult {
  return { ...toProfileCard(row, now), liked: Boolean(row.liked), likedMe: Boolean(row.likedMe) };
}

/** One page of results (and the capped total) for a search at a cursor. */
export async function searchMembers(
  db: Database,
  input: { viewer: Viewer; filters: SearchFilters; cursor: SearchCursor; now: Date; similar?: SimilarRead | null },
): Promise<SearchPage & { similar: SimilarPage | null }> {
  const { viewer, filters, cursor, now } = input;
  const where = matching(viewer, criteriaOf(filters), now);
  const size = SEARCH_PAGE_SIZE;

  if (cursor && "before" in cursor) {
    // The previous page: the `size` members just before the cursor, read upwards, then reversed.
    const { rows, count } = await readPage(db, viewer, where, rangesBeyond(cursor.before, "above"), "reverse", size + 1, null);
    if (rows.length >= size) {
      const shown = rows.slice(0, size).reverse();
      return {
        profiles: shown.map((row) => toResult(row, now)),
        previousCursor: rows.length > size ? positionOf(shown[0]!) : null,
        nextCursor: positionOf(shown[shown.length - 1]!),
        total: totalOf(count),
        similar: null,
      };
    }
    // Fewer than a page above the cursor: that is the first page (which may have grown since).
    return searchMembers(db, { ...input, cursor: null });
  }

  const after = cursor && "after" in cursor ? cursor.after : null;
  // Similar members go with the first page of results only.
  const similarRead = after === null ? (input.similar ?? null) : null;
  const { rows, count, similar } = await readPage(db, viewer, where, rangesBeyond(after, "below"), "search", size + 1, similarRead);
  const shown = rows.slice(0, size);
  return {
    profiles: shown.map((row) => toResult(row, now)),
    nextCursor: rows.length > size ? positionOf(shown[shown.length - 1]!) : null,
    // Past the end (members left since the link was made) the previous page is the one above the cursor.
    previousCursor: after !== null ? (shown[0] ? positionOf(shown[0]) : after) : null,
    total: totalOf(count),
    similar: similar ? similarPageOf(similar, now) : null,
  };
}

function totalOf(row: { n: number } | undefined) {
  const n = Number(row?.n ?? 0);
  return n > COUNT_CAP ? { count: COUNT_CAP, capped: true } : { count: n, capped: false };
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

/** One search as the /members page shows it: the filters it ran with, what the form offers, and cursors, never links. */
export type MemberSearchPage = {
  /** The filters the search ran with (defaults filled in, filters the visitor may not use reset). */
  filters: SearchFilters;
  options: SearchFilterOptions;
  profiles: SearchResult[];
  total: { count: number; capped: boolean };
  /** The page number shown. */
  page: number;
  /** Where the next page starts (full search only), null on the last page. */
  nextCursor: SearchPosition | null;
  /** Where the previous page ends, null on the first page. */
  previousCursor: SearchPosition | null;
  /** Similar members when the exact ones are few; `nextCursor` pages them on (full search only). */
  similar: { profiles: SearchResult[]; total: { count: number; capped: boolean }; nextCursor: SearchPosition | null } | null;
};

/**
 * The /members page for one request: takes the parsed query (search-params.ts: nonsense has fallen
 * back to defaults there), applies the searcher's defaults and what their access allows (limited
 * logged-out search: gender and country, first page only), reads one page and its capped count,
 * and — on a first page with fewer than FEW_RESULTS matches — similar members with their own
 * cursor and count, in the same batch.
 */
export async function memberSearch(
  db: Database,
  input: {
    site: SiteForSearch;
    /** The signed-in member's profile as the session read it (no read of its own: ADR 047); null for a visitor. */
    viewerProfile: { id: number; gender: Gender; sexuality: Sexuality; country: string } | null;
    access: Exclude<SearchAccess, "none">;
    query: ParsedSearchQuery;
    now: Date;
    /** The searcher's language, for the names of the countries offered. */
    language: string;
  },
): Promise<MemberSearchPage> {
  const { site, viewerProfile, access, now } = input;
  const viewerProfileId = viewerProfile?.id ?? null;
  const allowed: SearchField[] = allowedSearchFields(site.searchFields, access);
  const defaults = searchDefaults(site, viewerProfile);
  const query = withDefaults(input.query, defaults);
  const chosen = restrictFilters(query.filters, defaults, allowed);
  const cursor = access === "limited" ? null : query.cursor;
  const viewer = { profileId: viewerProfileId, siteId: site.id };
  // The regions (cached in the isolate), the results and the similar members travel together; SQLite
  // skips the similar ones when the exact matches are not few. A region of another country, which only
  // a hand-edited address asks for, is dropped and the search run again.
  const similarAfter = access === "full" ? query.similarAfter : null;
  const [regions, asked] = await Promise.all([
    searchRegions(db, site.countries),
    searchMembers(db, { viewer, filters: chosen, cursor, now, similar: similarRead(viewer, chosen, site.minAge, similarAfter, now) }),
  ]);
  const regionFits = regionBelongsTo(chosen.regionId, chosen.country, regions);
  const filters = regionFits ? chosen : { ...chosen, regionId: null };
  const results = regionFits
    ? asked
    : await searchMembers(db, { viewer, filters, cursor, now, similar: similarRead(viewer, filters, site.minAge, similarAfter, now) });
  const firstPage = results.previousCursor === null;
  const similar = results.similar;
  // The page number is only shown; a hand-edited one cannot make the first page look like another.
  const page = firstPage ? 1 : Math.max(2, query.page);
  return {
    filters,
    options: { countries: countryNames(site.countries, input.language), regions, minAge: site.minAge, maxAge: MAX_SEARCH_AGE, allowed },
    profiles: results.profiles,
    total: results.total,
    page,
    // Paging on needs full search; the previous page stays reachable.
    nextCursor: access === "full" ? results.nextCursor : null,
    previousCursor: results.previousCursor,
    similar: similar && {
      profiles: similar.profiles,
      total: similar.total,
      nextCursor: access === "full" ? similar.nextCursor : null,
    },
  };
}
