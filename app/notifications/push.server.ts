/**
 * Web push (product.md §3 "Push", §10 "Notifications"; ADR 026). A push goes to each of the
 * member's subscriptions, encrypted (RFC 8291, aes128gcm) and signed with the deployment's VAPID
 * key by @block65/webcrypto-web-push; a subscription the push service no longer knows (404, 410) is removed.
 * Callers start these after the response (`ctx.waitUntil`): a slow push service never slows a
 * message or a like, and a failed push never fails them.
 *
 * What a push says: who did what, in the member's language, never a message's text. Its payload is
 * read by public/sw.js: `{ title, body, url, tag, count }`, `count` being the app badge (unread
 * messages plus new likes).
 */
import { buildPushPayload } from "@block65/webcrypto-web-push";
import { and, count, eq } from "drizzle-orm";
import { navCounts } from "~/accounts/nav-counts.server";
import { channelEnabledFor, type NotificationType } from "~/accounts/notification-preferences.server";
import { schema, type Database } from "~/db/client.server";
import { isDevelopment, type AppEnv } from "~/env.server";
import type { TFunction } from "i18next";
import { plainTextT } from "~/i18n/plain-text.server";
import { signedPushEndpoint } from "./push-endpoint";
import { vapidKeys } from "./vapid";

const { profiles, users, sites, conversationMembers, messages, pushSubscriptions } = schema;

export type PushDeps = {
  db: Database;
  env: Pick<AppEnv, "APP_ENV" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT">;
  /** Tests may pass their own; defaults to the global fetch. */
  fetch?: typeof fetch;
};

/** What public/sw.js shows. */
export type PushPayload = { title: string; body: string; url: string; tag: string; count: number };

/** How long a push service keeps an undelivered push (seconds): news older than a day is stale. */
const TTL_SECONDS = 24 * 60 * 60;
/** How long the Worker waits for a push service's answer (ms): a hanging one is given up, not waited for. */
export const PUSH_TIMEOUT_MS = 10_000;

type Recipient = { userId: number; profileId: number; siteId: number; siteName: string; language: string };

/** The member behind a profile, when they may get pushes at all: confirmed, and not one of the operator's fictional profiles. */
async function recipientOf(db: Database, profileId: number): Promise<Recipient | null> {
  const [row] = await db
    .select({
      userId: users.id,
      profileId: profiles.id,
      siteId: profiles.siteId,
      siteName: sites.name,
      language: users.language,
      status: users.status,
      fictional: profiles.fictional,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .innerJoin(sites, eq(sites.id, profiles.siteId))
    .where(eq(profiles.id, profileId))
    .limit(1);
  if (!row || row.fictional || row.status !== "confirmed") return null;
  return row;
}

/**
 * Sends one payload to every subscription of a member; removes the ones the push service answers
 * 404 or 410 for. Resolves with how many were delivered and removed; never rejects for one
 * subscription's failure.
 */
export async function pushToMember(deps: PushDeps, userId: number, payload: PushPayload): Promise<{ sent: number; removed: number }> {
  const { db, env } = deps;
  const keys = vapidKeys(env.VAPID_PRIVATE_KEY);
  if (!keys) return { sent: 0, removed: 0 };
  const vapid = { ...keys, subject: env.VAPID_SUBJECT ?? "mailto:support@example.com" };
  const send = deps.fetch ?? fetch;
  const subscriptions = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  let sent = 0;
  let removed = 0;
  await Promise.all(
    subscriptions.map(async (subscription) => {
      try {
        const request = await buildPushPayload(
          // The topic replaces a push still waiting for the device (the badge count of the newest wins).
          { data: payload, options: { ttl: TTL_SECONDS, urgency: "high", topic: payload.tag } },
          {
            endpoint: signedPushEndpoint(subscription.endpoint, isDevelopment(env)),
            expirationTime: null,
            keys: { p256dh: subscription.p256dh, auth: subscription.auth },
          },
          vapid,
        );
        const response = await send(subscription.endpoint, { ...request, signal: AbortSignal.timeout(PUSH_TIMEOUT_MS) });
        if (response.status === 404 || response.status === 410) {
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
          removed += 1;
        } else if (response.ok) {
          await db.update(pushSubscriptions).set({ lastUsedAt: new Date() }).where(eq(pushSubscriptions.id, subscription.id));
          sent += 1;
        } else {
          console.warn("push refused", response.status, new URL(subscription.endpoint).host);
        }
      } catch (error) {
        console.error("push failed", error);
      }
    }),
  );
  return { sent, removed };
}

async function hasSubscription(db: Database, userId: number) {
  const [row] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return (row?.n ?? 0) > 0;
}

/** Builds and sends a push of one type, when the member wants that type by push and has a subscription. */
async function notify(
  deps: PushDeps,
  recipient: Recipient,
  type: NotificationType,
  content: (t: TFunction) => { body: string; url: string; tag: string },
): Promise<"sent" | "skipped"> {
  const { db } = deps;
  if (!deps.env.VAPID_PRIVATE_KEY || !(await hasSubscription(db, recipient.userId))) return "skipped";
  if (!(await channelEnabledFor(db, recipient.userId, type, "push"))) return "skipped";
  const counts = await navCounts(db, recipient.profileId, recipient.siteId);
  const { body, url, tag } = content(plainTextT("push", recipient.language));
  const { sent } = await pushToMember(deps, recipient.userId, {
    title: recipient.siteName,
    body,
    url,
    tag,
    count: counts.unreadMessages + counts.newLikes,
  });
  return sent > 0 ? "sent" : "skipped";
}

/**
 * A new message (types new_conversations and new_messages): like its e-mail, one push per unread
 * streak — the first unread message of a conversation, not every one after it.
 */
export async function pushAboutNewMessage(
  deps: PushDeps,
  input: { conversationId: number; senderName: string; recipientProfileId: number },
): Promise<"sent" | "skipped"> {
  const { db } = deps;
  const recipient = await recipientOf(db, input.recipientProfileId);
  if (!recipient) return "skipped";
  const [member] = await db
    .select({ unread: conversationMembers.unreadCount })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, input.conversationId), eq(conversationMembers.profileId, recipient.profileId)))
    .limit(1);
  if (member?.unread !== 1) return "skipped";
  const [total] = await db.select({ n: count() }).from(messages).where(eq(messages.conversationId, input.conversationId));
  const type: NotificationType = (total?.n ?? 0) <= 1 ? "new_conversations" : "new_messages";
  return notify(deps, recipient, type, (t) => ({
    body: t(type === "new_conversations" ? "newConversation" : "newMessage", { name: input.senderName }),
    url: `/chats/${input.conversationId}`,
    tag: `chat-${input.conversationId}`,
  }));
}

/** A new like (type like), or the like that made a match; the push opens the liker's profile. */
export async function pushAboutLike(
  deps: PushDeps,
  input: { likerProfileId: number; likerName: string; likedProfileId: number; matched: boolean },
): Promise<"sent" | "skipped"> {
  const recipient = await recipientOf(deps.db, input.likedProfileId);
  if (!recipient) return "skipped";
  return notify(deps, recipient, "like", (t) => ({
    body: t(input.matched ? "match" : "like", { name: input.likerName }),
    url: `/members/${input.likerProfileId}`,
    tag: `like-${input.likerProfileId}`,
  }));
}
