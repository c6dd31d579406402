/**
 * The mail a banned member gets (ADR 053): their account was closed for breaking the house rules,
 * and how to appeal (reply, or write to the site's support address, within 30 days).
 */
import { sql } from "drizzle-orm";
import { sendMail, type MailDeps } from "~/mail/mail.server";
import * as urls from "~/urls";

/** Sends the notice to the owner of `profileId` when that account is banned; a mail that fails never undoes the ban. */
export async function tellBannedMember(deps: MailDeps, input: { profileId: number; origin: string }): Promise<void> {
  const [member] = await deps.db.all<{ user_id: number; email: string; language: string; name: string }>(sql`
    SELECT u.id AS user_id, u.email, u.language, p.name FROM profiles AS p JOIN users AS u ON u.id = p.user_id
    WHERE p.id = ${input.profileId} AND p.site_id = ${deps.site.id} AND u.status = 'banned'`);
  if (!member) return;
  try {
    await sendMail(deps, {
      template: "account_banned",
      to: member.email,
      userId: member.user_id,
      locale: member.language,
      params: { name: member.name, link: new URL(urls.page("ban"), input.origin).toString() },
    });
  } catch (error) {
    console.error("ban notice mail failed", error);
  }
}
