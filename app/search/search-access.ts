/**
 * Who may search how (product.md §4, §6): members always search fully. Logged-out search follows
 * the site's `logged_out_search`, or `logged_out_search_trafficsource` for a visitor who came
 * through a traffic source (a tracking record with a network): 'none' disables it, 'limited' shows
 * the first page with only the gender and country filters, 'all' is the members' search.
 */
import type { SearchField } from "~/search/search-params";

export type LoggedOutSearch = "all" | "limited" | "none";
export type SearchAccess = "full" | "limited" | "none";

export function searchAccess(input: {
  loggedIn: boolean;
  hasTrafficSource: boolean;
  loggedOutSearch: LoggedOutSearch;
  loggedOutSearchTrafficsource: LoggedOutSearch;
}): SearchAccess {
  if (input.loggedIn) return "full";
  const setting = input.hasTrafficSource ? input.loggedOutSearchTrafficsource : input.loggedOutSearch;
  return setting === "all" ? "full" : setting;
}

/** The filters offered: the site's `search_fields`, narrowed to gender and country for limited search. */
export function allowedSearchFields(siteFields: readonly SearchField[], access: SearchAccess): SearchField[] {
  const limitedTo: readonly SearchField[] = ["gender", "country"];
  return siteFields.filter((field) => access === "full" || limitedTo.includes(field));
}
