/**
 * Who a site's mail comes from: the site's `mail_name` (product.md §3 settings) as display name,
 * and MAIL_FROM or else noreply@<the site's domain> as address (each white-label domain is verified
 * with the provider, so mail passes SPF/DKIM/DMARC as the site it is about).
 */
import { schema, type Database } from "~/db/client.server";
import type { AppEnv } from "~/env.server";

type SenderSite = { name: string; domain: string; mailName?: string };

/** A display name is a quoted header value: no quotes, backslashes, angle brackets or line breaks. */
const displayName = (name: string) => name.replace(/["\\<>\r\n]/g, "").trim();

export function senderFor(site: SenderSite, env: Pick<AppEnv, "MAIL_FROM">): string {
  const address = env.MAIL_FROM ?? `noreply@${site.domain}`;
  const name = displayName(site.mailName || site.name);
  return name ? `"${name}" <${address}>` : address;
}

/** Every site's sender, for the cron (it retries mails of all sites and has no request's site). */
export async function sendersBySite(db: Database, env: Pick<AppEnv, "MAIL_FROM">): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: schema.sites.id, name: schema.sites.name, domain: schema.sites.domain, settings: schema.sites.settings })
    .from(schema.sites);
  return new Map(
    rows.map((row) => {
      const mailName = typeof row.settings.mailName === "string" ? row.settings.mailName : undefined;
      return [row.id, senderFor({ name: row.name, domain: row.domain, mailName }, env)];
    }),
  );
}
