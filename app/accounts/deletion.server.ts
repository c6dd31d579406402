/**
 * Account deletion (product.md §10): a deleted account stays recoverable for the site's grace
 * period (14 days) by logging in or through the e-mail link; afterwards a nightly job erases it for
 * good, keeping only what the law requires (orders, payments and the credit ledger).
 */
import { and, eq, gt, inArray, isNotNull, isNull, or, sql, type Column } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { schema, type Database } from "~/db/client.server";
import { notLeased, takeLeases } from "~/jobs/leases.server";
import { sendMail, type MailDeps } from "~/mail/mail.server";
import type { DeleteReason } from "./settings-schema";
import { deleteUserSessions } from "./session.server";
import { consumeVerificationToken, replaceVerificationToken } from "./verification.server";
import * as urls from "~/urls";

export const DELETION_GRACE_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment a deletion made at `deletedAt` can be undone. */
export function recoverableUntil(deletedAt: Date, graceDays = DELETION_GRACE_DAYS): Date {
  return new Date(deletedAt.getTime() + graceDays * DAY_MS);
}

/** Links that must not outlive the account: a reset, mail-change or activation link sent before the deletion. */
const LINKS_ENDED_BY_DELETION = ["password_reset", "mail_change", "activation"] as const;

/**
 * Deletes an account: the profile disappears at once, every session ends, the links mailed before
 * (reset, mail change, activation, an older recovery link) stop working in the same batch, and a
 * recovery link valid for the grace period goes to the member's address.
 */
export async function deleteAccount(
  deps: MailDeps & { origin: string; graceDays: number },
  input: { userId: number; email: string; name: string; locale: string; reason: DeleteReason; remarks?: string },
  /**
   * Statements of the deletion's own transaction, right after the account's UPDATE (the console's
   * audit entry; `changes() > 0` there says the account was deleted by this call).
   */
  alongside: BatchItem<"sqlite">[] = [],
) {
  const { db, now } = deps;
  // Only a live account: a ban that lands while the member confirms the deletion stays a ban (a
  // deleted account can be recovered), and a second click deletes nothing again.
  const [deleted] = await db.batch([
    db
      .update(schema.users)
      .set({ status: "deleted", deletedAt: now, deleteReason: input.reason, deleteRemarks: input.remarks?.trim() || null })
      .where(and(eq(schema.users.id, input.userId), inArray(schema.users.status, ["not_confirmed", "confirmed"])))
      .returning({ id: schema.users.id }),
    ...alongside,
    db
      .update(schema.profiles)
      .set({ status: "deleted" })
      .where(
        and(eq(schema.profiles.userId, input.userId), sql`EXISTS (SELECT 1 FROM users WHERE id = ${input.userId} AND status = 'deleted')`),
      ),
    // A reset link issued before the deletion would otherwise sign the deleted account in again.
    db
      .delete(schema.verificationTokens)
      .where(
        and(
          eq(schema.verificationTokens.userId, input.userId),
          inArray(schema.verificationTokens.kind, [...LINKS_ENDED_BY_DELETION]),
          isNull(schema.verificationTokens.usedAt),
        ),
      ),
  ]);
  const at = recoverableUntil(now, deps.graceDays);
  // Another request deleted it (its recovery link and mail stand), or it was banned meanwhile.
  if (deleted.length === 0) return { deleted: false, recoverableUntil: at };
  await deleteUserSessions(db, input.userId);
  // The recovery link replaces an older one (of an earlier deletion).
  const token = await replaceVerificationToken(db, {
    userId: input.userId,
    kind: "account_recovery",
    now,
    ttlSeconds: (deps.graceDays * DAY_MS) / 1000,
  });
  await sendMail(deps, {
    template: "account_deleted",
    to: input.email,
    userId: input.userId,
    locale: input.locale,
    params: {
      name: input.name,
      link: new URL(urls.accountRecover(token), deps.origin).toString(),
      days: deps.graceDays,
    },
  });
  return { deleted: true, recoverableUntil: at };
}

/** Restores a deleted account still within its grace period; false when it is too late. */
export async function reactivateIfRecoverable(db: Database, userId: number, now: Date, graceDays = DELETION_GRACE_DAYS) {
  const cutoff = new Date(now.getTime() - graceDays * DAY_MS);
  const user = await db.query.users.findFirst({
    where: and(eq(schema.users.id, userId), eq(schema.users.status, "deleted"), gt(schema.users.deletedAt, cutoff)),
  });
  if (!user) return false;
  const confirmed = user.confirmedAt !== null;
  await db.batch([
    db
      .update(schema.users)
      .set({ status: confirmed ? "confirmed" : "not_confirmed", deletedAt: null, deleteReason: null, deleteRemarks: null, lastSeenAt: now })
      .where(eq(schema.users.id, userId)),
    db
      .update(schema.profiles)
      .set({ status: confirmed ? "active" : "disabled" })
      .where(eq(schema.profiles.userId, userId)),
    // The recovery link has done its job, whichever way the member came back.
    db
      .update(schema.verificationTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(schema.verificationTokens.userId, userId),
          eq(schema.verificationTokens.kind, "account_recovery"),
          isNull(schema.verificationTokens.usedAt),
        ),
      ),
  ]);
  return true;
}

/**
 * The recovery link of the account_deleted mail: used once, for an account of this site still in
 * its grace period. Returns the member to sign in, or null (too late, used or unknown).
 */
export async function recoverWithToken(db: Database, input: { token: string; siteId: number; graceDays: number; now: Date }) {
  const used = await consumeVerificationToken(db, { token: input.token, kind: "account_recovery", now: input.now });
  if (!used) return null;
  const owner = await db.query.users.findFirst({ columns: { siteId: true }, where: eq(schema.users.id, used.userId) });
  if (owner?.siteId !== input.siteId) return null;
  return (await reactivateIfRecoverable(db, used.userId, input.now, input.graceDays)) ? used.userId : null;
}

/**
 * How long a run's claim on an account lasts: far longer than a run takes (a batch of 50 takes
 * seconds), so no two runs erase the same account; one whose erasure failed is claimed again by
 * the next night's run.
 */
export const ERASURE_LEASE_SECONDS = 15 * 60;

/**
 * Deleted accounts of a site whose grace period is over, oldest first, claimed for this run in the
 * statement that picks them (jobs/leases.server.ts): a run that overlaps gets other accounts.
 */
export async function claimAccountsDueForErasure(db: Database, input: { siteId: number; graceDays: number; now: Date; limit: number }) {
  const cutoffS = Math.floor((input.now.getTime() - input.graceDays * DAY_MS) / 1000);
  const nowS = Math.floor(input.now.getTime() / 1000);
  return takeLeases(
    db,
    "erase-account",
    sql`
      SELECT id FROM users
      WHERE site_id = ${input.siteId} AND status = 'deleted' AND deleted_at < ${cutoffS}
        AND ${notLeased("erase-account", sql`users.id`, nowS - ERASURE_LEASE_SECONDS)}
      ORDER BY deleted_at
      LIMIT ${input.limit}`,
    input.now,
  );
}

/** Placeholder values of an erased profile (the row stays so other members' conversations hold). */
export const ERASED_PROFILE_NAME = "—";
const ERASED_BIRTH_DATE = "1900-01-01";

export function erasedEmail(userId: number): string {
  return `erased-${userId}@invalid`;
}

/**
 * Erases a deleted account for good (product.md §10): profile, photos (rows and R2 objects), the
 * content of messages they sent, push subscriptions, sessions, passkeys, preferences, tokens and
 * traces of who they liked or viewed. Orders, payments and the credit ledger are kept as the law
 * requires. Safe to run twice: a second run finds nothing left to erase.
 */
export async function eraseAccount(db: Database, photos: Pick<R2Bucket, "delete">, userId: number) {
  const user = await db.query.users.findFirst({ columns: { id: true, siteId: true, email: true }, where: eq(schema.users.id, userId) });
  if (!user) return false;
  const profile = await db.query.profiles.findFirst({ columns: { id: true }, where: eq(schema.profiles.userId, userId) });
  const profileId = profile?.id ?? -1;

  const sentPhotos = db.select({ id: schema.messages.id }).from(schema.messages).where(eq(schema.messages.senderId, profileId));
  const [photoRows, messageRows, chatPhotoRows] = await db.batch([
    db
      .select({ objectKey: schema.photos.objectKey, thumbKey: schema.photos.thumbKey })
      .from(schema.photos)
      .where(eq(schema.photos.profileId, profileId)),
    db
      .select({ objectKey: schema.messages.objectKey })
      .from(schema.messages)
      .where(and(eq(schema.messages.senderId, profileId), isNotNull(schema.messages.objectKey))),
    // Photos they sent in chats (product.md §10 "Photos in chat").
    db
      .select({ objectKey: schema.chatPhotos.objectKey, thumbKey: schema.chatPhotos.thumbKey })
      .from(schema.chatPhotos)
      .where(inArray(schema.chatPhotos.messageId, sentPhotos)),
  ]);
  const objectKeys = [
    ...photoRows.flatMap((row) => [row.objectKey, row.thumbKey]),
    ...chatPhotoRows.flatMap((row) => [row.objectKey, row.thumbKey]),
    ...messageRows.map((row) => row.objectKey).filter((key): key is string => Boolean(key)),
  ];
  // Objects first: if this fails the account stays "deleted" and the next run tries again.
  for (let i = 0; i < objectKeys.length; i += 1000) await photos.delete(objectKeys.slice(i, i + 1000));

  const involves = (a: Column, b: Column) => or(eq(a, profileId), eq(b, profileId));
  await db.batch([
    db.update(schema.profiles).set({ mainPhotoId: null, hasPhoto: false }).where(eq(schema.profiles.id, profileId)),
    db.delete(schema.photos).where(eq(schema.photos.profileId, profileId)),
    db.delete(schema.chatPhotos).where(inArray(schema.chatPhotos.messageId, sentPhotos)),
    db.update(schema.messages).set({ body: null, objectKey: null }).where(eq(schema.messages.senderId, profileId)),
    db.delete(schema.profileInterests).where(eq(schema.profileInterests.profileId, profileId)),
    db.delete(schema.profileViews).where(involves(schema.profileViews.viewerId, schema.profileViews.viewedId)),
    db.delete(schema.likes).where(involves(schema.likes.likerId, schema.likes.likedId)),
    db.delete(schema.matches).where(involves(schema.matches.profileAId, schema.matches.profileBId)),
    db.delete(schema.blocks).where(involves(schema.blocks.blockerId, schema.blocks.blockedId)),
    // Moderation decisions stay as an audit trail, without the member's own words.
    db
      .update(schema.moderationActions)
      .set({ reason: null })
      .where(and(eq(schema.moderationActions.targetType, "profile_text"), eq(schema.moderationActions.targetId, profileId))),
    db
      .update(schema.profiles)
      .set({
        name: ERASED_PROFILE_NAME,
        aboutMe: null,
        hairColor: null,
        eyeColor: null,
        bodyType: null,
        relationshipStatus: null,
        tattoos: null,
        signupReason: null,
        birthDate: ERASED_BIRTH_DATE,
        regionId: null,
        status: "deleted",
      })
      .where(eq(schema.profiles.id, profileId)),
    // Pushes waiting for a retry carry names: removed here as well, not only by the foreign key's cascade.
    db
      .delete(schema.pushRetries)
      .where(
        inArray(
          schema.pushRetries.subscriptionId,
          db.select({ id: schema.pushSubscriptions.id }).from(schema.pushSubscriptions).where(eq(schema.pushSubscriptions.userId, userId)),
        ),
      ),
    db.delete(schema.pushSubscriptions).where(eq(schema.pushSubscriptions.userId, userId)),
    db.delete(schema.sessions).where(eq(schema.sessions.userId, userId)),
    db.delete(schema.passkeys).where(eq(schema.passkeys.userId, userId)),
    db.delete(schema.authChallenges).where(eq(schema.authChallenges.userId, userId)),
    db.delete(schema.notificationPreferences).where(eq(schema.notificationPreferences.userId, userId)),
    db.delete(schema.verificationTokens).where(eq(schema.verificationTokens.userId, userId)),
    // Sent mail and login attempts carry the address.
    db.delete(schema.mailOutbox).where(eq(schema.mailOutbox.userId, userId)),
    db.delete(schema.loginAttempts).where(and(eq(schema.loginAttempts.siteId, user.siteId), eq(schema.loginAttempts.email, user.email))),
    db
      .update(schema.users)
      .set({
        status: "erased",
        email: erasedEmail(userId),
        passwordHash: null,
        emailDisabledReason: null,
        deleteRemarks: null,
        invisible: false,
      })
      .where(eq(schema.users.id, userId)),
  ]);
  return true;
}
