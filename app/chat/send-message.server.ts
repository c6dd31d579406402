/**
 * Sending a chat message or a gift (product.md §10 "Credits and money", "Discovery and contact"):
 *
 * - the sender's e-mail address must be confirmed (product.md §4: an unconfirmed address blocks
 *   replies);
 * - the partner must be reachable (no block either way, not deleted), and a new conversation may
 *   only start with a member the sender can see;
 * - a free member takes part in at most `FREE_CONVERSATION_LIMIT` conversations they started;
 * - every message costs the site's `message_credits` (a GIF is a message), a gift its own price or
 *   `gift_credits`, a photo `photo_credits`.
 *
 * The credits, the message, the conversation's times and both members' unread counts change in one
 * transaction through the ledger (`applyCredits` effects): a message is stored exactly when it is
 * paid for. The browser's client key makes a resent form one message and one charge.
 */
import { and, count, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { schema, type Database } from "~/db/client.server";
import { applyCredits, balanceMoved, balanceOf } from "~/credits/ledger.server";
import type { SiteSettings } from "~/sites/site-settings";
import { findVisibleProfile, reachableBy } from "~/profiles/visibility.server";
import type { StoredPhotoKeys } from "~/photos/storage.server";
import type { MessageInput } from "./message-schema";
import { findConversationWith, pairIs, partnerIdOf } from "./conversations.server";
import type { DeliveryState } from "~/notifications/message-mail.server";
import { accountHeld, holdIfSpamming, spamContext, startsHold } from "~/safety/spam-hold.server";
import { renewSessionStatement, sessionMaySpend, type ClaimedSession } from "~/accounts/session.server";

const { conversations, conversationMembers: members, messages, gifts, profiles, chatPhotos } = schema;

/** A photo already processed and stored (app/photos), to be sent as a message. */
export type ChatPhotoInput = { intent: "photo"; clientKey: string; photo: StoredPhotoKeys & { width: number; height: number } };

/** What a member sends: a text, a gift or a GIF from the composer's form, or a stored photo. */
export type MessageContent = MessageInput | ChatPhotoInput;

/** product.md §10: a free member may take part in at most 2 conversations that they started. */
export const FREE_CONVERSATION_LIMIT = 2;

type Sent = {
  status: "sent";
  conversationId: number;
  messageId: number;
  recipientProfileId: number;
  balance: number;
  /** Held for review as likely spam (ADR 053): stored and paid for, but not shown or announced to the recipient. */
  held: boolean;
};

export type SendOutcome =
  /** A message stored now, with what it left for the recipient (their unread count, a first message) and the sender's name. */
  | (Sent & { resent: false; delivered: DeliveryState; senderName: string })
  /** A form sent again: the message it stored before, nothing new to announce. */
  | (Sent & { resent: true })
  | { status: "not_found" }
  | { status: "unconfirmed" }
  | { status: "conversation_limit"; limit: number }
  | { status: "insufficient_credits"; cost: number; balance: number }
  | { status: "spending_blocked" };

/** The sending member as far as sending needs them (the request's CurrentUser fits). */
type Sender = {
  id: number;
  status: "not_confirmed" | "confirmed" | "deleted" | "erased" | "banned";
  paidUser: boolean;
  spendingBlocked: boolean;
  profileId: number;
};

/** The one-minute floor of the spam check's look back, so "conversations per minute" always sees its minute. */
const MINUTE = 60_000;

/** Where the message goes: into a conversation the sender has, or to a member (new or existing). */
export type Destination = { conversationId: number } | { partnerProfileId: number };

export async function sendMessage(
  db: Database,
  input: {
    sender: Sender;
    to: Destination;
    message: MessageContent;
    /** The safety check's reasons for a text sent anyway after the prompt (ADR 053), stored beside it. */
    safetyFlags?: string | null;
    siteId: number;
    settings: Pick<SiteSettings, "messageCredits" | "giftCredits" | "photoCredits" | "spamHold">;
    now: Date;
  },
): Promise<SendOutcome> {
  const { sender, message, siteId, now } = input;
  // Into a conversation the member has: checked, paid and stored in one batch (ADR 056).
  if ("conversationId" in input.to && message.intent !== "gift") return sendInConversation(db, { ...input, to: input.to, message });
  // The reads go to the database in one round trip (app/db/combined-reads.server.ts).
  const lookBack = Math.max(input.settings.spamHold.windowMinutes * 60_000, MINUTE);
  const [resent, conversation, spam, started] = await Promise.all([
    alreadySent(db, sender, message.clientKey),
    resolveConversation(db, { sender, to: input.to, siteId }),
    spamContext(db, { userId: sender.id, profileId: sender.profileId, since: new Date(now.getTime() - lookBack) }),
    // A free member's first message to someone new needs the conversations they started: read with the rest (ADR 047).
    "partnerProfileId" in input.to && !sender.paidUser ? conversationsStarted(db, sender.profileId) : Promise.resolve(0),
  ]);
  if (resent) return resent;
  if (conversation.status !== "ok") return conversation;
  if (sender.status !== "confirmed") return { status: "unconfirmed" };
  if (sender.spendingBlocked) return { status: "spending_blocked" };

  // Spares a conversation row for a member at the cap; `withinConversationCap` is what holds it.
  if (conversation.isNew && !sender.paidUser && started >= FREE_CONVERSATION_LIMIT) {
    return { status: "conversation_limit", limit: FREE_CONVERSATION_LIMIT };
  }

  const gift = message.intent === "gift" ? await db.query.gifts.findFirst({ where: eq(gifts.key, message.gift) }) : null;
  if (message.intent === "gift" && !gift) return { status: "not_found" };
  const cost = gift
    ? (gift.credits ?? input.settings.giftCredits)
    : message.intent === "photo"
      ? input.settings.photoCredits
      : input.settings.messageCredits;
  // A new conversation's row is created in the paid batch (before the charge, kept if the charge
  // is refused, as the pair's row is found again by the next try) and named by the pair there.
  const conversationId: number | SQL =
    conversation.id ?? sql`(SELECT id FROM ${conversations} WHERE ${pairIs(sender.profileId, conversation.partnerId)})`;
  const before: BatchItem<"sqlite">[] = conversation.id
    ? []
    : [
        db
          .insert(conversations)
          .values({ siteId, starterId: sender.profileId, recipientId: conversation.partnerId, createdAt: now })
          .onConflictDoNothing(),
      ];
  const causeKey = `message:${sender.profileId}:${message.clientKey}`;
  // Spam accounts held (ADR 053): judged from the sender's history read above, and counted again
  // in the batch, which sees the first messages stored since.
  if (conversation.isNew) {
    const text = message.intent === "text" ? message.body : null;
    const settings = input.settings.spamHold;
    const decided = startsHold(spam, { text, now, settings });
    before.push(holdIfSpamming(db, { userId: sender.id, profileId: sender.profileId, text, decided, causeKey, now, settings }));
  }

  const charged = await applyCredits(
    db,
    {
      userId: sender.id,
      delta: -cost,
      reason: gift ? "gift" : message.intent === "photo" ? "photo" : "message",
      causeKey,
      guard: sender.paidUser ? undefined : withinConversationCap(sender.profileId, conversationId),
    },
    deliveryEffects(db, {
      conversationId,
      senderId: sender.profileId,
      recipientId: conversation.partnerId,
      kind: message.intent,
      body: message.intent === "text" ? message.body : message.intent === "gif" ? message.gif : null,
      giftId: gift?.id ?? null,
      photo: message.intent === "photo" ? message.photo : null,
      credits: cost,
      clientKey: message.clientKey,
      safetyFlags: input.safetyFlags ?? null,
      held: accountHeld(sender.id),
      now,
    }),
    before,
  );
  if (charged.status === "insufficient") return { status: "insufficient_credits", cost, balance: charged.balance };
  if (charged.status === "refused") return { status: "conversation_limit", limit: FREE_CONVERSATION_LIMIT };

  const [stored] = charged.effectResults.at(-1) as StoredMessage[];
  if (!stored) throw new Error("a paid message was not stored");
  // Another request with the same key may have paid first (a double click): that one is the send.
  if (charged.status === "duplicate") return resentOutcome(db, sender, stored);
  return {
    status: "sent",
    conversationId: stored.conversationId,
    messageId: stored.id,
    recipientProfileId: conversation.partnerId,
    balance: charged.balance,
    held: Boolean(Number(stored.held)),
    senderName: stored.senderName,
    resent: false,
    delivered: { recipientUnread: stored.recipientUnread, firstInConversation: Boolean(stored.firstInConversation) },
  };
}

/**
 * A free member's message may go into a conversation that already has messages or that the other
 * member started; a first message of their own only while they have started fewer than the cap.
 * Checked in the ledger's statement, so first messages sent side by side cannot pass it together.
 */
function withinConversationCap(senderProfileId: number, conversationId: number | SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM ${conversations} WHERE id = ${conversationId} AND (last_message_at IS NOT NULL OR starter_id != ${senderProfileId}))
    OR (SELECT count(*) FROM ${conversations} WHERE starter_id = ${senderProfileId} AND last_message_at IS NOT NULL) < ${FREE_CONVERSATION_LIMIT}`;
}

/** The answer to a form sent again (its client key already stored a message), or null for a new one. */
export async function alreadySent(db: Database, sender: Sender, clientKey: string): Promise<SendOutcome | null> {
  const resent = await db.query.messages.findFirst({
    columns: { id: true, conversationId: true },
    where: and(eq(messages.senderId, sender.profileId), eq(messages.clientKey, clientKey)),
  });
  return resent ? resentOutcome(db, sender, resent) : null;
}

/** The answer to a form sent again: the message it already stored, nothing charged or sent twice. */
async function resentOutcome(
  db: Database,
  sender: Pick<Sender, "id" | "profileId">,
  message: Pick<StoredMessage, "id" | "conversationId">,
): Promise<SendOutcome> {
  const conversation = await db.query.conversations.findFirst({ where: eq(conversations.id, message.conversationId) });
  if (!conversation) return { status: "not_found" };
  const recipientProfileId = conversation.starterId === sender.profileId ? conversation.recipientId : conversation.starterId;
  return {
    status: "sent",
    conversationId: message.conversationId,
    messageId: message.id,
    recipientProfileId,
    balance: await balanceOf(db, sender.id),
    held: false,
    resent: true,
  };
}

type Resolved =
  | { status: "ok"; id: number; partnerId: number; isNew: false }
  | { status: "ok"; id: null; partnerId: number; isNew: true }
  | { status: "not_found" };

/** How many conversations the member started (free members may start FREE_CONVERSATION_LIMIT). */
async function conversationsStarted(db: Database, profileId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(conversations)
    .where(and(eq(conversations.starterId, profileId), isNotNull(conversations.lastMessageAt)));
  return row?.n ?? 0;
}

/** The conversation and the partner; a new conversation needs a partner the sender can see. */
async function resolveConversation(db: Database, input: { sender: Sender; to: Destination; siteId: number }): Promise<Resolved> {
  const { sender, to, siteId } = input;
  if ("conversationId" in to) {
    const [row] = await db
      .select({ id: conversations.id, partnerId: profiles.id })
      .from(conversations)
      .innerJoin(members, and(eq(members.conversationId, conversations.id), eq(members.profileId, sender.profileId)))
      .innerJoin(profiles, eq(profiles.id, partnerIdOf(sender.profileId)))
      .where(and(eq(conversations.id, to.conversationId), reachableBy(sender.profileId, siteId)))
      .limit(1);
    return row ? { status: "ok", id: row.id, partnerId: row.partnerId, isNew: false } : { status: "not_found" };
  }
  // Both in one round trip (ADR 047); `findConversationWith` checks what the branch above checks
  // (the sender's own conversation, a partner still reachable).
  const [existing, partner] = await Promise.all([
    findConversationWith(db, { viewerProfileId: sender.profileId, partnerProfileId: to.partnerProfileId, siteId }),
    findVisibleProfile(db, { profileId: to.partnerProfileId, viewerProfileId: sender.profileId, siteId }),
  ]);
  if (existing) return { status: "ok", id: existing.id, partnerId: to.partnerProfileId, isNew: false };
  if (!partner || partner.id === sender.profileId) return { status: "not_found" };
  return { status: "ok", id: null, partnerId: partner.id, isNew: true };
}

/**
 * A message into a conversation the sender has (the chat's composer, a photo): one batch through
 * the ledger, with what the separate reads used to check taken into its statements (ADR 056):
 *
 * - the conversation is the sender's and the partner still reachable, and a free member within the
 *   conversation cap: the charge's guard;
 * - a form sent again: the ledger's cause key (the message's client key) finds the earlier send;
 * - an account held as a spammer (ADR 053) has the message held: in the statements themselves. A
 *   conversation the sender has is never new, so nothing else of the spam check applies.
 *
 * Only a refused charge reads again, to tell a conversation the member cannot reach (404) from
 * the conversation cap.
 */
async function sendInConversation(
  db: Database,
  input: Parameters<typeof sendMessage>[1] & { to: { conversationId: number }; message: InConversation },
): Promise<SendOutcome> {
  const { sender, to, siteId } = input;
  if (sender.status !== "confirmed") return { status: "unconfirmed" };
  if (sender.spendingBlocked) return { status: "spending_blocked" };
  const sent = await conversationBatch(db, input, {
    guard: sender.paidUser ? sql`1` : withinConversationCap(sender.profileId, to.conversationId),
  });
  if (sent.charged.status === "refused") {
    const conversation = await resolveConversation(db, { sender, to, siteId });
    return conversation.status === "ok" ? { status: "conversation_limit", limit: FREE_CONVERSATION_LIMIT } : { status: "not_found" };
  }
  return sent.outcome();
}

/**
 * The same send with the session checked in its own batch (ADR 059): the sender is the account and
 * profile the request claims (the browser's `member` cookie), and the charge's guard holds only
 * while the `auth` cookie's session is theirs, unexpired, on this site, and the account confirmed
 * and allowed to spend (`sessionMaySpend`). The batch also renews the session in its second half.
 * Whatever the guard refuses (a session that is not the claimed member's, and every reason the
 * ordinary send explains: an unconfirmed address, a spending block, the cap, a partner out of
 * reach) comes back `unverified`, having changed nothing but the renewal: the caller then sends
 * the ordinary way, with the member read from the session.
 */
export async function sendWithSessionCheck(
  db: Database,
  input: Omit<Parameters<typeof sendMessage>[1], "sender" | "to" | "message"> & {
    sender: ClaimedSession;
    to: { conversationId: number };
    message: InConversation;
  },
): Promise<{ outcome: SendOutcome | { status: "unverified" }; renewedUntil: Date | null }> {
  const { sender: claim, to, siteId, now } = input;
  const sender = { id: claim.userId, profileId: claim.profileId };
  const paid = sql`(SELECT payer.paid_user FROM users AS payer WHERE payer.id = ${claim.userId})`;
  const sent = await conversationBatch(
    db,
    { ...input, sender },
    {
      guard: sql`${sessionMaySpend(claim, siteId, now)} AND (${paid} OR ${withinConversationCap(claim.profileId, to.conversationId)})`,
      before: [renewSessionStatement(db, claim, siteId, now)],
    },
  );
  const [renewal] = sent.charged.beforeResults[0] as { expires_at: number }[];
  const renewedUntil = renewal ? new Date(Number(renewal.expires_at) * 1000) : null;
  // A resent form answers only a session that passes too: its answer holds the balance.
  if (!sent.charged.guardHeld) return { outcome: { status: "unverified" }, renewedUntil };
  return { outcome: await sent.outcome(), renewedUntil };
}

/** What a message into a conversation may be (a gift's price is a row of its own: it goes the longer way). */
type InConversation = Exclude<MessageContent, { intent: "gift" }>;

/**
 * The paid batch of a message into a conversation: the charge, guarded by the conversation being
 * the sender's with a partner still reachable and by `rules.guard`, and the message it pays for.
 * `outcome` reads what the batch left (only a resent form of another conversation reads again).
 */
async function conversationBatch(
  db: Database,
  input: {
    sender: { id: number; profileId: number };
    to: { conversationId: number };
    message: InConversation;
    safetyFlags?: string | null;
    siteId: number;
    settings: Pick<SiteSettings, "messageCredits" | "photoCredits">;
    now: Date;
  },
  rules: { guard: SQL; before?: BatchItem<"sqlite">[] },
) {
  const { sender, message, siteId, now, to } = input;
  const conversationId = to.conversationId;
  const cost = message.intent === "photo" ? input.settings.photoCredits : input.settings.messageCredits;
  const reachable = db
    .select({ id: conversations.id })
    .from(conversations)
    .innerJoin(members, and(eq(members.conversationId, conversations.id), eq(members.profileId, sender.profileId)))
    .innerJoin(profiles, eq(profiles.id, partnerIdOf(sender.profileId)))
    .where(and(eq(conversations.id, conversationId), reachableBy(sender.profileId, siteId)));
  const charged = await applyCredits(
    db,
    {
      userId: sender.id,
      delta: -cost,
      reason: message.intent === "photo" ? "photo" : "message",
      causeKey: `message:${sender.profileId}:${message.clientKey}`,
      guard: sql`EXISTS ${reachable} AND (${rules.guard})`,
    },
    deliveryEffects(db, {
      conversationId,
      senderId: sender.profileId,
      recipientId: sql`(SELECT CASE WHEN pair.starter_id = ${sender.profileId} THEN pair.recipient_id ELSE pair.starter_id END
        FROM ${conversations} AS pair WHERE pair.id = ${conversationId})`,
      kind: message.intent,
      body: message.intent === "text" ? message.body : message.intent === "gif" ? message.gif : null,
      giftId: null,
      photo: message.intent === "photo" ? message.photo : null,
      credits: cost,
      clientKey: message.clientKey,
      safetyFlags: input.safetyFlags ?? null,
      held: accountHeld(sender.id),
      now,
    }),
    rules.before,
  );
  const outcome = async (): Promise<SendOutcome> => {
    if (charged.status === "refused") throw new Error("a refused send has no outcome");
    if (charged.status === "insufficient") return { status: "insufficient_credits", cost, balance: charged.balance };
    const [stored] = charged.effectResults.at(-1) as StoredMessage[];
    if (!stored) throw new Error("a paid message was not stored");
    if (charged.status === "duplicate") {
      // The form sent again: the batch read back the message stored the first time, and the balance.
      if (stored.conversationId !== conversationId) return resentOutcome(db, sender, stored);
      const resent = { messageId: stored.id, recipientProfileId: stored.recipientProfileId, balance: charged.balance };
      return { status: "sent", conversationId, ...resent, held: false, resent: true };
    }
    return {
      status: "sent",
      conversationId,
      messageId: stored.id,
      recipientProfileId: stored.recipientProfileId,
      senderName: stored.senderName,
      balance: charged.balance,
      held: Boolean(stored.held),
      resent: false,
      delivered: { recipientUnread: stored.recipientUnread, firstInConversation: Boolean(stored.firstInConversation) },
    };
  };
  return { charged, outcome };
}

/** The paid message as the send's transaction leaves it (`deliveryEffects`' last statement). */
type StoredMessage = {
  id: number;
  senderName: string;
  conversationId: number;
  recipientProfileId: number;
  held: number;
  recipientUnread: number;
  firstInConversation: number;
};

/**
 * What a paid message changes, each statement guarded by the one before (see `balanceMoved`): the
 * message (and its photo, pending review); the conversation's time; both members' rows (the
 * recipient's unread count goes up and a removed chat comes back for both). The last statement
 * reads the message back (this one, or the one an earlier request with the same key stored) with
 * the state it left: the recipient's unread count and whether it is the conversation's first.
 */
function deliveryEffects(
  db: Database,
  m: {
    /** The conversation, or the statement that finds it (a new one, created in the same batch). */
    conversationId: number | SQL;
    senderId: number;
    /** The partner, or the statement that finds them (ADR 056). */
    recipientId: number | SQL;
    kind: "text" | "gift" | "photo" | "gif";
    body: string | null;
    giftId: number | null;
    photo: ChatPhotoInput["photo"] | null;
    credits: number;
    clientKey: string;
    safetyFlags: string | null;
    /** Held for review (ADR 053): the statement that tells, read in the batch (`accountHeld`). */
    held: SQL;
    now: Date;
  },
) {
  const at = Math.floor(m.now.getTime() / 1000);
  const { held } = m;
  return [
    db.run(sql`
      INSERT INTO ${messages} (conversation_id, sender_id, kind, body, gift_id, credits, client_key, safety_flags, held, created_at)
      SELECT ${m.conversationId}, ${m.senderId}, ${m.kind}, ${m.body}, ${m.giftId}, ${m.credits}, ${m.clientKey}, ${m.safetyFlags}, ${held}, ${at}
      WHERE ${balanceMoved}`),
    ...(m.photo
      ? [
          db.run(sql`
            INSERT INTO ${chatPhotos} (message_id, object_key, thumb_key, width, height, status, created_at)
            SELECT id, ${m.photo.objectKey}, ${m.photo.thumbKey}, ${m.photo.width}, ${m.photo.height}, 'pending', ${at}
            FROM ${messages} WHERE sender_id = ${m.senderId} AND client_key = ${m.clientKey} AND changes() > 0`),
        ]
      : []),
    // A held message (ADR 053) changes nothing the recipient sees: only the sender's side of the
    // conversation (the row is still touched, so the statements after it see its change).
    db.run(sql`
      UPDATE ${conversations} SET last_message_at = CASE WHEN ${held} THEN last_message_at ELSE ${at} END
      WHERE id = ${m.conversationId} AND changes() > 0`),
    db.run(sql`
      INSERT INTO ${members} (conversation_id, profile_id, unread_count, last_message_at)
      SELECT ${m.conversationId}, side.profile_id, side.unread, ${at}
      FROM (SELECT ${m.senderId} AS profile_id, 0 AS unread UNION ALL SELECT ${m.recipientId}, 1 WHERE NOT ${held}) AS side
      WHERE changes() > 0
      ON CONFLICT (conversation_id, profile_id) DO UPDATE SET
        unread_count = unread_count + excluded.unread_count,
        last_message_at = excluded.last_message_at,
        removed_at = NULL`),
    db
      .select({
        id: messages.id,
        conversationId: messages.conversationId,
        recipientProfileId: sql<number>`${m.recipientId}`,
        senderName: sql<string>`(SELECT sender.name FROM profiles AS sender WHERE sender.id = ${m.senderId})`,
        held: sql<number>`"messages"."held"`,
        // Spelled out: drizzle leaves a column unqualified in the select list of a query without joins,
        // which inside these subqueries would name their own table's column.
        recipientUnread: sql<number>`(SELECT recipient.unread_count FROM conversation_members AS recipient WHERE recipient.conversation_id = ${m.conversationId} AND recipient.profile_id = ${m.recipientId})`,
        firstInConversation: sql<number>`NOT EXISTS (SELECT 1 FROM messages AS earlier WHERE earlier.conversation_id = ${m.conversationId} AND earlier.id < "messages"."id")`,
      })
      .from(messages)
      .where(and(eq(messages.senderId, m.senderId), eq(messages.clientKey, m.clientKey)))
      .limit(1),
  ];
}
