/**
 * Spam accounts held (ADR 053): an account that sends the same or nearly the same first message to
 * many members in a short time, or starts conversations faster than a person writes, has its new
 * messages held. A held message is paid for (the credits are set aside, not lost) but the
 * recipient neither sees it nor is told about it; a moderator releases the account's held messages
 * (delivered as if sent now, unread for their recipients) or rejects them (removed, the credits
 * refunded in the same transaction).
 */
import { sql } from "drizzle-orm";
import { applyCredits, balanceMoved, causeIsNew } from "~/credits/ledger.server";
import type { Database } from "~/db/client.server";
import type { SiteSettings } from "~/sites/site-settings";
import { nearCopies } from "./spam-signals";

/** At most this many of a sender's recent first messages are compared with a new one. */
const COMPARED = 200;

export type SpamContext = { heldSince: Date | null; recentFirst: { body: string | null; at: number }[] };

/** What the decision needs, in one read (run beside the send's other reads): the account's hold and its recent first messages. */
export async function spamContext(db: Database, input: { userId: number; profileId: number; since: Date }): Promise<SpamContext> {
  const since = Math.floor(input.since.getTime() / 1000);
  const rows = await db.all<{ held_at: number | null; body: string | null; created_at: number | null }>(sql`
    SELECT u.messages_held_at AS held_at, recent.body, recent.created_at
    FROM users AS u
    LEFT JOIN (
      SELECT m.body, m.created_at FROM messages AS m
      WHERE m.sender_id = ${input.profileId} AND m.created_at > ${since}
        AND NOT EXISTS (SELECT 1 FROM messages AS earlier WHERE earlier.conversation_id = m.conversation_id AND earlier.id < m.id)
      ORDER BY m.id DESC LIMIT ${COMPARED}) AS recent ON 1
    WHERE u.id = ${input.userId}`);
  const heldAt = rows[0]?.held_at;
  return {
    heldSince: heldAt ? new Date(Number(heldAt) * 1000) : null,
    recentFirst: rows.flatMap((row) => (row.created_at === null ? [] : [{ body: row.body, at: Number(row.created_at) }])),
  };
}

/**
 * Whether this first message makes the account held, judged from the history read before the send:
 * the same or nearly the same text to `sameFirstMessages` members within the window, or more than
 * `conversationsPerMinute` conversations started in the last minute. An account already held has
 * nothing to start (its messages are held by `accountHeld` in the send's batch).
 */
export function startsHold(context: SpamContext, input: { text: string | null; now: Date; settings: SiteSettings["spamHold"] }): boolean {
  if (context.heldSince) return false;
  const minuteAgo = Math.floor(input.now.getTime() / 1000) - 60;
  const startedLastMinute = context.recentFirst.filter((message) => message.at > minuteAgo).length;
  const tooFast = startedLastMinute + 1 > input.settings.conversationsPerMinute;
  const copies =
    input.text === null
      ? 0
      : nearCopies(
          input.text,
          context.recentFirst.flatMap((message) => (message.body ? [message.body] : [])),
          input.settings.similarity,
        );
  const sameText = copies + 1 >= input.settings.sameFirstMessages;
  return tooFast || sameText;
}

/**
 * The statement, for the batch that sends a first message, that marks the account as held from now
 * on when `startsHold` said so (`decided`), or when the first messages stored by the time the
 * batch runs make this one too many in a minute, or one of `sameFirstMessages` identical texts.
 * First messages sent side by side each read the history before any of them is stored; in their
 * batches, one after another, each sees the ones before it, so a burst cannot pass together. (Near
 * copies are compared in `startsHold` only: a likeness is not a SQL condition.)
 */
export function holdIfSpamming(
  db: Database,
  input: {
    userId: number;
    profileId: number;
    text: string | null;
    decided: boolean;
    /** The send's ledger cause: a form sent again (its message stored already) changes nothing. */
    causeKey: string;
    now: Date;
    settings: SiteSettings["spamHold"];
  },
) {
  const at = Math.floor(input.now.getTime() / 1000);
  const firstSince = (since: number) => sql`FROM messages AS m WHERE m.sender_id = ${input.profileId} AND m.created_at > ${since}
    AND NOT EXISTS (SELECT 1 FROM messages AS earlier WHERE earlier.conversation_id = m.conversation_id AND earlier.id < m.id)`;
  const tooFast = sql`(SELECT count(*) ${firstSince(at - 60)}) + 1 > ${input.settings.conversationsPerMinute}`;
  const sameText =
    input.text === null
      ? sql`0`
      : sql`(SELECT count(*) ${firstSince(at - input.settings.windowMinutes * 60)} AND m.body = ${input.text}) + 1 >= ${input.settings.sameFirstMessages}`;
  return db.run(sql`
    UPDATE users SET messages_held_at = coalesce(messages_held_at, ${at})
    WHERE id = ${input.userId} AND ${causeIsNew(input.causeKey)} AND (${input.decided ? sql`1` : sql`0`} OR ${tooFast} OR ${sameText})`);
}

/** Whether the account is held, read in the send's batch (after `holdIfSpamming`). */
export const accountHeld = (userId: number) => sql`(SELECT held.messages_held_at IS NOT NULL FROM users AS held WHERE held.id = ${userId})`;

export type HeldAccount = {
  profileId: number;
  name: string;
  heldSince: Date;
  heldMessages: number;
  recipients: number;
  /** A few of the held texts (distinct), for the moderator to judge. */
  samples: string[];
};

/** The site's held accounts, longest held first. */
export async function listHeldAccounts(db: Database, siteId: number, limit = 20): Promise<HeldAccount[]> {
  const rows = await db.all<{
    profile_id: number;
    name: string;
    held_at: number;
    held: number;
    recipients: number;
    samples: string | null;
  }>(sql`
    SELECT p.id AS profile_id, p.name, u.messages_held_at AS held_at,
      (SELECT count(*) FROM messages WHERE sender_id = p.id AND held = 1) AS held,
      (SELECT count(DISTINCT conversation_id) FROM messages WHERE sender_id = p.id AND held = 1) AS recipients,
      (SELECT json_group_array(body) FROM (
        SELECT DISTINCT body FROM messages WHERE sender_id = p.id AND held = 1 AND body IS NOT NULL LIMIT 3)) AS samples
    FROM users AS u JOIN profiles AS p ON p.user_id = u.id
    WHERE u.site_id = ${siteId} AND u.messages_held_at IS NOT NULL AND u.status != 'banned'
    ORDER BY u.messages_held_at, u.id
    LIMIT ${limit}`);
  return rows.map((row) => ({
    profileId: Number(row.profile_id),
    name: row.name,
    heldSince: new Date(Number(row.held_at) * 1000),
    heldMessages: Number(row.held),
    recipients: Number(row.recipients),
    samples: row.samples ? (JSON.parse(row.samples) as string[]) : [],
  }));
}

type HeldReview = { siteId: number; moderatorUserId: number; profileId: number; now: Date };

/**
 * Releases an account: its held messages are delivered now (unread for their recipients, the
 * conversations back in their lists) and its new messages go through again; recorded in the same
 * transaction. Returns each delivered conversation with its recipient (whose open tabs reload), or
 * null when the account was not held.
 */
export async function releaseHeld(db: Database, review: HeldReview): Promise<{ conversationId: number; recipient: number }[] | null> {
  const owner = sql`(SELECT user_id FROM profiles WHERE id = ${review.profileId} AND site_id = ${review.siteId})`;
  const at = Math.floor(review.now.getTime() / 1000);
  const held = sql`SELECT m.conversation_id, count(*) AS n FROM messages AS m WHERE m.sender_id = ${review.profileId} AND m.held = 1 GROUP BY m.conversation_id`;
  const [released, , , , , delivered] = await db.batch([
    db.all<{ id: number }>(sql`
      UPDATE users SET messages_held_at = NULL WHERE id = ${owner} AND messages_held_at IS NOT NULL RETURNING id`),
    db.run(sql`
      INSERT INTO moderation_actions (site_id, moderator_user_id, target_type, target_id, action, created_at)
      SELECT ${review.siteId}, ${review.moderatorUserId}, 'profile', ${review.profileId}, 'release_held', ${at} WHERE changes() = 1`),
    db.run(sql`
      UPDATE conversations SET last_message_at = ${at}
      WHERE id IN (SELECT conversation_id FROM messages WHERE sender_id = ${review.profileId} AND held = 1)`),
    db.run(sql`
      INSERT INTO conversation_members (conversation_id, profile_id, unread_count, last_message_at)
      SELECT h.conversation_id, CASE WHEN c.starter_id = ${review.profileId} THEN c.recipient_id ELSE c.starter_id END, h.n, ${at}
      FROM (${held}) AS h JOIN conversations AS c ON c.id = h.conversation_id
      WHERE true
      ON CONFLICT (conversation_id, profile_id) DO UPDATE SET
        unread_count = unread_count + excluded.unread_count, last_message_at = excluded.last_message_at, removed_at = NULL`),
    db.run(sql`
      INSERT INTO conversation_members (conversation_id, profile_id, unread_count, last_message_at)
      SELECT h.conversation_id, ${review.profileId}, 0, ${at} FROM (${held}) AS h WHERE true
      ON CONFLICT (conversation_id, profile_id) DO UPDATE SET last_message_at = excluded.last_message_at`),
    db.all<{ conversation_id: number; recipient: number }>(sql`
      UPDATE messages SET held = 0 WHERE sender_id = ${review.profileId} AND held = 1
      RETURNING conversation_id, (SELECT CASE WHEN c.starter_id = ${review.profileId} THEN c.recipient_id ELSE c.starter_id END
        FROM conversations AS c WHERE c.id = messages.conversation_id) AS recipient`),
  ]);
  if (released.length === 0) return null;
  const byConversation = new Map(delivered.map((row) => [Number(row.conversation_id), Number(row.recipient)]));
  return [...byConversation].map(([conversationId, recipient]) => ({ conversationId, recipient }));
}

/**
 * Rejects an account's held messages: removed, and the credits they set aside refunded, in one
 * transaction with the record (the refund's cause names the newest message, so a second click
 * refunds nothing, and the messages must still be held, so a release in between refunds nothing). The account stays held; banning it is a decision of its own.
 */
export async function rejectHeld(db: Database, review: HeldReview): Promise<boolean> {
  const [row] = await db.all<{ user_id: number; credits: number | null; through: number | null }>(sql`
    SELECT p.user_id, (SELECT sum(credits) FROM messages WHERE sender_id = p.id AND held = 1) AS credits,
      (SELECT max(id) FROM messages WHERE sender_id = p.id AND held = 1) AS through
    FROM profiles AS p WHERE p.id = ${review.profileId} AND p.site_id = ${review.siteId}`);
  if (!row || row.through === null) return false;
  const through = Number(row.through);
  const removal = [
    db.run(sql`DELETE FROM messages WHERE sender_id = ${review.profileId} AND held = 1 AND id <= ${through} AND ${balanceMoved}`),
    db.run(sql`
      INSERT INTO moderation_actions (site_id, moderator_user_id, target_type, target_id, action, reason, created_at)
      SELECT ${review.siteId}, ${review.moderatorUserId}, 'profile', ${review.profileId}, 'reject_held', ${String(through)},
        ${Math.floor(review.now.getTime() / 1000)}
      WHERE changes() > 0`),
    // Conversations the held messages started, now empty, go too (the sender's row with them).
    db.run(sql`
      DELETE FROM conversations WHERE starter_id = ${review.profileId} AND last_message_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM messages WHERE conversation_id = conversations.id)`),
  ];
  const credits = Number(row.credits ?? 0);
  if (credits > 0) {
    // The messages read are still held when the batch runs (a moderator who released them
    // meanwhile delivered them, and then nothing is refunded).
    const stillHeld = sql`(SELECT coalesce(sum(credits), 0) FROM messages
      WHERE sender_id = ${review.profileId} AND held = 1 AND id <= ${through}) = ${credits}`;
    const refunded = await applyCredits(
      db,
      {
        userId: Number(row.user_id),
        delta: credits,
        reason: "refund",
        causeKey: `held-rejected:${review.profileId}:${through}`,
        guard: stillHeld,
      },
      removal,
    );
    return refunded.status === "applied";
  }
  // Nothing was paid (free messages): removed and recorded all the same.
  const [, recorded] = await db.batch([
    db.run(sql`DELETE FROM messages WHERE sender_id = ${review.profileId} AND held = 1 AND id <= ${through}`),
    ...removal.slice(1),
  ]);
  return (recorded?.rowsAffected ?? 0) > 0;
}
