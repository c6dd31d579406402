/**
 * A report from a chat (ADR 053): one tap under a flagged message files a complaint about the
 * partner that names the conversation. The moderator reads the conversation's last messages where
 * they already are (`messages`), so no copy of a message's text is made; the reporter is told the
 * outcome when a moderator closes it, without the action taken.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { CHAT_REPORT_SUBJECT } from "./chat-report-subject";

export type ChatReportOutcome = { status: "reported"; complaintId: number } | { status: "not_found" };

/**
 * Files the report in one statement: only a member of the conversation on this site reports it,
 * and a second tap (or a resent form) while the first report is open files nothing new.
 */
export async function reportConversation(
  db: Database,
  input: {
    siteId: number;
    reporter: { userId: number; profileId: number; name: string; email: string };
    conversationId: number;
    now: Date;
  },
): Promise<ChatReportOutcome> {
  const { reporter, conversationId, siteId } = input;
  const at = Math.floor(input.now.getTime() / 1000);
  const [inserted, [open]] = await db.batch([
    db.all<{ id: number }>(sql`
      INSERT INTO complaints (site_id, user_id, name, email, subject, body, profile_id, conversation_id, status, created_at)
      SELECT ${siteId}, ${reporter.userId}, ${reporter.name}, ${reporter.email}, ${CHAT_REPORT_SUBJECT}, '',
        CASE WHEN c.starter_id = ${reporter.profileId} THEN c.recipient_id ELSE c.starter_id END, c.id, 'open', ${at}
      FROM conversations AS c
      WHERE c.id = ${conversationId} AND c.site_id = ${siteId}
        AND ${reporter.profileId} IN (c.starter_id, c.recipient_id)
        AND NOT EXISTS (
          SELECT 1 FROM complaints WHERE user_id = ${reporter.userId} AND conversation_id = c.id AND status != 'closed')
      RETURNING id`),
    db.all<{ id: number }>(sql`
      SELECT id FROM complaints
      WHERE user_id = ${reporter.userId} AND conversation_id = ${conversationId} AND site_id = ${siteId} AND status != 'closed'
      ORDER BY id DESC LIMIT 1`),
  ]);
  const id = inserted[0]?.id ?? open?.id;
  return id === undefined ? { status: "not_found" } : { status: "reported", complaintId: id };
}
