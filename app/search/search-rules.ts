/**
 * The rules of member search that need no database: the searcher's default filters and the
 * dates of birth an age band stands for.
 */
import { soughtGenders, type Sexuality } from "~/profiles/profile-schema";
import { MAX_SEARCH_AGE, type Gender, type SearchFilters } from "~/search/search-params";

/** Defaults for a member: the gender they look for and their own country; for visitors the site's. */
export function searchDefaults(
  site: { countries: readonly string[]; minAge: number; niche: number },
  member: { gender: Gender; sexuality: Sexuality; country: string } | null,
): SearchFilters {
  const mainCountry = site.countries[0] ?? "NL";
  const base = { regionId: null, minAge: site.minAge, maxAge: MAX_SEARCH_AGE };
  if (!member) {
    // Visitors: the site's main country; the gay niche (7) shows men, every other niche women.
    return { ...base, gender: site.niche === 7 ? "male" : "female", country: mainCountry };
  }
  // Bi members look for both; the search starts with the other gender.
  const sought = soughtGenders(member.gender, member.sexuality);
  const opposite: Gender = member.gender === "male" ? "female" : "male";
  return {
    ...base,
    gender: sought.includes(opposite) ? opposite : sought[0]!,
    country: site.countries.includes(member.country) ? member.country : mainCountry,
  };
}

function yearsBefore(today: Date, years: number): string {
  const year = String(today.getUTCFullYear() - years).padStart(4, "0");
  return `${year}${today.toISOString().slice(4, 10)}`;
}

/**
 * The dates of birth of members aged `minAge` to `maxAge` on `today`, counted as `ageOn` does
 * (whole years, UTC): born after `earliestExclusive` and on or before `latest`. Comparing ISO
 * strings works even on 29 February (a year-shifted "2007-02-29" still sorts between the 28th
 * and 1 March, as `ageOn` counts that birthday).
 */
export function birthDateRange(minAge: number, maxAge: number, today: Date) {
  return { latest: yearsBefore(today, minAge), earliestExclusive: yearsBefore(today, maxAge + 1) };
}
