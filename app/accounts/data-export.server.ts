/**
 * The member's own data as one JSON document (product.md §10: every member can download their
 * data). Never secrets (password hash, sessions, tokens, passkey keys) and nothing private of other
 * members: they appear only by profile id.
 */
import { and, asc, eq, or, sql } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import type { Site } from "~/sites/site.server";
import { notificationPreferencesOf, notificationPreferencesQuery } from "./notification-preferences.server";

/**
 * The document, read in one batch (ADR 056): `profileId` is the member's profile as the session
 * read it (null without one); every table is read by the account's or the profile's id.
 */
export async function buildDataExport(db: Database, input: { userId: number; profileId: number | null; site: Site; now: Date }) {
  const { userId } = input;
  const profileId = input.profileId ?? -1;
  const {
    photos,
    profileInterests,
    interests,
    likes,
    conversations,
    creditLedger,
    orders,
    trackingRecords,
    passkeys,
    regions,
    blocks,
    landingVisits,
  } = schema;

  const [
    [user],
    [profile],
    photoRows,
    interestRows,
    given,
    received,
    conversationRows,
    ledgerRows,
    orderRows,
    trackingRows,
    passkeyRows,
    regionRows,
    blockRows,
    visitRows,
    ownMessages,
    paymentRows,
    preferenceRows,
  ] = await db.batch([
    db.select().from(schema.users).where(eq(schema.users.id, userId)),
    db
      .select()
      .from(schema.profiles)
      .where(and(eq(schema.profiles.id, profileId), eq(schema.profiles.userId, userId))),
    db.select().from(photos).where(eq(photos.profileId, profileId)).orderBy(asc(photos.position)),
    db
      .select({ key: interests.key })
      .from(profileInterests)
      .innerJoin(interests, eq(interests.id, profileInterests.interestId))
      .where(eq(profileInterests.profileId, profileId)),
    db
      .select({ profileId: likes.likedId, source: likes.source, createdAt: likes.createdAt })
      .from(likes)
      .where(eq(likes.likerId, profileId)),
    db.select({ profileId: likes.likerId, createdAt: likes.createdAt }).from(likes).where(eq(likes.likedId, profileId)),
    db
      .select()
      .from(conversations)
      .where(or(eq(conversations.starterId, profileId), eq(conversations.recipientId, profileId)))
      .orderBy(asc(conversations.id)),
    db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(asc(creditLedger.id)),
    db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.id)),
    db.select().from(trackingRecords).where(eq(trackingRecords.userId, userId)),
    db
      .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.userId, userId)),
    db.select({ name: regions.name }).from(regions).where(sql`${regions.id} = (SELECT region_id FROM profiles WHERE id = ${profileId})`),
    db.select({ profileId: blocks.blockedId, createdAt: blocks.createdAt }).from(blocks).where(eq(blocks.blockerId, profileId)),
    // The landing pages the member visited, as far as they are linked to the account (product.md §10 "Acquisition").
    db
      .select({ page: landingVisits.page, slug: landingVisits.slug, network: landingVisits.network, createdAt: landingVisits.createdAt })
      .from(landingVisits)
      .where(eq(landingVisits.userId, userId))
      .orderBy(asc(landingVisits.createdAt)),
    db
      .select({
        id: schema.messages.id,
        conversationId: schema.messages.conversationId,
        kind: schema.messages.kind,
        body: schema.messages.body,
        credits: schema.messages.credits,
        createdAt: schema.messages.createdAt,
        // A photo the member sent in a chat (product.md §2 chat), whatever the moderation made of it.
        photoKey: schema.chatPhotos.objectKey,
        photoStatus: schema.chatPhotos.status,
      })
      .from(schema.messages)
      .leftJoin(schema.chatPhotos, eq(schema.chatPhotos.messageId, schema.messages.id))
      .where(eq(schema.messages.senderId, profileId))
      .orderBy(asc(schema.messages.id)),
    db
      .select({
        orderId: schema.payments.orderId,
        provider: schema.payments.provider,
        method: schema.payments.method,
        status: schema.payments.status,
        amountCents: schema.payments.amountCents,
        currency: schema.payments.currency,
        createdAt: schema.payments.createdAt,
      })
      .from(schema.payments)
      .where(sql`${schema.payments.orderId} IN (SELECT id FROM orders WHERE user_id = ${userId})`),
    notificationPreferencesQuery(db, userId),
  ]);
  if (!user) return null;

  const messagesOf = (conversationId: number) =>
    ownMessages
      .filter((m) => m.conversationId === conversationId)
      .map(({ conversationId: _c, photoKey, photoStatus, ...message }) => ({
        ...message,
        photo: photoKey ? { url: `/${photoKey}`, status: photoStatus } : null,
      }));

  return {
    exportedAt: input.now.toISOString(),
    site: { name: input.site.name, domain: input.site.domain },
    account: {
      id: user.id,
      email: user.email,
      status: user.status,
      language: user.language,
      credits: user.credits,
      paidUser: user.paidUser,
      premiumSince: user.premiumSince,
      invisible: user.invisible,
      emailDisabledReason: user.emailDisabledReason,
      signupAt: user.signupAt,
      confirmedAt: user.confirmedAt,
      lastSeenAt: user.lastSeenAt,
    },
    profile: profile
      ? {
          id: profile.id,
          name: profile.name,
          gender: profile.gender,
          sexuality: profile.sexuality,
          birthDate: profile.birthDate,
          country: profile.country,
          region: regionRows[0]?.name ?? null,
          hairColor: profile.hairColor,
          eyeColor: profile.eyeColor,
          bodyType: profile.bodyType,
          relationshipStatus: profile.relationshipStatus,
          tattoos: profile.tattoos,
          signupReason: profile.signupReason,
          aboutMe: profile.aboutMe,
          status: profile.status,
          createdAt: profile.createdAt,
        }
      : null,
    photos: photoRows.map((photo) => ({
      id: photo.id,
      url: `/${photo.objectKey}`,
      contentType: photo.contentType,
      width: photo.width,
      height: photo.height,
      status: photo.status,
      private: photo.private,
      main: photo.id === profile?.mainPhotoId,
      createdAt: photo.createdAt,
    })),
    interests: interestRows.map((row) => row.key),
    likes: { given, received },
    blocked: blockRows,
    conversations: conversationRows.map((conversation) => ({
      id: conversation.id,
      withProfileId: conversation.starterId === profileId ? conversation.recipientId : conversation.starterId,
      startedByMe: conversation.starterId === profileId,
      createdAt: conversation.createdAt,
      myMessages: messagesOf(conversation.id),
    })),
    creditLedger: ledgerRows.map(({ userId: _u, causeKey: _k, ...entry }) => entry),
    orders: orderRows.map(({ userId: _u, siteId: _s, ...order }) => ({
      ...order,
      payments: paymentRows.filter((p) => p.orderId === order.id).map(({ orderId: _o, ...payment }) => payment),
    })),
    notificationPreferences: notificationPreferencesOf(preferenceRows),
    tracking: trackingRows.map(({ network, ref, sub1, sub2, sub3, landingPath, createdAt }) => ({
      network,
      ref,
      sub1,
      sub2,
      sub3,
      landingPath,
      createdAt,
    })),
    landingVisits: visitRows,
    passkeys: passkeyRows,
  };
}

export type DataExport = NonNullable<Awaited<ReturnType<typeof buildDataExport>>>;

/** `<site>-data-<date>.json`, with the site's name reduced to safe file-name characters. */
export function exportFileName(siteName: string, now: Date): string {
  const site =
    siteName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "site";
  return `${site}-data-${now.toISOString().slice(0, 10)}.json`;
}
