/**
 * Conversations (product.md §2 "Chats overview" and "chat screen", §4 "Chat"): the list of a
 * member's chats with unread counts, one conversation's messages, and removing chats. A
 * conversation belongs to two members; each has their own row in `conversation_members` (unread
 * count, removed, history cleared up to a message). Only partners the member can still reach are
 * shown: a block either way, a deleted or unconfirmed partner, and the chat answers the same 404 as
 * one that never existed (product.md §10 "Blocking is mutual in effect").
 */
import { and, desc, eq, exists, gt, gte, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { giftCatalogue } from "~/profiles/profile-fields";
import { cardColumns, cardJoins, toProfileCard, type ProfileCard } from "~/profiles/profile-card.server";
import { reachableBy } from "~/profiles/visibility.server";
import { parseReasons, type SafetyReason } from "~/safety/message-check";

const { conversations, conversationMembers: members, messages, gifts, profiles, photos, regions, chatPhotos } = schema;

/** How many chats the overview and GET /api/chats.php return, most recent first. */
export const CHAT_LIST_LIMIT = 100;
/** Messages per page of a conversation; older ones load on request. */
export const MESSAGE_PAGE_SIZE = 50;
/** How much of the last message the overview shows. */
const PREVIEW_LENGTH = 90;

export type ChatGift = { key: string; icon: string };

/**
 * A photo message's photo (product.md §10 "Photos in chat"): the sender sees it in every state;
 * the recipient sees its address only once a moderator approved it (`url` null before).
 */
export type ChatPhoto = { status: "pending" | "active" | "rejected"; url: string | null; width: number; height: number };

export type ChatMessage = {
  id: number;
  mine: boolean;
  kind: "text" | "gift" | "photo" | "gif";
  text: string | null;
  gift: ChatGift | null;
  photo: ChatPhoto | null;
  /** A GIF message's address (from the GIF provider, product.md §10 "GIFs in chat"). */
  gif: string | null;
  /**
   * Why the safety check flagged the partner's message (ADR 053): the recipient's gentle warning
   * with a report button. Empty for the member's own messages and for messages not flagged.
   */
  safety: SafetyReason[];
  at: string;
};

export type ChatEntry = {
  conversation: { id: number };
  profile: ProfileCard;
  num_unread_messages: number;
  last_message: Omit<ChatMessage, "id"> | null;
};

export type ConversationView = {
  conversationId: number;
  partner: ProfileCard;
  messages: ChatMessage[];
  /** Pass as `before` to load the page of older messages; null when this is the beginning. */
  olderThan: number | null;
  /** Older messages a free member may not see (the site's chat history limit); 0 when none. */
  locked: number;
  /** The newest message the partner has seen: "seen" under the member's messages up to it. */
  seenThroughId: number;
};

/** The other member of a conversation, seen from `viewerProfileId`. */
export function partnerIdOf(viewerProfileId: number) {
  return sql`CASE WHEN ${conversations.starterId} = ${viewerProfileId} THEN ${conversations.recipientId} ELSE ${conversations.starterId} END`;
}

/** The conversation `conversationId` when the viewer is one of its two members and can still reach the other. */
function ownReachableConversation(input: { conversationId: number; viewerProfileId: number; siteId: number }) {
  return and(
    eq(conversations.id, input.conversationId),
    or(eq(conversations.starterId, input.viewerProfileId), eq(conversations.recipientId, input.viewerProfileId)),
    reachableBy(input.viewerProfileId, input.siteId),
  );
}

/** The conversation of two members, through the pair index (whoever wrote first). */
export function pairIs(a: number, b: number) {
  return sql`min(${conversations.starterId}, ${conversations.recipientId}) = ${Math.min(a, b)} AND max(${conversations.starterId}, ${conversations.recipientId}) = ${Math.max(a, b)}`;
}

const giftIcons = new Map<string, string>(giftCatalogue.map((gift) => [gift.key, gift.icon]));

type MessageRow = {
  id: number;
  senderId: number;
  kind: ChatMessage["kind"];
  body: string | null;
  giftKey: string | null;
  photoKey: string | null;
  photoStatus: ChatPhoto["status"] | null;
  photoWidth: number | null;
  photoHeight: number | null;
  safetyFlags: string | null;
  createdAt: Date;
};

function toChatMessage(row: MessageRow, viewerProfileId: number): ChatMessage {
  const mine = row.senderId === viewerProfileId;
  const photo: ChatPhoto | null =
    row.kind === "photo" && row.photoKey && row.photoStatus
      ? {
          status: row.photoStatus,
          url: mine || row.photoStatus === "active" ? `/${row.photoKey}` : null,
          width: row.photoWidth ?? 0,
          height: row.photoHeight ?? 0,
        }
      : null;
  return {
    id: row.id,
    mine,
    kind: row.kind,
    text: row.kind === "text" ? row.body : null,
    gift: row.giftKey ? { key: row.giftKey, icon: giftIcons.get(row.giftKey) ?? "🎁" } : null,
    photo,
    gif: row.kind === "gif" ? row.body : null,
    safety: mine ? [] : parseReasons(row.safetyFlags),
    at: row.createdAt.toISOString(),
  };
}

const messageColumns = {
  id: messages.id,
  senderId: messages.senderId,
  kind: messages.kind,
  body: messages.body,
  giftKey: gifts.key,
  photoKey: chatPhotos.objectKey,
  photoStatus: chatPhotos.status,
  photoWidth: chatPhotos.width,
  photoHeight: chatPhotos.height,
  safetyFlags: messages.safetyFlags,
  createdAt: messages.createdAt,
};

/** The messages with what their columns join: gifts and photos. */
function selectMessages(db: Database) {
  return db
    .select(messageColumns)
    .from(messages)
    .leftJoin(gifts, eq(gifts.id, messages.giftId))
    .leftJoin(chatPhotos, eq(chatPhotos.messageId, messages.id));
}

/** The member's chats, most recent first, with unread counts and the last message they can see. */
export async function listChats(db: Database, scope: { viewerProfileId: number; siteId: number; now: Date }): Promise<ChatEntry[]> {
  const { viewerProfileId, siteId, now } = scope;
  const lastMessageId = sql<
    number | null
  >`(SELECT max(lm.id) FROM ${messages} lm WHERE lm.conversation_id = ${members.conversationId} AND lm.id > ${members.clearedThroughId} AND (lm.held = 0 OR lm.sender_id = ${viewerProfileId}))`;
  const listed = and(
    eq(members.profileId, viewerProfileId),
    isNull(members.removedAt),
    isNotNull(members.lastMessageAt),
    reachableBy(viewerProfileId, siteId),
  );
  const rowsQuery = db
    .select({ ...cardColumns, conversationId: members.conversationId, unread: members.unreadCount, lastMessageId })
    .from(members)
    .innerJoin(conversations, eq(conversations.id, members.conversationId))
    .innerJoin(profiles, eq(profiles.id, partnerIdOf(viewerProfileId)))
    .leftJoin(photos, cardJoins.photo)
    .leftJoin(regions, cardJoins.region)
    .where(listed)
    .orderBy(desc(members.lastMessageAt), desc(members.conversationId))
    .limit(CHAT_LIST_LIMIT);
  // The listed chats' last messages in the same round trip (ADR 047): the list's own selection as a subquery.
  const lastIds = db
    .select({ id: lastMessageId })
    .from(members)
    .innerJoin(conversations, eq(conversations.id, members.conversationId))
    .innerJoin(profiles, eq(profiles.id, partnerIdOf(viewerProfileId)))
    .where(listed)
    .orderBy(desc(members.lastMessageAt), desc(members.conversationId))
    .limit(CHAT_LIST_LIMIT);
  const [rows, lastMessages] = await Promise.all([rowsQuery, selectMessages(db).where(inArray(messages.id, lastIds))]);
  const byId = new Map(lastMessages.map((row) => [row.id, row]));

  return rows.map((row) => {
    const last = row.lastMessageId ? byId.get(Number(row.lastMessageId)) : undefined;
    let lastMessage: ChatEntry["last_message"] = null;
    if (last) {
      const { id: _id, ...message } = toChatMessage(last, viewerProfileId);
      lastMessage = { ...message, text: message.text && preview(message.text) };
    }
    return {
      conversation: { id: row.conversationId },
      profile: toProfileCard(row, now),
      num_unread_messages: row.unread,
      last_message: lastMessage,
    };
  });
}

function preview(text: string): string {
  const line = text.replace(/\s+/g, " ");
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1)}…` : line;
}

/**
 * The member's conversation with a partner, if they have one they can see (it has messages and the
 * partner is reachable). A removed conversation counts: writing again brings it back.
 */
export async function findConversationWith(db: Database, input: { viewerProfileId: number; partnerProfileId: number; siteId: number }) {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .innerJoin(members, and(eq(members.conversationId, conversations.id), eq(members.profileId, input.viewerProfileId)))
    .innerJoin(profiles, eq(profiles.id, input.partnerProfileId))
    .where(and(pairIs(input.viewerProfileId, input.partnerProfileId), reachableBy(input.viewerProfileId, input.siteId)))
    .limit(1);
  return row ?? null;
}

/**
 * The partner of one of the member's conversations, if the member can still reach them (no block
 * either way, an active partner); null otherwise. Live events (typing, ADR 027) go only there.
 */
export async function conversationPartner(
  db: Database,
  input: { conversationId: number; viewerProfileId: number; siteId: number },
): Promise<number | null> {
  const { conversationId, viewerProfileId, siteId } = input;
  const [row] = await db
    .select({ partnerId: profiles.id })
    .from(conversations)
    .innerJoin(members, and(eq(members.conversationId, conversations.id), eq(members.profileId, viewerProfileId)))
    .innerJoin(profiles, eq(profiles.id, partnerIdOf(viewerProfileId)))
    .where(ownReachableConversation({ conversationId, viewerProfileId, siteId }))
    .limit(1);
  return row?.partnerId ?? null;
}

/**
 * Opens a conversation: its partner and newest messages (or the page before `before`). Opening it
 * sets the member's unread count to 0 (product.md §4) and marks what it shows as seen, which the
 * partner sees under their last message (`seen` is true when this opening changed that). Null for a
 * conversation that is not theirs or whose partner they can no longer reach.
 *
 * `historyLimit` (product.md §9 "Chat history", for free members when the site sets one): only the
 * newest that many messages are shown; older ones are counted as `locked`, never sent.
 */
export async function openConversation(
  db: Database,
  input: {
    conversationId: number;
    viewerProfileId: number;
    siteId: number;
    now: Date;
    before?: number | null;
    historyLimit?: number | null;
  },
): Promise<(ConversationView & { seen: boolean }) | null> {
  const { conversationId, viewerProfileId, siteId, now } = input;
  // Everything in one round trip (ADR 047): the head, the messages, the locked history's count and
  // the read mark do not wait for each other. What the messages depend on of the head (where the
  // member cleared the history) is a subquery on the member's own row: no row, no messages.
  const cleared = sql`coalesce((SELECT c.cleared_through_id FROM ${members} c WHERE c.conversation_id = ${conversationId} AND c.profile_id = ${viewerProfileId}), ${Number.MAX_SAFE_INTEGER})`;
  // A partner's message held for review (ADR 053) is not there for this member until it is released.
  const visible = and(
    eq(messages.conversationId, conversationId),
    gt(messages.id, cleared),
    or(eq(messages.held, false), eq(messages.senderId, viewerProfileId)),
  );
  // With a history limit, the messages older than the newest `limit` are locked: below this id.
  const lockedBelow = input.historyLimit
    ? sql`coalesce((SELECT v.id FROM ${messages} v WHERE v.conversation_id = ${conversationId} AND v.id > ${cleared} AND (v.held = 0 OR v.sender_id = ${viewerProfileId}) ORDER BY v.id DESC LIMIT 1 OFFSET ${input.historyLimit - 1}), 0)`
    : null;
  const headQuery = db
    .select({
      ...cardColumns,
      partnerReadThroughId: sql<number>`coalesce((SELECT p.read_through_id FROM ${members} p WHERE p.conversation_id = ${conversations.id} AND p.profile_id = ${profiles.id}), 0)`,
    })
    .from(conversations)
    .innerJoin(members, and(eq(members.conversationId, conversations.id), eq(members.profileId, viewerProfileId)))
    .innerJoin(profiles, eq(profiles.id, partnerIdOf(viewerProfileId)))
    .leftJoin(photos, cardJoins.photo)
    .leftJoin(regions, cardJoins.region)
    .where(ownReachableConversation({ conversationId, viewerProfileId, siteId }))
    .limit(1);
  const pageQuery = selectMessages(db)
    .where(and(visible, lockedBelow ? gte(messages.id, lockedBelow) : undefined, input.before ? lt(messages.id, input.before) : undefined))
    .orderBy(desc(messages.id))
    .limit(MESSAGE_PAGE_SIZE + 1);
  const lockedQuery = lockedBelow
    ? db
        .select({ n: sql<number>`count(*)` })
        .from(messages)
        .where(and(visible, lt(messages.id, lockedBelow)))
    : null;
  const [[head], page, locked, seen] = await Promise.all([
    headQuery,
    pageQuery,
    lockedQuery,
    markReadOnOpening(db, { conversationId, viewerProfileId, siteId }),
  ]);
  if (!head) return null;
  const hasOlder = page.length > MESSAGE_PAGE_SIZE;
  const shown = page.slice(0, MESSAGE_PAGE_SIZE).reverse();

  return {
    conversationId,
    partner: toProfileCard(head, now),
    messages: shown.map((row) => toChatMessage(row, viewerProfileId)),
    olderThan: hasOlder && shown[0] ? shown[0].id : null,
    locked: Number(locked?.[0]?.n ?? 0),
    seenThroughId: Number(head.partnerReadThroughId),
    seen,
  };
}

/**
 * Opening a conversation reads it: no unread messages, and everything from the partner seen. One
 * statement that decides and writes, sent with the page's reads; it touches only a conversation the
 * member may open, and tells whether anything was unread or unseen (the partner's "seen", ADR 027).
 */
async function markReadOnOpening(db: Database, input: { conversationId: number; viewerProfileId: number; siteId: number }) {
  const { conversationId, viewerProfileId } = input;
  const newestFromPartner = sql`coalesce((SELECT max(m.id) FROM ${messages} m WHERE m.conversation_id = ${conversationId} AND m.sender_id <> ${viewerProfileId} AND m.held = 0), 0)`;
  const openable = db
    .select({ one: sql`1` })
    .from(conversations)
    .innerJoin(profiles, eq(profiles.id, partnerIdOf(viewerProfileId)))
    .where(ownReachableConversation(input));
  const changed = await db
    .update(members)
    .set({ unreadCount: 0, readThroughId: sql`max(${members.readThroughId}, ${newestFromPartner})` })
    .where(
      and(
        eq(members.conversationId, conversationId),
        eq(members.profileId, viewerProfileId),
        or(gt(members.unreadCount, 0), lt(members.readThroughId, newestFromPartner)),
        exists(openable),
      ),
    )
    .returning({ conversationId: members.conversationId });
  return changed.length > 0;
}

/** The member has read the conversation: no unread messages, and seen everything through `throughId`. */
export async function markRead(db: Database, input: { conversationId: number; viewerProfileId: number; throughId: number }) {
  await db
    .update(members)
    .set({ unreadCount: 0, readThroughId: sql`max(${members.readThroughId}, ${input.throughId})` })
    .where(and(eq(members.conversationId, input.conversationId), eq(members.profileId, input.viewerProfileId)));
}

/**
 * Removes chats from the member's list (DELETE /api/chat.php): one conversation, or every
 * conversation with a profile (product.md §4). Their history is cleared for this member only; a new
 * message brings the chat back, starting from that message. Returns how many were removed.
 */
export async function removeChats(
  db: Database,
  input: { viewerProfileId: number; now: Date } & ({ conversationId: number } | { partnerProfileId: number }),
): Promise<number> {
  const which =
    "conversationId" in input
      ? eq(members.conversationId, input.conversationId)
      : inArray(
          members.conversationId,
          db.select({ id: conversations.id }).from(conversations).where(pairIs(input.viewerProfileId, input.partnerProfileId)),
        );
  const removed = await db
    .update(members)
    .set({
      removedAt: input.now,
      unreadCount: 0,
      clearedThroughId: sql`coalesce((SELECT max(${messages.id}) FROM ${messages} WHERE ${messages.conversationId} = ${members.conversationId}), 0)`,
    })
    .where(and(eq(members.profileId, input.viewerProfileId), isNull(members.removedAt), which))
    .returning({ id: members.conversationId });
  return removed.length;
}
