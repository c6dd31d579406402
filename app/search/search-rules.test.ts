import { describe, expect, it } from "vitest";
import { ageOn } from "~/profiles/age";
import { allowedSearchFields, searchAccess } from "./search-access";
import { birthDateRange, searchDefaults } from "./search-rules";

const site = { countries: ["NL", "BE"], minAge: 18, niche: 1 };

describe("search defaults", () => {
  it("start from the gender a member looks for and their own country", () => {
    expect(searchDefaults(site, { gender: "male", sexuality: "hetero", country: "BE" })).toMatchObject({ gender: "female", country: "BE" });
    expect(searchDefaults(site, { gender: "female", sexuality: "lesbian", country: "NL" })).toMatchObject({ gender: "female" });
    expect(searchDefaults(site, { gender: "male", sexuality: "gay", country: "NL" })).toMatchObject({ gender: "male" });
    expect(searchDefaults(site, { gender: "female", sexuality: "bi", country: "NL" })).toMatchObject({ gender: "male" });
    // A member from a country the site does not serve searches its main country.
    expect(searchDefaults(site, { gender: "male", sexuality: "hetero", country: "FR" })).toMatchObject({ country: "NL" });
  });

  it("use the site's main country and the whole age range for visitors", () => {
    expect(searchDefaults(site, null)).toEqual({ gender: "female", country: "NL", regionId: null, minAge: 18, maxAge: 99 });
    expect(searchDefaults({ countries: ["GB", "US"], minAge: 21, niche: 7 }, null)).toMatchObject({
      gender: "male",
      country: "GB",
      minAge: 21,
    });
  });
});

describe("age band", () => {
  it("covers exactly the birth dates whose age (as ageOn counts) lies in the band", () => {
    for (const today of ["2026-06-15", "2024-02-29", "2025-03-01", "2025-12-31"].map((day) => new Date(`${day}T12:00:00Z`))) {
      const { latest, earliestExclusive } = birthDateRange(30, 40, today);
      const day = new Date(Date.UTC(today.getUTCFullYear() - 45, 0, 1));
      while (day.getUTCFullYear() < today.getUTCFullYear() - 25) {
        const birth = day.toISOString().slice(0, 10);
        const age = ageOn(birth, today);
        expect(birth > earliestExclusive && birth <= latest, `${birth} on ${today.toISOString()}`).toBe(age >= 30 && age <= 40);
        day.setUTCDate(day.getUTCDate() + 1);
      }
    }
  });
});

describe("search access", () => {
  const settings = { loggedOutSearch: "limited", loggedOutSearchTrafficsource: "all" } as const;
  it("lets members search fully and follows the site's logged-out settings for visitors", () => {
    expect(searchAccess({ loggedIn: true, hasTrafficSource: false, loggedOutSearch: "none", loggedOutSearchTrafficsource: "none" })).toBe(
      "full",
    );
    expect(searchAccess({ loggedIn: false, hasTrafficSource: false, ...settings })).toBe("limited");
    expect(searchAccess({ loggedIn: false, hasTrafficSource: true, ...settings })).toBe("full");
    expect(searchAccess({ loggedIn: false, hasTrafficSource: false, loggedOutSearch: "none", loggedOutSearchTrafficsource: "all" })).toBe(
      "none",
    );
    expect(searchAccess({ loggedIn: false, hasTrafficSource: true, loggedOutSearch: "all", loggedOutSearchTrafficsource: "none" })).toBe(
      "none",
    );
  });

  it("narrows limited search to gender and country, within the site's search fields", () => {
    expect(allowedSearchFields(["gender", "country", "region", "age"], "limited")).toEqual(["gender", "country"]);
    expect(allowedSearchFields(["gender", "age"], "full")).toEqual(["gender", "age"]);
    expect(allowedSearchFields(["age"], "limited")).toEqual([]);
  });
});
