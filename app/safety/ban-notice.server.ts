/**
 * The mail a banned member gets (ADR 053): their account was closed for breaking the house rules,
 * and how to appeal (reply, or write to the site's support address, within 30 days). It is written
 * in the ban's own batch and recorded only if the ban happens (ADR 056), so a ban posted twice
 * sends it once and a worker that dies after the ban cannot lose it.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { mailInBatch, type MailDeps } from "~/mail/mail.server";
import * as urls from "~/urls";

/** Who a mail about a moderator's decision goes to. */
export type MailRecipient = { userId: number; email: string; language: string; name: string };

/** The owner of `profileId` on this site, with what their mail needs; null when there is none. */
export async function profileOwner(db: Database, siteId: number, profileId: number): Promise<MailRecipient | null> {
  const [member] = await db.all<MailRecipient>(sql`
    SELECT u.id AS userId, u.email, u.language, p.name FROM profiles AS p JOIN users AS u ON u.id = p.user_id
    WHERE p.id = ${profileId} AND p.site_id = ${siteId}`);
  return member ?? null;
}

/** The ban notice, for the ban's batch (`banMember`, `banInBatch`). */
export function banNotice(deps: MailDeps, member: MailRecipient, origin: string) {
  return mailInBatch(deps, {
    template: "account_banned",
    to: member.email,
    userId: member.userId,
    locale: member.language,
    params: { name: member.name, link: new URL(urls.page("ban"), origin).toString() },
  });
}
