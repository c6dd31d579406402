import { describe, expect, it } from "vitest";
import { parseSearchQuery, restrictFilters, searchParams, withDefaults, type SearchFilters } from "./search-params";

const site = { countries: ["NL", "BE"], minAge: 18 };
const parse = (query: string) => parseSearchQuery(new URLSearchParams(query), site);
const defaults: SearchFilters = { gender: "female", country: "NL", regionId: null, minAge: 18, maxAge: 99 };

describe("search query", () => {
  it("reads the filters of product.md §3 and a keyset cursor", () => {
    const query = withDefaults(parse("gender=male&country=be&countryregion=7&min_age=30&max_age=40&after=1-123&page=3"), defaults);
    expect(query).toEqual({
      filters: { gender: "male", country: "BE", regionId: 7, minAge: 30, maxAge: 40 },
      cursor: { after: { hasPhoto: true, id: 123 } },
      similarAfter: null,
      page: 3,
    });
    expect(parse("before=0-99&page=2").cursor).toEqual({ before: { hasPhoto: false, id: 99 } });
  });

  it("reads an old (bare id) or tampered cursor as the first page", () => {
    for (const cursor of [
      "after=123",
      "after=2-5",
      "after=1-0",
      "after=1-01",
      "after=1-99999999999999999",
      "before=-1-5",
      "after=1-5x",
      "after=1-",
    ]) {
      expect(parse(`${cursor}&page=4`), cursor).toMatchObject({ cursor: null, page: 1 });
    }
  });

  it("falls back to the defaults on missing or nonsense values, never throwing", () => {
    const parsed = parse("min_age=abc&max_age=1e99&country=ZZ&countryregion=-1&gender=robot&after=xyz&before=-3&page=-1");
    expect(parsed.filters).toEqual({ gender: null, country: null, regionId: null, minAge: 18, maxAge: 99 });
    expect(parsed.cursor).toBeNull();
    expect(parsed.page).toBe(1);
    expect(withDefaults(parsed, defaults).filters).toEqual(defaults);
    expect(parse("min_age=17&max_age=100&countryregion=").filters).toMatchObject({ minAge: 18, maxAge: 99, regionId: null });
    expect(parse("min_age=2.5&after=1.5").filters.minAge).toBe(18);
    expect(() => parse("gender=female&gender=male&page=abc")).not.toThrow();
  });

  it("swaps a reversed age band and ignores the page number without a cursor", () => {
    expect(parse("min_age=50&max_age=30").filters).toMatchObject({ minAge: 30, maxAge: 50 });
    expect(parse("page=7").page).toBe(1);
    expect(parse("after=0-5&before=1-9").cursor).toEqual({ after: { hasPhoto: false, id: 5 } });
  });

  it("keeps only the filters a visitor may use", () => {
    const chosen: SearchFilters = { gender: "male", country: "BE", regionId: 4, minAge: 30, maxAge: 40 };
    expect(restrictFilters(chosen, defaults, ["gender", "country"])).toEqual({ ...defaults, gender: "male", country: "BE" });
    expect(restrictFilters(chosen, defaults, ["gender", "country", "region", "age"])).toEqual(chosen);
  });

  it("writes search query strings that parse back to the same search", () => {
    const filters: SearchFilters = { gender: "male", country: "BE", regionId: 4, minAge: 30, maxAge: 40 };
    const cursor = { after: { hasPhoto: true, id: 77 } };
    const query = String(searchParams(filters, { cursor, page: 2 }));
    expect(query).toBe("gender=male&country=BE&countryregion=4&min_age=30&max_age=40&after=1-77&page=2");
    const parsed = withDefaults(parse(query), defaults);
    expect(parsed).toEqual({ filters, cursor, similarAfter: null, page: 2 });
    expect(String(searchParams({ ...filters, regionId: null }))).toBe("gender=male&country=BE&min_age=30&max_age=40");
  });
});

describe("similar members' cursor", () => {
  it("goes with the first page of results only, and survives a round trip through the link", () => {
    const filters: SearchFilters = { gender: "female", country: "NL", regionId: 3, minAge: 40, maxAge: 45 };
    const query = String(searchParams(filters, { cursor: null, page: 1, similarAfter: { hasPhoto: false, id: 42 } }));
    expect(query).toBe("gender=female&country=NL&countryregion=3&min_age=40&max_age=45&similar_after=0-42");
    expect(parse(query).similarAfter).toEqual({ hasPhoto: false, id: 42 });
    expect(parse("similar_after=1-7&after=1-9&page=2").similarAfter).toBeNull();
    expect(parse("similar_after=nonsense").similarAfter).toBeNull();
  });
});
