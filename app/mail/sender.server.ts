/**
 * Who a site's mail comes from: the site's `mail_name` (product.md §3 settings) as display name,
 * and MAIL_FROM or else noreply@<the site's domain> as address (each white-label domain is verified
 * with the provider, so mail passes SPF/DKIM/DMARC as the site it is about).
 */
import { schema, type Database } from "~/db/client.server";
import type { AppEnv } from "~/env.server";
import { domainLanguageOf } from "~/i18n/languages";
import { localizedTextSchema, localizeText } from "~/sites/site-texts";

type SenderSite = { name: string; domain: string; mailName?: string };

/** A display name is a quoted header value: no quotes, backslashes, angle brackets or line breaks. */
const displayName = (name: string) => name.replace(/["\\<>\r\n]/g, "").trim();

export function senderFor(site: SenderSite, env: Pick<AppEnv, "MAIL_FROM">): string {
  const address = env.MAIL_FROM ?? `noreply@${site.domain}`;
  const name = displayName(site.mailName || site.name);
  return name ? `"${name}" <${address}>` : address;
}

/**
 * Every site's sender by the mail's language (`mail_name` is per language, product.md §10 "Sites"),
 * for the cron: it retries mails of all sites and has no request's site. Undefined for a site that
 * does not exist.
 */
export async function sendersBySite(
  db: Database,
  env: Pick<AppEnv, "MAIL_FROM">,
): Promise<(siteId: number, language: string) => string | undefined> {
  const rows = await db
    .select({
      id: schema.sites.id,
      name: schema.sites.name,
      domain: schema.sites.domain,
      domainLanguage: schema.sites.domainLanguage,
      settings: schema.sites.settings,
    })
    .from(schema.sites);
  const sites = new Map(rows.map((row) => [row.id, row]));
  return (siteId, language) => {
    const row = sites.get(siteId);
    if (!row) return undefined;
    const parsed = localizedTextSchema.safeParse(row.settings.mailName);
    const mailName = parsed.success ? localizeText(parsed.data, language, domainLanguageOf(row.domainLanguage)) : undefined;
    return senderFor({ name: row.name, domain: row.domain, mailName }, env);
  };
}
