/**
 * The moderators' queue of conversations (ADR 053): a conversation is in it while it has a message
 * the safety check flagged newer than the last decision about it, or an open report from a chat.
 * The moderator reads its last messages of both sides straight from `messages` (no copy is made)
 * and decides: dismiss, warn the member, remove their photos, or ban them. The decision is recorded
 * in the audit trail in the same batch (ADR 013), closes the chat reports about the conversation,
 * and each reporter is told that their report was handled, never which action was taken.
 */
import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SessionEndDeps } from "~/accounts/session-end.server";
import type { Database } from "~/db/client.server";
import { mailInBatch, type MailDeps } from "~/mail/mail.server";
import { afterBan, banInBatch } from "~/moderation/ban.server";
import { refreshHasPhoto, repairMainPhoto } from "~/photos/photos.server";
import { banNotice, type MailRecipient } from "./ban-notice.server";
import type { ConversationDecision } from "~/moderation/conversation-decisions";
import { parseReasons, type SafetyReason } from "./message-check";
import * as urls from "~/urls";

/** How many of a conversation's last messages the moderator reads. */
export const MESSAGES_SHOWN = 20;
/** How many conversations the queue shows at once, oldest waiting first. */
const QUEUE_SIZE = 20;

export type QueuedMessage = {
  id: number;
  senderId: number;
  kind: "text" | "gift" | "photo" | "gif";
  text: string | null;
  safety: SafetyReason[];
  at: Date;
};

export type QueuedConversation = {
  conversationId: number;
  members: { id: number; name: string; banned: boolean }[];
  /** Open reports from the chat, with the reporting member's profile. */
  reports: { complaintId: number; reporterProfileId: number | null; at: Date }[];
  /** The last messages of both sides, oldest first. */
  messages: QueuedMessage[];
};

/** The newest message a decision about conversation `c` covered (stored as the decision's reason). */
const reviewedThrough = sql`COALESCE((
  SELECT max(CAST(reason AS INTEGER)) FROM moderation_actions
  WHERE target_type = 'conversation' AND target_id = c.id), 0)`;

/** The queue: two reads one after the other (the conversations, then their last messages). */
export async function listFlaggedConversations(
  db: Database,
  siteId: number,
): Promise<{ conversations: QueuedConversation[]; total: number }> {
  const waiting = sql`
    SELECT c.id, c.starter_id, c.recipient_id, c.last_message_at FROM conversations AS c
    WHERE c.site_id = ${siteId} AND (
      EXISTS (SELECT 1 FROM messages AS m WHERE m.conversation_id = c.id AND m.safety_flags IS NOT NULL AND m.id > ${reviewedThrough})
      OR EXISTS (SELECT 1 FROM complaints AS r WHERE r.conversation_id = c.id AND r.status != 'closed'))
      AND c.id IN (
        SELECT conversation_id FROM messages WHERE safety_flags IS NOT NULL
        UNION SELECT conversation_id FROM complaints WHERE site_id = ${siteId} AND status != 'closed' AND conversation_id IS NOT NULL)`;
  const [rows, [count], reports] = await db.batch([
    db.all<{
      id: number;
      starter_id: number;
      recipient_id: number;
      starter_name: string;
      recipient_name: string;
      starter_banned: number;
      recipient_banned: number;
    }>(sql`
      SELECT w.id, w.starter_id, w.recipient_id,
        s.name AS starter_name, r.name AS recipient_name,
        (SELECT status = 'banned' FROM users WHERE id = s.user_id) AS starter_banned,
        (SELECT status = 'banned' FROM users WHERE id = r.user_id) AS recipient_banned
      FROM (${waiting}) AS w
      JOIN profiles AS s ON s.id = w.starter_id
      JOIN profiles AS r ON r.id = w.recipient_id
      ORDER BY w.last_message_at ASC, w.id ASC
      LIMIT ${QUEUE_SIZE}`),
    db.all<{ total: number }>(sql`SELECT count(*) AS total FROM (${waiting})`),
    db.all<{ id: number; conversation_id: number; profile_id: number | null; created_at: number }>(sql`
      SELECT r.id, r.conversation_id, p.id AS profile_id, r.created_at
      FROM complaints AS r LEFT JOIN profiles AS p ON p.user_id = r.user_id
      WHERE r.site_id = ${siteId} AND r.status != 'closed' AND r.conversation_id IS NOT NULL
      ORDER BY r.id`),
  ]);
  if (rows.length === 0) return { conversations: [], total: Number(count?.total ?? 0) };
  const ids = rows.map((row) => row.id);
  const messages = await db.all<{
    id: number;
    conversation_id: number;
    sender_id: number;
    kind: QueuedMessage["kind"];
    body: string | null;
    safety_flags: string | null;
    created_at: number;
  }>(sql`
    SELECT id, conversation_id, sender_id, kind, body, safety_flags, created_at FROM (
      SELECT m.*, row_number() OVER (PARTITION BY m.conversation_id ORDER BY m.id DESC) AS nth
      FROM messages AS m WHERE m.conversation_id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}))
    WHERE nth <= ${MESSAGES_SHOWN}
    ORDER BY conversation_id, id`);
  return {
    total: Number(count?.total ?? 0),
    conversations: rows.map((row) => ({
      conversationId: row.id,
      members: [
        { id: row.starter_id, name: row.starter_name, banned: Boolean(row.starter_banned) },
        { id: row.recipient_id, name: row.recipient_name, banned: Boolean(row.recipient_banned) },
      ],
      reports: reports
        .filter((report) => report.conversation_id === row.id)
        .map((report) => ({ complaintId: report.id, reporterProfileId: report.profile_id, at: new Date(report.created_at * 1000) })),
      messages: messages
        .filter((message) => message.conversation_id === row.id)
        .map((message) => ({
          id: message.id,
          senderId: message.sender_id,
          kind: message.kind,
          text: message.kind === "text" ? message.body : null,
          safety: parseReasons(message.safety_flags),
          at: new Date(message.created_at * 1000),
        })),
    })),
  };
}

export type ConversationReview = {
  siteId: number;
  /** The site's origin, for the links in the mails. */
  origin: string;
  moderatorUserId: number;
  conversationId: number;
  /** The member the decision is about (one of the two). */
  profileId: number;
  decision: ConversationDecision;
  /** The newest message the moderator saw: later flagged messages bring the conversation back. */
  throughMessageId: number;
  now: Date;
};

/**
 * Applies a decision about a conversation in one batch (ADR 013, ADR 056): recorded (with the newest
 * message it covers), the chat reports about it closed, what the decision does to the member (a
 * warning mail, their photos removed, or the ban of ADR 038 with its notice), and each reporter's
 * mail. Every mail is written in that batch, only when the change it tells of happens, and delivered
 * after the response. Two round trips: the member and the open reports, then the batch. False when
 * the conversation or member is not this site's, or this decision was already recorded (a double post).
 */
export async function decideConversation(deps: MailDeps & SessionEndDeps, review: ConversationReview): Promise<boolean> {
  const { db } = deps;
  const action = `${review.decision}:${review.profileId}`;
  const sameDecision = sql`
    SELECT 1 FROM moderation_actions WHERE target_type = 'conversation' AND target_id = ${review.conversationId}
      AND action = ${action} AND CAST(reason AS INTEGER) >= ${review.throughMessageId}`;
  const [[member], reports] = await db.batch([
    db.all<MailRecipient & { decided: number }>(sql`
      SELECT u.id AS userId, u.email, u.language, p.name, EXISTS (${sameDecision}) AS decided FROM conversations AS c
      JOIN profiles AS p ON p.id = ${review.profileId} AND p.id IN (c.starter_id, c.recipient_id)
      JOIN users AS u ON u.id = p.user_id
      WHERE c.id = ${review.conversationId} AND c.site_id = ${review.siteId}`),
    db.all<{ id: number; email: string; name: string; user_id: number | null; language: string | null }>(sql`
      SELECT id, email, name, user_id, (SELECT language FROM users WHERE users.id = complaints.user_id) AS language
      FROM complaints WHERE conversation_id = ${review.conversationId} AND site_id = ${review.siteId} AND status != 'closed'`),
  ]);
  if (!member || member.decided) return false;

  const at = Math.floor(review.now.getTime() / 1000);
  const warning =
    review.decision === "warn"
      ? await mailInBatch(deps, {
          template: "safety_warning",
          to: member.email,
          userId: member.userId,
          locale: member.language,
          params: { name: member.name, link: new URL(urls.page("terms"), review.origin).toString() },
        })
      : null;
  // The reporters learn that their report was handled, not what happened to the other member.
  const handled = await Promise.all(
    reports.map((report) =>
      mailInBatch(deps, {
        template: "report_handled",
        to: report.email,
        userId: report.user_id,
        locale: report.language ?? member.language,
        params: { name: report.name, link: new URL(urls.chats, review.origin).toString() },
      }),
    ),
  );
  const banInput = { siteId: review.siteId, moderatorUserId: review.moderatorUserId, profileId: review.profileId };
  const notice = review.decision === "ban" ? await banNotice(deps, member, review.origin) : undefined;
  const ban = review.decision === "ban" ? banInBatch(db, banInput, notice?.statement) : null;

  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    // Recorded once: the same decision posted again (a double click) finds it and changes nothing.
    db.all<{ id: number }>(sql`
      INSERT INTO moderation_actions (site_id, moderator_user_id, target_type, target_id, action, reason, created_at)
      SELECT ${review.siteId}, ${review.moderatorUserId}, 'conversation', ${review.conversationId},
        ${action}, ${String(review.throughMessageId)}, ${at}
      WHERE NOT EXISTS (${sameDecision})
      RETURNING id`),
    // The warning, recorded only when the decision was.
    ...(warning ? [warning.statement] : []),
  ];
  // Each report is closed once, and its mail recorded only when it was.
  const reportsAt = statements.length;
  for (const [index, report] of reports.entries())
    statements.push(
      db.run(sql`UPDATE complaints SET status = 'closed' WHERE id = ${report.id} AND status != 'closed'`),
      handled[index]!.statement,
    );
  if (review.decision === "remove_photos")
    statements.push(
      db.run(sql`
        UPDATE photos SET status = 'rejected', rejection_reason = 'removed_by_moderator', reviewed_at = ${at}
        WHERE profile_id = ${review.profileId} AND status != 'rejected'`),
      repairMainPhoto(db, review.profileId),
      refreshHasPhoto(db, review.profileId),
    );
  const banAt = statements.length;
  if (ban) statements.push(...ban.statements);
  const results: unknown[] = await db.batch(statements);

  if (warning) await warning.deliver(results[1] as { id: number }[]);
  for (const [index, report] of handled.entries()) await report.deliver(results[reportsAt + 2 * index + 1] as { id: number }[]);
  if (ban) await afterBan(deps, banInput, ban.outcome(results, banAt), notice);
  // A second post that raced the first past the read: the first one decided.
  return (results[0] as { id: number }[]).length === 1;
}
