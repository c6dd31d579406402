/**
 * The JSON documents of product.md §7 that describe a site: /api/settings.php,
 * /api/companyinfo.php, /api/interests.php and /api/regions.php.
 */
import { asc, inArray } from "drizzle-orm";
import type { TFunction } from "i18next";
import { schema, type Database } from "~/db/client.server";
import { minimumMessageCosts } from "~/sites/pricing";
import type { RegionData } from "~/sites/regions";
import type { LocalizedSite, Site } from "~/sites/site.server";

export async function listInterests(db: Database, t: TFunction) {
  const rows = await db.select().from(schema.interests).orderBy(asc(schema.interests.position));
  return rows.map((row) => ({ id: row.id, key: row.key, icon: row.icon, name: t(`interests.${row.key}`) }));
}

export async function listRegions(db: Database, countries: readonly string[]): Promise<RegionData> {
  if (countries.length === 0) return {};
  const rows = await db
    .select({ id: schema.regions.id, country: schema.regions.country, code: schema.regions.code, name: schema.regions.name })
    .from(schema.regions)
    .where(inArray(schema.regions.country, [...countries]))
    .orderBy(asc(schema.regions.country), asc(schema.regions.name));
  const result: RegionData = Object.fromEntries(countries.map((country) => [country, []]));
  for (const { country, ...region } of rows) result[country]?.push(region);
  return result;
}

export function companyInfo(site: Site) {
  const { company } = site;
  return {
    name: company.name,
    address: company.address,
    zip: company.zip,
    kvk: company.kvk,
    city: company.city,
    country: company.country,
    tradenames: company.tradenames,
    vat_numbers: company.vatNumbers,
    support_phone: company.supportPhone,
    support_email: company.supportEmail,
    delete_discount: company.deleteDiscount,
    added: company.added,
  };
}

export async function publicSettings(
  db: Database,
  site: LocalizedSite,
  options: { country: string | null; selectedCountry: string | null; t: TFunction },
) {
  const { settings } = site;
  const [interests, regionData] = await Promise.all([listInterests(db, options.t), listRegions(db, settings.countries)]);
  return {
    name: site.name,
    domain: site.domain,
    domain_language: site.domainLanguage,
    cdn_prefix: settings.cdnPrefix,
    index_title: site.texts.indexTitle,
    description: site.texts.description,
    countries: settings.countries,
    signups: settings.signups,
    logged_out_search: settings.loggedOutSearch,
    logged_out_search_trafficsource: settings.loggedOutSearchTrafficsource,
    // The site's countries and the visitor's own, so a visitor from elsewhere finds the currency of their price list.
    minimum_message_costs: minimumMessageCosts(
      site.prices,
      settings.countries,
      settings.messageCredits,
      options.country ? [options.country] : [],
    ),
    geoip_country: options.country,
    geoip_selected_country:
      options.selectedCountry && settings.countries.includes(options.selectedCountry)
        ? options.selectedCountry
        : options.country && settings.countries.includes(options.country)
          ? options.country
          : settings.countries[0],
    support_phone: settings.supportPhone,
    support_email: settings.supportEmail,
    push_public_key: settings.vapidPublicKey || null,
    enable_site_entry_popup: settings.enableSiteEntryPopup,
    niche: settings.niche,
    fictional_icon: settings.fictionalIcon,
    fictional_warning: site.texts.fictionalWarning,
    fictional_singular: site.texts.fictionalSingular,
    fictional_plural: site.texts.fictionalPlural,
    visible_profile_fields: settings.visibleProfileFields,
    visible_profile_notes: settings.visibleProfileNotes,
    message_credits: settings.messageCredits,
    signup_credits: settings.signupCredits,
    photo_credits: settings.photoCredits,
    gift_credits: settings.giftCredits,
    message_length: settings.messageLength,
    search_fields: settings.searchFields,
    refund_days: settings.refundDays,
    member_resell: settings.memberResell,
    company_id: site.company.kvk,
    mail_name: site.texts.mailName,
    interests,
    region_data: regionData,
  };
}
