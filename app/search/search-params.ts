/**
 * Member search in the URL (product.md §2 `/members`, limits in §9: gender, country, countryregion,
 * min_age, max_age) plus the keyset cursor. One zod schema parses the query string; every field falls back
 * to its default on a missing or nonsense value, so `?min_age=abc&country=ZZ&countryregion=-1`
 * is simply the default search, never an error.
 *
 * Shared by the route (server) and the filter form (browser): no server imports here.
 */
import { z } from "zod";
import { genders } from "~/profiles/profile-fields";
import type { RegionData } from "~/sites/regions";

export type Gender = (typeof genders)[number];

/** Results per page. */
export const SEARCH_PAGE_SIZE = 24;
/** The oldest age the filter offers. */
export const MAX_SEARCH_AGE = 99;
/** Total counts stop at this number and show as "1000+" (a COUNT over a LIMIT 1001 subquery). */
export const COUNT_CAP = 1000;
/** Fewer matches than this on the first page add "similar members" (relaxed filters). */
export const FEW_RESULTS = 6;
/** How far the similar members widen the age band, in years on both sides. */
export const SIMILAR_AGE_WIDENING = 5;
/** Similar members per "more" step. */
export const SIMILAR_PAGE_SIZE = 12;
/** The similar members' count stops here and shows as "100+" (a COUNT over a LIMIT 101 subquery). */
export const SIMILAR_COUNT_CAP = 100;

/** The filters a site may offer (site setting `search_fields`). */
export type SearchField = "gender" | "country" | "region" | "age";

/** What the filter form offers, as the search loader tells it: the form shows nothing else. */
export type SearchFilterOptions = {
  /** The site's countries, named in the searcher's language by the server: the browser builds no Intl.DisplayNames while it hydrates (ADR 063). */
  countries: readonly { code: string; name: string }[];
  regions: RegionData;
  /** The youngest and oldest age offered. */
  minAge: number;
  maxAge: number;
  /** The filters this visitor may use (site `search_fields`, limited logged-out search). */
  allowed: readonly SearchField[];
};

export type SearchFilters = {
  gender: Gender;
  country: string;
  /** A region of `country`, or null for the whole country. */
  regionId: number | null;
  minAge: number;
  maxAge: number;
};

/** Where a result stands in the order: members with a photo first, then by descending profile id. */
export type SearchPosition = { hasPhoto: boolean; id: number };

/**
 * Keyset position. Pages list members with an approved photo first, each group newest first
 * (descending profile id):
 * - `after`: the next page starts below this position — the "next page" link carries the last
 *   member shown;
 * - `before`: the previous page ends above this position — the "previous page" link carries the
 *   first member shown, and the server reads upwards from it and reverses.
 * Both directions are plain keyset reads, so going back is exact and bookmarkable without a
 * stack in the URL or the browser history, and members who sign up meanwhile (higher ids) never
 * shift the pages a member is paging through. In the URL a position is `<1|0>-<id>` (with or
 * without a photo); anything else, a bare id of the old links included, reads as the first page.
 */
export type SearchCursor = { after: SearchPosition } | { before: SearchPosition } | null;

export type SearchQuery = {
  filters: SearchFilters;
  cursor: SearchCursor;
  /** The similar members' own cursor (`similar_after`): they continue below this position. */
  similarAfter: SearchPosition | null;
  /** Shown as "page N" only; the cursor decides what is read. */
  page: number;
};

export type SearchSchemaOptions = {
  /** The site's countries (first is its main one). */
  countries: readonly string[];
  /** The site's minimum age (product.md §10: 18). */
  minAge: number;
};

/** A parsed query; gender and country are null when missing or unusable (see `withDefaults`). */
export type ParsedSearchQuery = {
  filters: Omit<SearchFilters, "gender" | "country"> & { gender: Gender | null; country: string | null };
  cursor: SearchCursor;
  similarAfter: SearchPosition | null;
  page: number;
};

/** A position as the URL carries it (see `SearchCursor`). */
export function formatPosition(at: SearchPosition): string {
  return `${at.hasPhoto ? 1 : 0}-${at.id}`;
}

/** "1-123" (has photo, profile id) as a position; built when parsing, so pages that only format links load no zod. */
function positionSchema() {
  return z
    .string()
    .regex(/^[01]-[1-9][0-9]{0,15}$/)
    .transform((value, context): SearchPosition => {
      const number = Number(value.slice(2));
      if (!Number.isSafeInteger(number)) {
        context.addIssue({ code: "custom", message: "not a profile id" });
        return z.NEVER;
      }
      return { hasPhoto: value[0] === "1", id: number };
    });
}

/**
 * The search query string. The age band defaults to the whole range the site allows; gender and
 * country default to what the searcher looks for (`withDefaults`), which costs a database read
 * for a member, so the schema leaves them null instead of asking for that default up front.
 */
export function searchQuerySchema({ countries, minAge }: SearchSchemaOptions) {
  const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
  const age = (fallback: number) => z.coerce.number().int().min(minAge).max(MAX_SEARCH_AGE).catch(fallback);
  const position = positionSchema();
  return z
    .object({
      gender: z.enum(genders).nullable().catch(null).default(null),
      country: z
        .string()
        .trim()
        .toUpperCase()
        .refine((value) => countries.includes(value))
        .nullable()
        .catch(null)
        .default(null),
      // "" (any region), -1 and other nonsense mean the whole country.
      countryregion: id.nullable().catch(null).default(null),
      min_age: age(minAge),
      max_age: age(MAX_SEARCH_AGE),
      after: position.optional().catch(undefined),
      before: position.optional().catch(undefined),
      similar_after: position.optional().catch(undefined),
      page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
    })
    .transform((query): ParsedSearchQuery => {
      // A reversed age range is a slip of the hand, not an empty search.
      const [low, high] = query.min_age <= query.max_age ? [query.min_age, query.max_age] : [query.max_age, query.min_age];
      const cursor: SearchCursor = query.after ? { after: query.after } : query.before ? { before: query.before } : null;
      return {
        filters: { gender: query.gender, country: query.country, regionId: query.countryregion, minAge: low, maxAge: high },
        cursor,
        // The similar members page on from the first page of exact results only.
        similarAfter: cursor ? null : (query.similar_after ?? null),
        page: cursor ? query.page : 1,
      };
    });
}

/** Building the schema costs about 1 ms of CPU; a site's options rarely change, so each is built once. */
const schemas = new Map<string, ReturnType<typeof searchQuerySchema>>();
const MAX_CACHED_SCHEMAS = 64;

/** Parses a search URL's query string; never throws. */
export function parseSearchQuery(params: URLSearchParams, options: SearchSchemaOptions): ParsedSearchQuery {
  const key = `${options.minAge}|${options.countries.join(",")}`;
  let schema = schemas.get(key);
  if (!schema) {
    if (schemas.size >= MAX_CACHED_SCHEMAS) schemas.clear();
    schema = searchQuerySchema(options);
    schemas.set(key, schema);
  }
  return schema.parse(Object.fromEntries(params));
}

/** Whether the query leaves gender or country to the searcher's defaults. */
export function needsDefaults(query: ParsedSearchQuery): boolean {
  return query.filters.gender === null || query.filters.country === null;
}

/** The query's filters with the searcher's gender and country where the query has none. */
export function withDefaults(query: ParsedSearchQuery, defaults: Pick<SearchFilters, "gender" | "country">): SearchQuery {
  const { gender, country, ...rest } = query.filters;
  return { ...query, filters: { ...rest, gender: gender ?? defaults.gender, country: country ?? defaults.country } };
}

/**
 * Keeps only the filters a visitor may use: the site's `search_fields`, and for limited
 * logged-out search only gender and country. A filter that is not offered takes its default.
 */
export function restrictFilters(filters: SearchFilters, defaults: SearchFilters, allowed: readonly SearchField[]): SearchFilters {
  const has = (field: SearchField) => allowed.includes(field);
  return {
    gender: has("gender") ? filters.gender : defaults.gender,
    country: has("country") ? filters.country : defaults.country,
    regionId: has("region") ? filters.regionId : defaults.regionId,
    minAge: has("age") ? filters.minAge : defaults.minAge,
    maxAge: has("age") ? filters.maxAge : defaults.maxAge,
  };
}

/**
 * The query string of a search (the route puts it after its address): its filters, and optionally
 * a cursor and the page number it shows, or the similar members' cursor (which goes with the first
 * page of exact results). The inverse of `parseSearchQuery`.
 */
export function searchParams(
  filters: SearchFilters,
  position?: { cursor: SearchCursor; page: number; similarAfter?: SearchPosition },
): URLSearchParams {
  const params = new URLSearchParams({ gender: filters.gender, country: filters.country });
  if (filters.regionId !== null) params.set("countryregion", String(filters.regionId));
  params.set("min_age", String(filters.minAge));
  params.set("max_age", String(filters.maxAge));
  const cursor = position?.cursor;
  if (cursor && "after" in cursor) params.set("after", formatPosition(cursor.after));
  if (cursor && "before" in cursor) params.set("before", formatPosition(cursor.before));
  if (cursor && position.page > 1) params.set("page", String(position.page));
  if (!cursor && position?.similarAfter) params.set("similar_after", formatPosition(position.similarAfter));
  return params;
}
