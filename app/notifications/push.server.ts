/**
 * Web push (product.md §3 "Push", §10 "Notifications"; ADR 026). A push goes to each of the
 * member's subscriptions, encrypted (RFC 8291, aes128gcm) and signed with the deployment's VAPID
 * key by @block65/webcrypto-web-push; a subscription the push service no longer knows (404, 410) is removed.
 * Callers start these after the response (`ctx.waitUntil`): a slow push service never slows a
 * message or a like, and a failed push never fails them. A push the push service does not take
 * (429, 5xx, no answer within 10 s) is kept in push_retries and sent again by the cron until its
 * TTL ends (ADR 042).
 *
 * What a push says: who did what, in the member's language, never a message's text. Its payload is
 * read by public/sw.js: `{ title, body, url, tag, count }`, `count` being the app badge (unread
 * messages plus new likes).
 */
import { buildPushPayload } from "@block65/webcrypto-web-push";
import { and, count, eq, inArray } from "drizzle-orm";
import { navCounts } from "~/accounts/nav-counts.server";
import { channelEnabledFor, type NotificationType } from "~/accounts/notification-preferences.server";
import { schema, type Database } from "~/db/client.server";
import { isDevelopment, type AppEnv } from "~/env.server";
import type { TFunction } from "i18next";
import { plainTextT } from "~/i18n/plain-text.server";
import { nextAttemptAt, retryAfterSeconds } from "~/utils/retry";
import { signedPushEndpoint } from "./push-endpoint";
import { claimDuePushRetries, clearPushRetry, finishPushRetry, postponePushRetry, schedulePushRetry } from "./push-retries.server";
import { vapidKeys } from "~/security/vapid";
import * as urls from "~/urls";

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
/** How long one request to a push service may take. */
const PUSH_TIMEOUT_MS = 10_000;

type Subscription = typeof pushSubscriptions.$inferSelect;
type Vapid = NonNullable<ReturnType<typeof vapidKeys>> & { subject: string };

/**
 * What the sender does with a push service's answer (RFC 8030 §5, §6.2, §7.2): 404 and 410 mean
 * the subscription is gone; 408, 429 and 5xx are worth another try later; any other 4xx (a bad
 * request, a VAPID key the subscription was not made with, a payload too large) never goes through.
 */
export type PushAnswer = "delivered" | "gone" | "retry" | "refused";

export function pushAnswerOf(status: number): PushAnswer {
  if (status >= 200 && status < 300) return "delivered";
  if (status === 404 || status === 410) return "gone";
  if (status === 408 || status === 429 || status >= 500) return "retry";
  return "refused";
}

type PushAttempt = { answer: PushAnswer; detail: string; retryAfterSeconds?: number };

/** Encrypts, signs and posts one push to one subscription, within the time limit. Never throws. */
async function attemptPush(
  deps: PushDeps,
  vapid: Vapid,
  subscription: Subscription,
  payload: PushPayload,
  ttlSeconds: number,
  now: Date,
): Promise<PushAttempt> {
  let request: Awaited<ReturnType<typeof buildPushPayload>>;
  try {
    request = await buildPushPayload(
      // The topic replaces a push still waiting for the device (the badge count of the newest wins).
      { data: payload, options: { ttl: ttlSeconds, urgency: "high", topic: payload.tag } },
      {
        endpoint: signedPushEndpoint(subscription.endpoint, isDevelopment(deps.env)),
        expirationTime: null,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      vapid,
    );
  } catch (error) {
    return { answer: "refused", detail: `could not be encrypted: ${error instanceof Error ? error.message : String(error)}` };
  }
  try {
    const init = { ...request, signal: AbortSignal.timeout(PUSH_TIMEOUT_MS) };
    const response = deps.fetch ? await deps.fetch(subscription.endpoint, init) : await fetch(subscription.endpoint, init);
    await response.body?.cancel().catch(() => {});
    return {
      answer: pushAnswerOf(response.status),
      detail: `push service answered ${response.status}`,
      retryAfterSeconds: retryAfterSeconds(response.headers.get("Retry-After"), now, TTL_SECONDS),
    };
  } catch (error) {
    // A network error, or no answer within PUSH_TIMEOUT_MS.
    return { answer: "retry", detail: `push service not reached: ${error instanceof Error ? error.message : String(error)}` };
  }
}

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
 * 404 or 410 for, and keeps the ones it answers 429 or 5xx for (or not in time) for the cron to
 * retry. Resolves with how many were delivered and removed; never rejects for one subscription's failure.
 */
export async function pushToMember(deps: PushDeps, userId: number, payload: PushPayload): Promise<{ sent: number; removed: number }> {
  const { db, env } = deps;
  const keys = vapidKeys(env.VAPID_PRIVATE_KEY);
  if (!keys) return { sent: 0, removed: 0 };
  const vapid = { ...keys, subject: env.VAPID_SUBJECT ?? "mailto:support@example.com" };
  const subscriptions = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  const now = new Date();
  let sent = 0;
  let removed = 0;
  await Promise.all(
    subscriptions.map(async (subscription) => {
      const attempt = await attemptPush(deps, vapid, subscription, payload, TTL_SECONDS, now);
      try {
        const host = new URL(subscription.endpoint).host;
        if (attempt.answer === "gone") {
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
          removed += 1;
        } else if (attempt.answer === "delivered") {
          await db.batch([
            db.update(pushSubscriptions).set({ lastUsedAt: now }).where(eq(pushSubscriptions.id, subscription.id)),
            clearPushRetry(db, subscription.id, payload.tag),
          ]);
          sent += 1;
        } else if (attempt.answer === "retry") {
          console.warn("push postponed, retried by the cron:", attempt.detail, host);
          await schedulePushRetry(db, {
            subscriptionId: subscription.id,
            tag: payload.tag,
            payload,
            error: attempt.detail,
            retryAfterSeconds: attempt.retryAfterSeconds,
            ttlSeconds: TTL_SECONDS,
            now,
          });
        } else {
          console.warn("push refused:", attempt.detail, host);
        }
      } catch (error) {
        console.error("push failed", error);
      }
    }),
  );
  return { sent, removed };
}

/**
 * Retries per cron run, sent side by side like a member's subscriptions: two subrequests each (the
 * push service, then the row), within the cron invocation's budget shared with the mail (ADR 042).
 */
const RETRY_BATCH_SIZE = 10;

/**
 * The cron's part (every five minutes): sends the due retries again. Delivered or refused for good,
 * a retry is done; a gone subscription is removed; another 429, 5xx or timeout postpones it with
 * back-off (1, 2, 4 … minutes, at most an hour, or the push service's Retry-After), until its TTL
 * ends and it is dropped: a push is news (ADR 042).
 */
export async function retryDuePushes(deps: PushDeps, now: Date) {
  const { db, env } = deps;
  const { claimed, expired } = await claimDuePushRetries(db, now, RETRY_BATCH_SIZE);
  if (expired > 0) console.warn(`${expired} push retries dropped: not delivered within their TTL`);
  const result = { sent: 0, postponed: 0, removed: 0, dropped: expired };
  if (claimed.length === 0) return result;
  const keys = vapidKeys(env.VAPID_PRIVATE_KEY);
  const vapid = keys && { ...keys, subject: env.VAPID_SUBJECT ?? "mailto:support@example.com" };
  const subscriptions = await db
    .select()
    .from(pushSubscriptions)
    .where(
      inArray(
        pushSubscriptions.id,
        claimed.map((retry) => retry.subscriptionId),
      ),
    );
  const byId = new Map(subscriptions.map((subscription) => [subscription.id, subscription]));
  await Promise.all(
    claimed.map(async (retry) => {
      try {
        const subscription = byId.get(retry.subscriptionId);
        const ttlSeconds = Math.floor((retry.expiresAt.getTime() - now.getTime()) / 1000);
        if (!subscription || !vapid || ttlSeconds <= 0) {
          await finishPushRetry(db, retry);
          result.dropped += 1;
          return;
        }
        const attempt = await attemptPush(deps, vapid, subscription, JSON.parse(retry.payload) as PushPayload, ttlSeconds, now);
        const host = new URL(subscription.endpoint).host;
        if (attempt.answer === "delivered") {
          await db.batch([
            finishPushRetry(db, retry),
            db.update(pushSubscriptions).set({ lastUsedAt: now }).where(eq(pushSubscriptions.id, subscription.id)),
          ]);
          result.sent += 1;
        } else if (attempt.answer === "gone") {
          // Its retries go with it (ON DELETE CASCADE).
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
          result.removed += 1;
        } else {
          const retryAt = nextAttemptAt(now, retry.attempts, attempt.retryAfterSeconds);
          if (attempt.answer === "retry" && retryAt < retry.expiresAt) {
            console.warn(
              `push retry ${retry.id} failed (attempt ${retry.attempts}), tried again after ${retryAt.toISOString()}:`,
              attempt.detail,
              host,
            );
            await postponePushRetry(db, retry, attempt.detail, retryAt);
            result.postponed += 1;
          } else {
            console.warn(`push retry ${retry.id} given up after ${retry.attempts} attempts:`, attempt.detail, host);
            await finishPushRetry(db, retry);
            result.dropped += 1;
          }
        }
      } catch (error) {
        console.error(`push retry ${retry.id} failed`, error);
      }
    }),
  );
  return result;
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
    url: urls.chat(input.conversationId),
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
    url: urls.member(input.likerProfileId),
    tag: `like-${input.likerProfileId}`,
  }));
}
