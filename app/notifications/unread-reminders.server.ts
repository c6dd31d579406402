/**
 * The daily reminder of unread messages (product.md §3 type unread_message_reminders, §10
 * "Notifications": at most once a day). A member is reminded when a conversation has waited
 * unread for half a day, unless they had a reminder in the last 20 hours, switched the type off,
 * their e-mail is disabled, or the profile is one of the operator's fictional ones. Members are
 * claimed before their mail is written, so two runs never remind anyone twice.
 */
import { sql } from "drizzle-orm";
import { createVerificationToken } from "~/accounts/verification.server";
import type { Database } from "~/db/client.server";
import { isDevelopment, type AppEnv } from "~/env.server";
import { sendMail } from "~/mail/mail.server";
import { siteOriginForJobs, type Site } from "~/sites/site.server";
import * as urls from "~/urls";

const HOUR_S = 3600;
/** A conversation counts once its newest message has waited this long unread. */
const WAITED_S = 12 * HOUR_S;
/** The daily job runs at the same hour every day; 20 hours leaves room for a late run. */
const SINCE_LAST_REMINDER_S = 20 * HOUR_S;
/** Members reminded per run; the next day's run takes the rest. */
const BATCH = 500;

type Due = { userId: number; siteId: number; email: string; language: string; name: string; conversations: number };

async function claimDue(db: Database, now: Date): Promise<Due[]> {
  const at = Math.floor(now.getTime() / 1000);
  const rows = await db.all<Due>(sql`
    UPDATE users SET unread_reminder_at = ${at}
    WHERE id IN (
      SELECT u.id FROM users u
      JOIN profiles p ON p.user_id = u.id AND p.fictional = 0
      JOIN conversation_members cm ON cm.profile_id = p.id AND cm.removed_at IS NULL AND cm.unread_count > 0
      WHERE u.status = 'confirmed' AND u.email_disabled_reason IS NULL
        AND cm.last_message_at <= ${at - WAITED_S}
        AND (u.unread_reminder_at IS NULL OR u.unread_reminder_at <= ${at - SINCE_LAST_REMINDER_S})
        AND NOT EXISTS (SELECT 1 FROM notification_preferences np
          WHERE np.user_id = u.id AND np.type = 'unread_message_reminders' AND np.channel = 'email' AND np.enabled = 0)
      LIMIT ${BATCH})
    RETURNING id AS userId, site_id AS siteId, email, language,
      (SELECT name FROM profiles WHERE user_id = users.id) AS name,
      (SELECT count(*) FROM conversation_members cm JOIN profiles p ON p.id = cm.profile_id
        WHERE p.user_id = users.id AND cm.removed_at IS NULL AND cm.unread_count > 0) AS conversations`);
  return rows.map((row) => ({ ...row, userId: Number(row.userId), siteId: Number(row.siteId), conversations: Number(row.conversations) }));
}

/** Sends the day's reminders; returns how many went out. */
export async function sendUnreadReminders(deps: { db: Database; env: AppEnv; now: Date; sites: Map<number, Site> }): Promise<number> {
  const { db, now, sites } = deps;
  let sent = 0;
  for (const member of await claimDue(db, now)) {
    const site = sites.get(member.siteId);
    if (!site) continue;
    const origin = siteOriginForJobs(site, { development: isDevelopment(deps.env), localPort: deps.env.LOCAL_PORT });
    const token = await createVerificationToken(db, {
      userId: member.userId,
      kind: "unsubscribe",
      target: "unread_message_reminders",
      now,
    });
    await sendMail(
      { db, env: deps.env, site, now },
      {
        template: "unread_reminder",
        to: member.email,
        userId: member.userId,
        locale: member.language,
        params: {
          name: member.name,
          link: new URL(urls.chats, origin).toString(),
          unsubscribeUrl: new URL(urls.unsubscribe(token), origin).toString(),
        },
      },
    );
    sent += 1;
  }
  return sent;
}
