/**
 * The whole product's schema (libSQL / SQLite dialect).
 *
 * Conventions:
 * - timestamps are unix seconds (`integer({ mode: "timestamp" })`), dates of birth are ISO `YYYY-MM-DD` text;
 * - money is stored in minor units (cents) with its ISO currency;
 * - JSON columns hold small, validated documents (parsed through zod in the services);
 * - every search of product.md §2 has an index; member search pages with keyset pagination.
 */
import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, blob, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const createdAt = () => integer("created_at", { mode: "timestamp" }).notNull().default(sql`(unixepoch())`);

// ───────────────────────────── sites ─────────────────────────────

export const companies = sqliteTable("companies", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  address: text("address").notNull(),
  zip: text("zip").notNull(),
  city: text("city").notNull(),
  country: text("country").notNull(),
  kvk: text("kvk").notNull(),
  tradenames: text("tradenames", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
  vatNumbers: text("vat_numbers", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
  supportPhone: text("support_phone").notNull(),
  supportEmail: text("support_email").notNull(),
  /** Percentage offered to a member who is about to delete the account. */
  deleteDiscount: integer("delete_discount").notNull().default(0),
  /** The day the company started operating the sites (ISO date); bounds the terms version date. */
  added: text("added").notNull(),
});

export const sites = sqliteTable("sites", {
  id: integer("id").primaryKey(),
  /** Stable operator-facing key, e.g. "nl-general". */
  key: text("key").notNull().unique(),
  name: text("name").notNull(),
  domain: text("domain").notNull(),
  /** e.g. "nl_NL"; its first two letters are the fallback interface language. */
  domainLanguage: text("domain_language").notNull(),
  companyId: integer("company_id")
    .notNull()
    .references(() => companies.id),
  isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
  /** Every other setting of product.md §3, validated by `app/sites/site-settings.ts`. */
  settings: text("settings", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

export const siteHosts = sqliteTable(
  "site_hosts",
  {
    host: text("host").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
  },
  (t) => [index("site_hosts_site_idx").on(t.siteId)],
);

/** One row per package, currency and site: p0..p3, never converted on the fly. */
export const sitePrices = sqliteTable(
  "site_prices",
  {
    id: integer("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    currency: text("currency").notNull(),
    packageKey: text("package_key").notNull(),
    credits: integer("credits").notNull(),
    amountCents: integer("amount_cents").notNull(),
    discountPercent: integer("discount_percent").notNull().default(0),
    popular: integer("popular", { mode: "boolean" }).notNull().default(false),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("site_prices_unique").on(t.siteId, t.currency, t.packageKey)],
);

export const regions = sqliteTable(
  "regions",
  {
    id: integer("id").primaryKey(),
    country: text("country").notNull(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
  },
  (t) => [uniqueIndex("regions_country_code").on(t.country, t.code)],
);

export const interests = sqliteTable("interests", {
  id: integer("id").primaryKey(),
  /** snake_case key; its label lives in the locale files (`interests.<key>`). */
  key: text("key").notNull().unique(),
  icon: text("icon").notNull(),
  position: integer("position").notNull(),
});

// ───────────────────────────── members ─────────────────────────────

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    /** not_confirmed → confirmed; deleted (recoverable for the grace period) → erased. */
    status: text("status", { enum: ["not_confirmed", "confirmed", "deleted", "erased", "banned"] })
      .notNull()
      .default("not_confirmed"),
    /** admin: the operator console under /admin (ADR 054); an admin may also moderate. */
    role: text("role", { enum: ["member", "moderator", "admin"] })
      .notNull()
      .default("member"),
    /** Cached balance; the credit ledger is the source of truth. */
    credits: integer("credits").notNull().default(0),
    paidUser: integer("paid_user", { mode: "boolean" }).notNull().default(false),
    premiumSince: integer("premium_since", { mode: "timestamp" }),
    /** Blocked from spending while a charge-back left the balance short. */
    spendingBlocked: integer("spending_blocked", { mode: "boolean" }).notNull().default(false),
    /** Credits a charge-back could not take back (the balance stops at zero); the next purchase settles them. */
    creditDebt: integer("credit_debt").notNull().default(0),
    language: text("language").notNull().default("nl"),
    invisible: integer("invisible", { mode: "boolean" }).notNull().default(false),
    emailDisabledReason: text("email_disabled_reason", { enum: ["fbl", "bounce", "listunsubscribe"] }),
    signupAt: integer("signup_at", { mode: "timestamp" }).notNull().default(sql`(unixepoch())`),
    confirmedAt: integer("confirmed_at", { mode: "timestamp" }),
    deletedAt: integer("deleted_at", { mode: "timestamp" }),
    deleteReason: text("delete_reason", {
      enum: ["price", "found_someone", "not_looking", "site_problems", "no_members", "time", "other"],
    }),
    deleteRemarks: text("delete_remarks"),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp" }),
    /** When the member was last mailed about unread messages (at most once a day, type unread_message_reminders). */
    unreadReminderAt: integer("unread_reminder_at", { mode: "timestamp" }),
    /** Since when the account's new messages are held for review as likely spam (ADR 053); null: delivered. */
    messagesHeldAt: integer("messages_held_at", { mode: "timestamp" }),
  },
  (t) => [
    uniqueIndex("users_site_email").on(t.siteId, t.email),
    index("users_deleted_at").on(t.deletedAt).where(sql`${t.status} = 'deleted'`),
  ],
);

export const profiles = sqliteTable(
  "profiles",
  {
    id: integer("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    name: text("name").notNull(),
    gender: text("gender", { enum: ["male", "female"] }).notNull(),
    sexuality: text("sexuality", { enum: ["hetero", "gay", "lesbian", "bi"] }).notNull(),
    birthDate: text("birth_date").notNull(),
    country: text("country").notNull(),
    regionId: integer("region_id").references(() => regions.id),
    hairColor: text("hair_color"),
    eyeColor: text("eye_color"),
    bodyType: text("body_type"),
    relationshipStatus: text("relationship_status"),
    tattoos: text("tattoos"),
    signupReason: text("signup_reason"),
    aboutMe: text("about_me"),
    /** disabled until the e-mail address is confirmed; active is visible. */
    status: text("status", { enum: ["active", "disabled", "deleted"] })
      .notNull()
      .default("disabled"),
    fictional: integer("fictional", { mode: "boolean" }).notNull().default(false),
    mainPhotoId: integer("main_photo_id"),
    /**
     * Whether the main photo is approved and public, as the card's photo join finds it: kept by
     * `refreshHasPhoto` (app/photos/photos.server.ts) so member search can show members with a
     * photo first straight from its indexes.
     */
    hasPhoto: integer("has_photo", { mode: "boolean" }).notNull().default(false),
    /**
     * Whether the member's account lets others find the profile: the e-mail address is confirmed
     * and invisible mode is off (`users.status`, `users.invisible`). Kept by the database's own
     * triggers (migration 0012), never written by the app, so member search can count and list
     * from its indexes without reading each member's account (ADR 037).
     */
    listed: integer("listed", { mode: "boolean" }).notNull().default(false),
    lastActiveAt: integer("last_active_at", { mode: "timestamp" }).notNull().default(sql`(unixepoch())`),
    createdAt: createdAt(),
  },
  (t) => [
    // Member search (product.md §2: gender, country, region, age), members with a photo first, then
    // newest first, with a keyset on (has_photo, id). Covering: the age filter (birth_date) and
    // region are read from the index itself, and only listed profiles are in it, so a count reads
    // no table row (ADR 037).
    index("profiles_search")
      .on(t.siteId, t.gender, t.country, t.hasPhoto, t.id, t.birthDate, t.regionId)
      .where(sql`${t.status} = 'active' and ${t.listed} = 1`),
    index("profiles_search_region")
      .on(t.siteId, t.gender, t.regionId, t.hasPhoto, t.id, t.birthDate)
      .where(sql`${t.status} = 'active' and ${t.listed} = 1`),
    // Recently active members (home page, "online" lists).
    index("profiles_recent").on(t.siteId, t.lastActiveAt).where(sql`${t.status} = 'active'`),
    // The swipe game and the match finder: per gender, members with a photo first, then the most
    // recently active (app/discovery/member.server.ts, fittingInDiscoveryOrder); the rowid breaks ties.
    index("profiles_discovery").on(t.siteId, t.gender, t.hasPhoto, t.lastActiveAt).where(sql`${t.status} = 'active'`),
  ],
);

export const profileInterests = sqliteTable(
  "profile_interests",
  {
    profileId: integer("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    interestId: integer("interest_id")
      .notNull()
      .references(() => interests.id),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.interestId] })],
);

export const photos = sqliteTable(
  "photos",
  {
    id: integer("id").primaryKey(),
    profileId: integer("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** Random R2 object keys; never derived from the uploaded file name. */
    objectKey: text("object_key").notNull().unique(),
    thumbKey: text("thumb_key").notNull().unique(),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    status: text("status", { enum: ["pending", "active", "rejected"] })
      .notNull()
      .default("pending"),
    /** Why a moderator rejected the photo (a fixed reason key, or free text for "other"). */
    rejectionReason: text("rejection_reason"),
    reviewedAt: integer("reviewed_at", { mode: "timestamp" }),
    private: integer("private", { mode: "boolean" }).notNull().default(false),
    position: integer("position").notNull().default(0),
    /** The perceptual fingerprint of the pixels (app/photos/fingerprint.ts, ADR 053): 16 hex digits. */
    fingerprint: text("fingerprint"),
    /** At upload, the same photo already belonged to this other profile: flagged for the moderator. */
    duplicateOfProfileId: integer("duplicate_of_profile_id").references((): AnySQLiteColumn => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("photos_profile").on(t.profileId, t.position),
    index("photos_pending").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    // Photos a moderator rejected as stolen, scam or illegal: never uploaded again (ADR 053).
    index("photos_banned_fingerprints")
      .on(t.fingerprint)
      .where(sql`${t.status} = 'rejected' AND ${t.rejectionReason} IN ('stolen', 'scam', 'illegal')`),
    // The same photo on another account: candidates share one of the fingerprint's four 16-bit bands.
    index("photos_fingerprint_band_1").on(sql`substr(${t.fingerprint}, 1, 4)`),
    index("photos_fingerprint_band_2").on(sql`substr(${t.fingerprint}, 5, 4)`),
    index("photos_fingerprint_band_3").on(sql`substr(${t.fingerprint}, 9, 4)`),
    index("photos_fingerprint_band_4").on(sql`substr(${t.fingerprint}, 13, 4)`),
  ],
);

export const profileViews = sqliteTable(
  "profile_views",
  {
    viewerId: integer("viewer_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    viewedId: integer("viewed_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    viewedAt: integer("viewed_at", { mode: "timestamp" }).notNull().default(sql`(unixepoch())`),
  },
  (t) => [primaryKey({ columns: [t.viewerId, t.viewedId] }), index("profile_views_viewed").on(t.viewedId, t.viewedAt)],
);

// ───────────────────────────── discovery ─────────────────────────────

export const likes = sqliteTable(
  "likes",
  {
    likerId: integer("liker_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    likedId: integer("liked_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    source: text("source", { enum: ["profile", "swipe", "match_finder", "auto"] })
      .notNull()
      .default("profile"),
    /** product.md §3 `like_new` — cleared when the liked member views the liker's profile. */
    isNew: integer("is_new", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.likerId, t.likedId] }),
    index("likes_liked").on(t.likedId, t.createdAt),
    index("likes_liker_day").on(t.likerId, t.source, t.createdAt),
  ],
);

/** A returned like; profile_a_id < profile_b_id so a pair is stored once. */
export const matches = sqliteTable(
  "matches",
  {
    id: integer("id").primaryKey(),
    profileAId: integer("profile_a_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    profileBId: integer("profile_b_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("matches_pair").on(t.profileAId, t.profileBId), index("matches_b").on(t.profileBId)],
);

export const blocks = sqliteTable(
  "blocks",
  {
    blockerId: integer("blocker_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    blockedId: integer("blocked_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index("blocks_blocked").on(t.blockedId)],
);

// ───────────────────────────── chat ─────────────────────────────

export const conversations = sqliteTable(
  "conversations",
  {
    id: integer("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    /** The member who sent the first message (counts towards a free member's cap). */
    starterId: integer("starter_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    recipientId: integer("recipient_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    lastMessageAt: integer("last_message_at", { mode: "timestamp" }),
    createdAt: createdAt(),
  },
  (t) => [
    // One conversation per pair of members, whoever wrote first.
    uniqueIndex("conversations_pair").on(sql`min(${t.starterId}, ${t.recipientId})`, sql`max(${t.starterId}, ${t.recipientId})`),
    // A free member's cap counts the conversations they started.
    index("conversations_starter").on(t.starterId),
    index("conversations_recipient").on(t.recipientId),
  ],
);

/** Each side's view of a conversation: unread count and whether they removed it. */
export const conversationMembers = sqliteTable(
  "conversation_members",
  {
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    profileId: integer("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    unreadCount: integer("unread_count").notNull().default(0),
    removedAt: integer("removed_at", { mode: "timestamp" }),
    /** Removing a conversation clears its history for this member: messages up to this id stay hidden. */
    clearedThroughId: integer("cleared_through_id").notNull().default(0),
    /** The newest message this member has seen (opened the conversation with it in it): the partner's "seen". */
    readThroughId: integer("read_through_id").notNull().default(0),
    lastMessageAt: integer("last_message_at", { mode: "timestamp" }),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.profileId] }), index("conversation_members_list").on(t.profileId, t.lastMessageAt)],
);

export const gifts = sqliteTable("gifts", {
  id: integer("id").primaryKey(),
  key: text("key").notNull().unique(),
  icon: text("icon").notNull(),
  /** null: the site's gift_credits. */
  credits: integer("credits"),
  position: integer("position").notNull(),
});

export const messages = sqliteTable(
  "messages",
  {
    id: integer("id").primaryKey(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: integer("sender_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["text", "photo", "gift", "gif"] })
      .notNull()
      .default("text"),
    body: text("body"),
    objectKey: text("object_key"),
    giftId: integer("gift_id").references(() => gifts.id),
    credits: integer("credits").notNull().default(0),
    /** Client-chosen idempotency key so a retried send is stored (and charged) once. */
    clientKey: text("client_key"),
    /**
     * Why the safety check flagged the text ("contact,money", app/safety/message-check.ts), sent
     * anyway after the prompt; null for a message that was not flagged. Only the reasons, never a copy of the text.
     */
    safetyFlags: text("safety_flags"),
    /**
     * Held for review (ADR 053): the sender looked like a spam account. The recipient neither sees
     * nor is told about it until a moderator releases it; rejected, it is removed and refunded.
     */
    held: integer("held", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_conversation").on(t.conversationId, t.id),
    uniqueIndex("messages_client_key").on(t.senderId, t.clientKey),
    // The moderators' queue of flagged conversations (app/safety/flagged-conversations.server.ts).
    index("messages_flagged").on(t.conversationId, t.id).where(sql`${t.safetyFlags} IS NOT NULL`),
    // The spam check's look at a sender's recent messages, and the held messages of a sender.
    index("messages_sender_recent").on(t.senderId, t.createdAt),
    index("messages_held").on(t.senderId, t.id).where(sql`${t.held} = 1`),
  ],
);

/**
 * The photo of a photo message (product.md §10 "Photos in chat"): processed like a profile photo,
 * stored under random R2 keys, shown to the recipient only once a moderator approved it.
 */
export const chatPhotos = sqliteTable(
  "chat_photos",
  {
    messageId: integer("message_id")
      .primaryKey()
      .references(() => messages.id, { onDelete: "cascade" }),
    objectKey: text("object_key").notNull().unique(),
    thumbKey: text("thumb_key").notNull().unique(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    status: text("status", { enum: ["pending", "active", "rejected"] })
      .notNull()
      .default("pending"),
    rejectionReason: text("rejection_reason"),
    reviewedAt: integer("reviewed_at", { mode: "timestamp" }),
    createdAt: createdAt(),
  },
  (t) => [index("chat_photos_pending").on(t.createdAt).where(sql`${t.status} = 'pending'`)],
);

// ───────────────────────────── money ─────────────────────────────

/** Every change of a balance, with a unique cause so a retry never counts twice. */
export const creditLedger = sqliteTable(
  "credit_ledger",
  {
    id: integer("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    delta: integer("delta").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    reason: text("reason", {
      enum: ["signup", "purchase", "message", "photo", "gift", "chargeback", "refund", "adjustment"],
    }).notNull(),
    /** e.g. "order:42", "message:1001", "signup:7" — unique across the ledger. */
    causeKey: text("cause_key").notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index("credit_ledger_user").on(t.userId, t.id)],
);

export const orders = sqliteTable(
  "orders",
  {
    id: integer("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    packageKey: text("package_key").notNull(),
    credits: integer("credits").notNull(),
    currency: text("currency").notNull(),
    amountCents: integer("amount_cents").notNull(),
    discountCodeId: integer("discount_code_id"),
    discountCents: integer("discount_cents").notNull().default(0),
    method: text("method"),
    status: text("status", {
      enum: ["open", "pending", "paid", "failed", "canceled", "expired", "refunded", "charged_back"],
    })
      .notNull()
      .default("open"),
    termsAcceptedAt: integer("terms_accepted_at", { mode: "timestamp" }).notNull(),
    paidAt: integer("paid_at", { mode: "timestamp" }),
    refundedAt: integer("refunded_at", { mode: "timestamp" }),
    chargedBackAt: integer("charged_back_at", { mode: "timestamp" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("orders_user").on(t.userId, t.createdAt),
    // The reconciliation job's orders (app/payments/reconciliation.server.ts): those still waiting for their payment.
    index("orders_unsettled").on(t.createdAt).where(sql`${t.status} IN ('open', 'pending')`),
  ],
);

export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    provider: text("provider").notNull(),
    providerPaymentId: text("provider_payment_id").notNull(),
    method: text("method").notNull(),
    status: text("status").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    checkoutUrl: text("checkout_url"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp" }),
  },
  (t) => [uniqueIndex("payments_provider_id").on(t.provider, t.providerPaymentId), index("payments_order").on(t.orderId)],
);

/**
 * Every call of Mollie's webhook for one of our payments that read the payment at Mollie: when it
 * came, the status Mollie reported and what it did to the order (credited, a duplicate that changed
 * nothing, charged back, …). Shown in the console's order history (ADR 055).
 */
export const paymentWebhooks = sqliteTable(
  "payment_webhooks",
  {
    id: integer("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    providerPaymentId: text("provider_payment_id").notNull(),
    receivedAt: integer("received_at", { mode: "timestamp" }).notNull(),
    /** Mollie's status of the payment as read for this call; null when Mollie could not be reached. */
    reportedStatus: text("reported_status"),
    outcome: text("outcome").notNull(),
  },
  (t) => [index("payment_webhooks_order").on(t.orderId, t.id)],
);

export const discountCodes = sqliteTable(
  "discount_codes",
  {
    id: integer("id").primaryKey(),
    siteId: integer("site_id").references(() => sites.id),
    code: text("code").notNull(),
    /** Restricts the code to one country (ISO), null for any. */
    country: text("country"),
    /** Personal code of one member, null for a general code. */
    userId: integer("user_id").references(() => users.id),
    valuePercentage: integer("value_percentage").notNull(),
    currency: text("currency"),
    minimumOrderCents: integer("minimum_order_cents").notNull().default(0),
    paymentMethods: text("payment_methods", { mode: "json" }).$type<string[]>(),
    /** Seconds from signup during which a welcome code is valid (TIMEBONUS25: 14400). */
    validitySeconds: integer("validity_seconds"),
    expiresAt: integer("expires_at", { mode: "timestamp" }),
    status: text("status", { enum: ["active", "disabled"] })
      .notNull()
      .default("active"),
    oncePerUser: integer("once_per_user", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("discount_codes_site_code").on(t.siteId, t.code)],
);

export const discountCodeUses = sqliteTable(
  "discount_code_uses",
  {
    codeId: integer("code_id")
      .notNull()
      .references(() => discountCodes.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    createdAt: createdAt(),
    /**
     * Null while the use is only reserved by its order (started, not paid yet: released when the
     * order fails, is canceled or expires); the time the order was paid once it is consumed.
     */
    consumedAt: integer("consumed_at", { mode: "timestamp" }),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.userId] }), index("discount_code_uses_order").on(t.orderId)],
);

/**
 * A member's SEPA direct-debit mandate: the account details of the /directdebit form, confirmed by a
 * code sent by SMS to the phone. Blocked after a direct debit bounced or was charged back.
 */
export const directDebitMandates = sqliteTable(
  "direct_debit_mandates",
  {
    id: integer("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    accountHolder: text("account_holder").notNull(),
    /** Electronic format: upper case, no spaces. */
    iban: text("iban").notNull(),
    street: text("street").notNull(),
    houseNumber: text("house_number").notNull(),
    zip: text("zip").notNull(),
    city: text("city").notNull(),
    /** E.164. */
    phone: text("phone").notNull(),
    status: text("status", { enum: ["unverified", "active", "blocked"] })
      .notNull()
      .default("unverified"),
    /** SHA-256 of the SMS code; null once used. */
    codeHash: text("code_hash"),
    codeExpiresAt: integer("code_expires_at", { mode: "timestamp" }),
    codeAttempts: integer("code_attempts").notNull().default(0),
    providerCustomerId: text("provider_customer_id"),
    providerMandateId: text("provider_mandate_id"),
    verifiedAt: integer("verified_at", { mode: "timestamp" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp" }),
  },
  (t) => [index("direct_debit_mandates_iban").on(t.iban)],
);

/** Text messages (the direct-debit codes): recorded always, delivered by the SMS provider when one is set. */
export const smsOutbox = sqliteTable(
  "sms_outbox",
  {
    id: integer("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    toNumber: text("to_number").notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: ["recorded", "sent", "failed"] })
      .notNull()
      .default("recorded"),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [index("sms_outbox_user").on(t.userId, t.createdAt)],
);

/** The welcome time bonus of a new, non-paying member. */
export const timeBonuses = sqliteTable("time_bonuses", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  discountCodeId: integer("discount_code_id")
    .notNull()
    .references(() => discountCodes.id),
  startsAt: integer("starts_at", { mode: "timestamp" }).notNull(),
  expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
  usedAt: integer("used_at", { mode: "timestamp" }),
});

// ───────────────────────────── auth ─────────────────────────────

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the session token; the token itself only lives in the `auth` cookie. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    /** When the member last proved who they are in this session (password or passkey); null: at `createdAt`. */
    authenticatedAt: integer("authenticated_at", { mode: "timestamp" }),
    /**
     * The admin step-up (ADR 054): when this session proved a second factor (a passkey, or the
     * 6-digit code mailed to the admin). Only an admin's session needs it, for /admin.
     */
    stepUpAt: integer("step_up_at", { mode: "timestamp" }),
    /** SHA-256 of the step-up code last mailed for this session, its expiry and the wrong tries made on it. */
    stepUpCodeHash: text("step_up_code_hash"),
    stepUpCodeExpiresAt: integer("step_up_code_expires_at", { mode: "timestamp" }),
    stepUpCodeTries: integer("step_up_code_tries").notNull().default(0),
  },
  (t) => [index("sessions_user").on(t.userId)],
);

export const verificationTokens = sqliteTable(
  "verification_tokens",
  {
    id: integer("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["activation", "password_reset", "mail_change", "account_recovery", "unsubscribe"] }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** e.g. the new address of a mail change. */
    target: text("target"),
    expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp" }),
    createdAt: createdAt(),
  },
  (t) => [index("verification_tokens_user_kind").on(t.userId, t.kind, t.createdAt)],
);

export const passkeys = sqliteTable(
  "passkeys",
  {
    /** base64url credential id */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    publicKey: blob("public_key", { mode: "buffer" }).notNull(),
    counter: integer("counter").notNull().default(0),
    transports: text("transports", { mode: "json" }).$type<string[]>(),
    deviceType: text("device_type").notNull(),
    backedUp: integer("backed_up", { mode: "boolean" }).notNull().default(false),
    name: text("name"),
    lastUsedAt: integer("last_used_at", { mode: "timestamp" }),
    createdAt: createdAt(),
  },
  (t) => [index("passkeys_user").on(t.userId)],
);

export const authChallenges = sqliteTable("auth_challenges", {
  id: text("id").primaryKey(),
  userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
  challenge: text("challenge").notNull(),
  kind: text("kind", { enum: ["registration", "authentication"] }).notNull(),
  expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
});

/** Events counted by the rate limiter (app/security/rate-limit.server.ts); pruned nightly. */
export const rateLimitEvents = sqliteTable(
  "rate_limit_events",
  {
    id: integer("id").primaryKey(),
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("rate_limit_events_key").on(t.key, t.createdAt)],
);

export const loginAttempts = sqliteTable(
  "login_attempts",
  {
    id: integer("id").primaryKey(),
    siteId: integer("site_id").notNull(),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    success: integer("success", { mode: "boolean" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("login_attempts_email").on(t.siteId, t.email, t.createdAt), index("login_attempts_ip").on(t.ip, t.createdAt)],
);

// ───────────────────────────── notifications ─────────────────────────────

export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp" }),
    /**
     * The session the browser was signed in with when it subscribed: when that session ends
     * (logout, password change, a ban, expiry) the browser gets no more pushes. Null for
     * subscriptions made before this was kept.
     */
    sessionId: text("session_id").references(() => sessions.id, { onDelete: "cascade" }),
  },
  (t) => [index("push_subscriptions_user").on(t.userId), index("push_subscriptions_session").on(t.sessionId)],
);

/**
 * Pushes waiting for another attempt because the push service answered 429 or 5xx, or not in time
 * (ADR 042). One per subscription and topic (`tag`): a newer push of the same topic replaces a
 * waiting one, as the push service itself would. Dropped at `expires_at` (the push's TTL): a push is
 * news, and news a day old is not worth delivering.
 */
export const pushRetries = sqliteTable(
  "push_retries",
  {
    id: integer("id").primaryKey(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
    /** The PushPayload as JSON; encrypted again for each attempt. */
    payload: text("payload").notNull(),
    attempts: integer("attempts").notNull().default(1),
    lastError: text("last_error"),
    sendAfter: integer("send_after", { mode: "timestamp" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("push_retries_topic").on(t.subscriptionId, t.tag), index("push_retries_due").on(t.sendAfter)],
);

export const notificationTypes = [
  "new_conversations",
  "new_messages",
  "like",
  "unread_message_reminders",
  "promotions",
  "weekly_updates",
  "news",
  "reminders",
] as const;

/** Only switched-off channels are stored: no row means enabled. */
export const notificationPreferences = sqliteTable(
  "notification_preferences",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: notificationTypes }).notNull(),
    channel: text("channel", { enum: ["push", "email"] }).notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type, t.channel] })],
);

export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    toAddress: text("to_address").notNull(),
    template: text("template").notNull(),
    locale: text("locale").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** queued → sent, or failed (retried at send_after) → … → sent or given_up (ADR 042). */
    status: text("status", { enum: ["queued", "sent", "failed", "given_up"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sendAfter: integer("send_after", { mode: "timestamp" }).notNull().default(sql`(unixepoch())`),
    sentAt: integer("sent_at", { mode: "timestamp" }),
    createdAt: createdAt(),
  },
  // The cron's queue: the mails it still works on, by when they are due.
  (t) => [index("mail_outbox_due").on(t.sendAfter).where(sql`${t.status} in ('queued', 'failed')`)],
);

// ───────────────────────────── acquisition & care ─────────────────────────────

export const trackingRecords = sqliteTable(
  "tracking_records",
  {
    id: integer("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    network: text("network").notNull(),
    ref: text("ref"),
    sub1: text("sub1"),
    sub2: text("sub2"),
    sub3: text("sub3"),
    landingPath: text("landing_path"),
    createdAt: createdAt(),
  },
  (t) => [index("tracking_records_user").on(t.userId), index("tracking_records_network").on(t.siteId, t.network, t.createdAt)],
);

/**
 * One visit of an acquisition page (a lander, the home page, pricing; product.md §10
 * "Acquisition"): the conversion report counts these. The id is random (it travels in the
 * `landing` cookie); `user_id` is set when that visit led to a signup.
 */
export const landingVisits = sqliteTable(
  "landing_visits",
  {
    id: text("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    /** The page's path without its slug, e.g. `/landers/video` or `/`. */
    page: text("page").notNull(),
    slug: text("slug"),
    network: text("network"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("landing_visits_site").on(t.siteId, t.createdAt), index("landing_visits_user").on(t.userId)],
);

/**
 * Lander analytics (product.md §7 page-hidden beacon, the `lb` query parameter): a page was hidden
 * or bounced, with the visitor's traffic source and landing visit when known.
 */
export const pageEvents = sqliteTable(
  "page_events",
  {
    id: integer("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    kind: text("kind", { enum: ["hidden", "bounce"] }).notNull(),
    page: text("page").notNull(),
    network: text("network"),
    visitId: text("visit_id"),
    createdAt: createdAt(),
  },
  (t) => [index("page_events_site").on(t.siteId, t.createdAt), index("page_events_visit").on(t.visitId)],
);

/** The `{token}` short links of product.md §2 (a campaign or mail link): `/{token}` leads to `target`. */
export const shortLinks = sqliteTable(
  "short_links",
  {
    id: integer("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    /** A path of the site, with its query (e.g. `/landers/video?network=mail&sub1=june`). */
    target: text("target").notNull(),
    /** What the operator calls it (a campaign, a mailing). */
    label: text("label"),
    /** Unset: the link works for good. */
    expiresAt: integer("expires_at", { mode: "timestamp" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("short_links_site_token").on(t.siteId, t.token)],
);

export const shortLinkClicks = sqliteTable(
  "short_link_clicks",
  {
    id: integer("id").primaryKey(),
    linkId: integer("link_id")
      .notNull()
      .references(() => shortLinks.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("short_link_clicks_link").on(t.linkId, t.createdAt)],
);

/** Every moderator decision (photo approved/rejected, text removed, complaint handled): the audit trail. */
export const moderationActions = sqliteTable(
  "moderation_actions",
  {
    id: integer("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    moderatorUserId: integer("moderator_user_id")
      .notNull()
      .references(() => users.id),
    targetType: text("target_type", { enum: ["photo", "chat_photo", "profile_text", "complaint", "profile", "conversation"] }).notNull(),
    targetId: integer("target_id").notNull(),
    action: text("action").notNull(),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [index("moderation_actions_target").on(t.targetType, t.targetId), index("moderation_actions_site").on(t.siteId, t.createdAt)],
);

export const complaints = sqliteTable(
  "complaints",
  {
    id: integer("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** The profile the complaint is about, if any. */
    profileId: integer("profile_id").references(() => profiles.id, { onDelete: "set null" }),
    /** A report from a chat: the conversation whose last messages the moderator reads (read there, never copied). */
    conversationId: integer("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    status: text("status", { enum: ["open", "in_progress", "closed"] })
      .notNull()
      .default("open"),
    createdAt: createdAt(),
  },
  (t) => [index("complaints_open").on(t.siteId, t.status, t.createdAt)],
);

/**
 * The operator console's audit trail (ADR 054): every change made under /admin, who made it, when,
 * and the values before and after (JSON), written in the same batch as the change it records.
 */
export const adminAudit = sqliteTable(
  "admin_audit",
  {
    id: integer("id").primaryKey(),
    actorUserId: integer("actor_user_id")
      .notNull()
      .references(() => users.id),
    /** The site the change concerns (null: none in particular). */
    siteId: integer("site_id").references(() => sites.id, { onDelete: "set null" }),
    /** What was changed: "user", "order", "discount_code", "site", "site_price", "mail", … */
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    /** e.g. "ban", "credits", "refund", "create", "update". */
    action: text("action").notNull(),
    reason: text("reason"),
    before: text("before", { mode: "json" }).$type<unknown>(),
    after: text("after", { mode: "json" }).$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("admin_audit_created").on(t.createdAt),
    index("admin_audit_target").on(t.targetType, t.targetId, t.createdAt),
    index("admin_audit_actor").on(t.actorUserId, t.createdAt),
  ],
);
