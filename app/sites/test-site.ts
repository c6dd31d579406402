/**
 * Two of the demo sites, for unit tests: as the app sees them (`testSite`) and as the database
 * holds them (`testSiteRows`, what site.server.ts reads).
 */
import { siteSettingsSchema } from "~/sites/site-settings";
import type { Company, Site } from "~/sites/site.server";

const company: Company = {
  name: "Lovelink Media B.V.",
  address: "Herengracht 420",
  zip: "1017 BZ",
  city: "Amsterdam",
  country: "NL",
  kvk: "81234567",
  tradenames: ["Flirtparadijs", "Reife Liebe"],
  vatNumbers: ["NL862345678B01"],
  supportPhone: "+31 (0)20-123 4567",
  supportEmail: "support@lovelinkmedia.nl",
  deleteDiscount: 50,
  added: "2024-03-15",
};

const sites = {
  "nl-general": { id: 1, name: "Flirtparadijs", domain: "flirtparadijs.nl", domainLanguage: "nl_NL", countries: ["NL", "BE"] },
  "de-milf": { id: 2, name: "Reife Liebe", domain: "reifeliebe.de", domainLanguage: "de_DE", countries: ["DE", "AT", "CH"] },
};

export function testSite(key: keyof typeof sites = "nl-general"): Site {
  const { id, name, domain, domainLanguage, countries } = sites[key];
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
    company,
    prices: [],
  };
}

/**
 * The rows site.server.ts reads for `testSite(key)` (its one batch: sites, hosts, companies, prices),
 * for a fake database; each call returns new objects, so a test may change them.
 */
export function testSiteRows(key: keyof typeof sites = "nl-general") {
  const { company: companyOf, hosts, prices: _prices, ...site } = testSite(key);
  return {
    sites: [{ ...site, companyId: 1, settings: { ...site.settings } as Record<string, unknown> }],
    siteHosts: hosts.map((host) => ({ host, siteId: site.id })),
    companies: [{ id: 1, ...companyOf, tradenames: [...companyOf.tradenames], vatNumbers: [...companyOf.vatNumbers] }],
    sitePrices: [] as Record<string, unknown>[],
  };
}
