/**
 * Sites (white label): every request is served for the site found by its host name.
 * Sites change rarely, so each isolate keeps them — settings, company, hosts and price lists — for
 * a minute (ADR 049): at most one read of them per isolate and minute, and an operator's change
 * reaches every isolate within a minute.
 * Translations are files bundled with the Worker (ADR 033), never read from the database.
 */
import { asc } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { schema } from "~/db/client.server";
import { pricePackageSchema } from "~/sites/price-list";
import type { PricePackage } from "~/sites/pricing";
import { siteSettingsSchema, type SiteSettings } from "~/sites/site-settings";
import { siteTextsFor, type SiteTexts } from "~/sites/site-texts";

export type Company = {
  name: string;
  address: string;
  zip: string;
  city: string;
  country: string;
  kvk: string;
  tradenames: string[];
  vatNumbers: string[];
  supportPhone: string;
  supportEmail: string;
  deleteDiscount: number;
  added: string;
};

/** What the footer and a receipt print about the company behind the site: its name, address and registrations. */
export function companyAddress(company: Company) {
  const { name, address, zip, city, country, kvk, vatNumbers } = company;
  return { name, address, zip, city, country, kvk, vatNumbers };
}

export type Site = {
  id: number;
  key: string;
  name: string;
  domain: string;
  domainLanguage: string;
  isDefault: boolean;
  /** The host names of `site_hosts` that lead to this site (lower case). */
  hosts: string[];
  settings: SiteSettings;
  company: Company;
  prices: PricePackage[];
};

/** A site as one request sees it: its texts resolved for the visitor's language (site-texts.ts). */
export type LocalizedSite = Site & { language: string; texts: SiteTexts };

export function localizeSite(site: Site, language: string): LocalizedSite {
  return { ...site, language, texts: siteTextsFor(site.settings, language, site.domainLanguage) };
}

/** How long an isolate keeps the sites before it reads them again (one request reads, the others keep the copy meanwhile). */
export const SITES_TTL_MS = 60_000;
type LoadedSites = { loadedAt: number; byHost: Map<string, Site>; byId: Map<number, Site>; fallback: Site | null };
let cache: LoadedSites | null = null;
/**
 * A request is reading the sites again: the others meanwhile keep the copy they have (a promise of
 * one request must not be awaited by another in workerd; its I/O ends with its request).
 */
let refreshing = false;
/** Each loaded site's version: a digest of everything read for it, part of the edge cache's key (ADR 048). */
const versions = new WeakMap<Site, string>();

/**
 * The version of a site's settings, company, hosts and price lists as this isolate loaded them:
 * it changes with any of them, so copies of pages made from older settings are no longer found.
 */
export function siteVersion(site: Site): string {
  return versions.get(site) ?? "0";
}

/** FNV-1a (32 bits) of a text, as 8 hex digits: a cheap digest, not a secret. */
function digest(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

export class NoSitesError extends Error {
  constructor() {
    super("No site is configured: run the migrations and the seed (npm run db:seed).");
  }
}

/** A price row the app offers: one that passes the price list's checks (price-list.ts); any other is left out and logged. */
function offerable(row: PricePackage & { siteId: number }): boolean {
  if (pricePackageSchema.safeParse(row).success) return true;
  console.error(`site ${row.siteId}: price ${row.currency} ${row.packageKey} left out: not a valid price`);
  return false;
}

async function loadSites(db: Database) {
  const [siteRows, hostRows, companyRows, priceRows] = await db.batch([
    db.select().from(schema.sites).orderBy(asc(schema.sites.id)),
    db.select().from(schema.siteHosts),
    db.select().from(schema.companies),
    db.select().from(schema.sitePrices).orderBy(asc(schema.sitePrices.position)),
  ]);
  const companies = new Map(companyRows.map((c) => [c.id, c]));
  const sites = new Map<number, Site>();
  for (const row of siteRows) {
    const company = companies.get(row.companyId);
    if (!company) continue;
    const { id: _companyId, ...companyInfo } = company;
    const site: Site = {
      id: row.id,
      key: row.key,
      name: row.name,
      domain: row.domain,
      domainLanguage: row.domainLanguage,
      isDefault: row.isDefault,
      hosts: hostRows.filter((h) => h.siteId === row.id).map((h) => h.host.toLowerCase()),
      settings: siteSettingsSchema.parse(row.settings),
      company: companyInfo,
      prices: priceRows.filter((p) => p.siteId === row.id && offerable(p)),
    };
    versions.set(site, digest(JSON.stringify([row, site.hosts, company, site.prices])));
    sites.set(row.id, site);
  }
  const byHost = new Map<string, Site>();
  for (const { host, siteId } of hostRows) {
    const site = sites.get(siteId);
    if (site) byHost.set(host.toLowerCase(), site);
  }
  const all = [...sites.values()];
  return { byHost, byId: sites, fallback: all.find((s) => s.isDefault) ?? all[0] ?? null };
}

/** The host a request is for; development may force one (env FORCE_HOST or `?host=`). */
export function requestHost(request: Request, options: { development: boolean; forcedHost?: string }): string {
  const url = new URL(request.url);
  if (options.development) {
    const forced = url.searchParams.get("host") ?? options.forcedHost;
    if (forced) return forced.toLowerCase();
  }
  return url.hostname.toLowerCase();
}

/** Where a browser reaches the app without a configured host: this machine (development and tests). */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The origin of every absolute link the app hands out (mails, the payment provider's return and
 * webhook addresses): the request's own origin when it came in on one of the site's hosts (or,
 * outside production, on this machine), else `https://` + the site's domain. Never a Host header a
 * client made up: a reset mail asked for with `Host: evil.example` links to the real site.
 */
export function siteOrigin(site: Site, request: Request, options: { development: boolean }): string {
  const url = new URL(request.url);
  const host = url.hostname.toLowerCase();
  const own = host === site.domain || host === `www.${site.domain}` || site.hosts.includes(host);
  if (own || (options.development && LOCAL_HOSTS.has(host))) return url.origin;
  return `https://${site.domain}`;
}

/**
 * The origin of links in mails a cron job sends, with no request to take it from: `https://` + the
 * site's domain; outside production, when the Worker knows the port it is served on
 * (`LOCAL_PORT`, set by `npm start`), the site's host on this machine (localhost, de.localhost …).
 */
export function siteOriginForJobs(site: Site, options: { development: boolean; localPort?: number }): string {
  const local =
    options.development && options.localPort ? site.hosts.find((host) => LOCAL_HOSTS.has(host) || host.endsWith(".localhost")) : undefined;
  return local ? `http://${local}:${options.localPort}` : `https://${site.domain}`;
}

async function loadedSites(db: Database, now: number): Promise<LoadedSites> {
  if (cache && (now - cache.loadedAt <= SITES_TTL_MS || refreshing)) return cache;
  refreshing = true;
  try {
    cache = { loadedAt: now, ...(await loadSites(db)) };
    return cache;
  } finally {
    refreshing = false;
  }
}

/** Every site by id, for work that is not a request (cron jobs mailing members of several sites). */
export async function sitesById(db: Database, now = Date.now()): Promise<Map<number, Site>> {
  return (await loadedSites(db, now)).byId;
}

export async function resolveSite(db: Database, host: string, now = Date.now()): Promise<Site> {
  const loaded = await loadedSites(db, now);
  const site = loaded.byHost.get(host) ?? loaded.byHost.get(host.replace(/^www\./, "")) ?? loaded.fallback;
  if (!site) {
    cache = null;
    throw new NoSitesError();
  }
  return site;
}

/**
 * Drops this isolate's copy of the sites after an operator changed one (app/admin/site-settings-writes.server.ts);
 * other isolates load them again within TTL_MS.
 */
export function forgetSites() {
  cache = null;
}
