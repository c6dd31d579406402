/**
 * Two of the demo sites, for unit tests: as the app sees them (`testSite`) and as the database
 * holds them (`testSiteRows`, what site.server.ts reads), made from the seed's company and sites
 * (drizzle/seed/sites.ts) so the two never disagree.
 */
import { company, sites as seededSites, type SiteKey } from "../../drizzle/seed/sites";
import { siteSettingsSchema } from "~/sites/site-settings";
import type { Site } from "~/sites/site.server";

/** The settings a site must have (the rest have defaults), as the Dutch demo site words them: for schema tests. */
export const requiredSettings = {
  indexTitle: "Flirtparadijs",
  description: "Ontmoet singles",
  countries: ["NL"],
  supportPhone: "+31 20 123 4567",
  supportEmail: "support@flirtparadijs.nl",
  fictionalWarning: "Dit is een entertainmentprofiel.",
  fictionalSingular: "entertainmentprofiel",
  fictionalPlural: "entertainmentprofielen",
  mailName: "Flirtparadijs",
};

/** The demo sites' ids, in the order the seed writes them. */
const ids = { "nl-general": 1, "de-milf": 2 } satisfies Partial<Record<SiteKey, number>>;

function seeded(key: keyof typeof ids) {
  const site = seededSites.find((candidate) => candidate.key === key);
  if (!site) throw new Error(`no seeded site ${key}`);
  return { id: ids[key], name: site.name, domain: site.domain, domainLanguage: site.domainLanguage, countries: site.settings.countries };
}

export function testSite(key: keyof typeof ids = "nl-general"): Site {
  const { id, name, domain, domainLanguage, countries } = seeded(key);
  return {
    id,
    key,
    name,
    domain,
    domainLanguage,
    isDefault: key === "nl-general",
    hosts: [domain, `www.${domain}`],
    settings: siteSettingsSchema.parse({
      indexTitle: name,
      description: name,
      countries,
      supportPhone: company.supportPhone,
      supportEmail: `support@${domain}`,
      fictionalWarning: "—",
      fictionalSingular: "—",
      fictionalPlural: "—",
      mailName: name,
    }),
    company: { ...company, tradenames: [...company.tradenames], vatNumbers: [...company.vatNumbers] },
    prices: [],
  };
}

/**
 * The rows site.server.ts reads for `testSite(key)` (its one batch: sites, hosts, companies, prices),
 * for a fake database; each call returns new objects, so a test may change them.
 */
export function testSiteRows(key: keyof typeof ids = "nl-general") {
  const { company: companyOf, hosts, prices: _prices, ...site } = testSite(key);
  return {
    sites: [{ ...site, companyId: 1, settings: { ...site.settings } as Record<string, unknown> }],
    siteHosts: hosts.map((host) => ({ host, siteId: site.id })),
    companies: [{ id: 1, ...companyOf, tradenames: [...companyOf.tradenames], vatNumbers: [...companyOf.vatNumbers] }],
    sitePrices: [] as Record<string, unknown>[],
  };
}
