/**
 * Members in the operator console (ADR 054): finding one, everything about one on a page, and the
 * operator's actions on an account. Each action changes the account and writes its audit entry in
 * one batch (audit.server.ts); credits move only through the ledger (ledger.server.ts), with the
 * audit entry among the ledger call's effects, so both happen or neither does.
 */
import { sql } from "drizzle-orm";
import { applyCredits, balanceMoved } from "~/credits/ledger.server";
import type { Database } from "~/db/client.server";
import type { mailInBatch } from "~/mail/mail.server";
import { auditIfChanged } from "./audit.server";

import type { MemberRole } from "./member-actions-schema";

export type MemberSearchRow = {
  id: number;
  siteId: number;
  email: string;
  status: string;
  role: string;
  profileId: number | null;
  name: string | null;
  signupAt: number;
};

/** By id (a number: the account's or the profile's), e-mail address or profile name (their beginning). */
export async function findMembers(db: Database, query: string, limit = 50): Promise<MemberSearchRow[]> {
  const text = query.trim();
  if (!text) return [];
  const id = /^\d{1,12}$/.test(text) ? Number(text) : -1;
  const prefix = `${text.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  return db.all<MemberSearchRow>(sql`
    SELECT u.id, u.site_id AS siteId, u.email, u.status, u.role, p.id AS profileId, p.name, u.signup_at AS signupAt
    FROM users u LEFT JOIN profiles p ON p.user_id = u.id
    WHERE u.id = ${id} OR p.id = ${id} OR u.email LIKE ${prefix} ESCAPE '\\' OR lower(p.name) LIKE ${prefix} ESCAPE '\\'
    ORDER BY u.id DESC LIMIT ${limit}`);
}

/** Times as plain SQL reads them: unix seconds. Flags: 0 or 1. */
type Seconds = number;
type Flag = number;

export type MemberDetail = {
  account: {
    id: number;
    siteId: number;
    email: string;
    status: string;
    role: MemberRole;
    credits: number;
    paidUser: Flag;
    creditDebt: number;
    spendingBlocked: Flag;
    language: string;
    emailDisabledReason: string | null;
    signupAt: Seconds;
    confirmedAt: Seconds | null;
    deletedAt: Seconds | null;
    lastSeenAt: Seconds | null;
  };
  profile: {
    id: number;
    name: string;
    gender: string;
    sexuality: string;
    birthDate: string;
    country: string;
    status: string;
    aboutMe: string | null;
    fictional: Flag;
  } | null;
  photos: { id: number; thumbKey: string; status: string; private: Flag; rejectionReason: string | null; createdAt: Seconds }[];
  ledger: { id: number; delta: number; balanceAfter: number; reason: string; causeKey: string | null; createdAt: Seconds }[];
  orders: {
    id: number;
    packageKey: string;
    credits: number;
    currency: string;
    amountCents: number;
    method: string | null;
    status: string;
    createdAt: Seconds;
  }[];
  complaintsBy: { id: number; subject: string; status: string; createdAt: Seconds }[];
  complaintsAbout: { id: number; subject: string; status: string; email: string; createdAt: Seconds }[];
  blocks: { blockerId: number; blockedId: number; createdAt: Seconds; direction: "by" | "of"; otherName: string | null }[];
  mails: {
    id: number;
    template: string;
    status: string;
    attempts: number;
    lastError: string | null;
    createdAt: Seconds;
    sentAt: Seconds | null;
  }[];
  signIns: { ip: string; success: Flag; createdAt: Seconds }[];
  sessions: { userAgent: string | null; createdAt: Seconds; expiresAt: Seconds }[];
};

/** One row of a part of the detail, as its query reads it. */
type Row<Key extends keyof MemberDetail> = NonNullable<MemberDetail[Key]> extends (infer Item)[] ? Item : NonNullable<MemberDetail[Key]>;

/** Everything the member page shows, read in one round trip. */
export async function memberDetail(db: Database, userId: number): Promise<MemberDetail | null> {
  const profileId = sql`(SELECT id FROM profiles WHERE user_id = ${userId})`;
  const [accounts, profiles, photos, ledger, orders, complaintsBy, complaintsAbout, blocks, mails, signIns, sessions] = await db.batch([
    db.all<Row<"account">>(sql`
      SELECT id, site_id AS siteId, email, status, role, credits, paid_user AS paidUser, credit_debt AS creditDebt,
        spending_blocked AS spendingBlocked, language, email_disabled_reason AS emailDisabledReason,
        signup_at AS signupAt, confirmed_at AS confirmedAt, deleted_at AS deletedAt, last_seen_at AS lastSeenAt
      FROM users WHERE id = ${userId}`),
    db.all<Row<"profile">>(sql`
      SELECT id, name, gender, sexuality, birth_date AS birthDate, country, status, about_me AS aboutMe, fictional
      FROM profiles WHERE user_id = ${userId}`),
    db.all<Row<"photos">>(sql`
      SELECT id, thumb_key AS thumbKey, status, private, rejection_reason AS rejectionReason, created_at AS createdAt
      FROM photos WHERE profile_id = ${profileId} ORDER BY position LIMIT 30`),
    db.all<Row<"ledger">>(sql`
      SELECT id, delta, balance_after AS balanceAfter, reason, cause_key AS causeKey, created_at AS createdAt
      FROM credit_ledger WHERE user_id = ${userId} ORDER BY id DESC LIMIT 50`),
    db.all<Row<"orders">>(sql`
      SELECT id, package_key AS packageKey, credits, currency, amount_cents AS amountCents, method, status, created_at AS createdAt
      FROM orders WHERE user_id = ${userId} ORDER BY id DESC LIMIT 50`),
    db.all<Row<"complaintsBy">>(
      sql`SELECT id, subject, status, created_at AS createdAt FROM complaints WHERE user_id = ${userId} ORDER BY id DESC LIMIT 30`,
    ),
    db.all<Row<"complaintsAbout">>(
      sql`SELECT id, subject, status, email, created_at AS createdAt FROM complaints WHERE profile_id = ${profileId} ORDER BY id DESC LIMIT 30`,
    ),
    db.all<Row<"blocks">>(sql`
      SELECT b.blocker_id AS blockerId, b.blocked_id AS blockedId, b.created_at AS createdAt,
        CASE WHEN b.blocker_id = ${profileId} THEN 'by' ELSE 'of' END AS direction,
        (SELECT name FROM profiles WHERE id = CASE WHEN b.blocker_id = ${profileId} THEN b.blocked_id ELSE b.blocker_id END) AS otherName
      FROM blocks b WHERE b.blocker_id = ${profileId} OR b.blocked_id = ${profileId} LIMIT 50`),
    db.all<Row<"mails">>(sql`
      SELECT id, template, status, attempts, last_error AS lastError, created_at AS createdAt, sent_at AS sentAt
      FROM mail_outbox WHERE user_id = ${userId} ORDER BY id DESC LIMIT 30`),
    db.all<Row<"signIns">>(sql`
      SELECT ip, success, created_at AS createdAt FROM login_attempts
      WHERE site_id = (SELECT site_id FROM users WHERE id = ${userId}) AND email = (SELECT email FROM users WHERE id = ${userId})
      ORDER BY id DESC LIMIT 30`),
    db.all<Row<"sessions">>(
      sql`SELECT user_agent AS userAgent, created_at AS createdAt, expires_at AS expiresAt FROM sessions WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT 20`,
    ),
  ]);
  const account = accounts[0];
  if (!account) return null;
  return {
    account,
    profile: profiles[0] ?? null,
    photos,
    ledger,
    orders,
    complaintsBy,
    complaintsAbout,
    blocks,
    mails,
    signIns,
    sessions,
  };
}

type Actor = { actorUserId: number };

/** The account as the ban and role actions see it (for their before/after values and the mail). */
export type AccountFacts = {
  id: number;
  siteId: number;
  email: string;
  status: string;
  role: string;
  language: string;
  name: string | null;
  /** The account's profile, if it has one (whose sockets a ban closes). */
  profileId: number | null;
};

export async function accountFacts(db: Database, userId: number): Promise<AccountFacts | null> {
  const [row] = await db.all<AccountFacts>(sql`
    SELECT u.id, u.site_id AS siteId, u.email, u.status, u.role, u.language, p.name, p.id AS profileId
    FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = ${userId}`);
  return row ?? null;
}

/**
 * Bans an account in use (not an admin's): it cannot sign in, every session ends. False when it
 * is no account in use (already banned, deleted) — nothing changed and nothing recorded.
 */
export async function banAccount(db: Database, input: Actor & { account: AccountFacts; reason: string; notice: MailStatement }) {
  const { account } = input;
  const [changed, , notice] = await db.batch([
    db.all<{ id: number }>(sql`
      UPDATE users SET status = 'banned'
      WHERE id = ${account.id} AND role != 'admin' AND status IN ('confirmed', 'not_confirmed') RETURNING id`),
    auditIfChanged(db, {
      actorUserId: input.actorUserId,
      siteId: account.siteId,
      targetType: "user",
      targetId: account.id,
      action: "ban",
      reason: input.reason,
      before: { status: account.status },
      after: { status: "banned" },
    }),
    // The ban notice (ADR 056), recorded only when the entry before it was (the ban happened).
    input.notice,
    db.run(sql`DELETE FROM sessions WHERE user_id = ${account.id} AND user_id IN (SELECT id FROM users WHERE status = 'banned')`),
  ]);
  return { changed: changed.length === 1, notice };
}

/** A mail's statement for a change's batch (`mailInBatch`). */
type MailStatement = Awaited<ReturnType<typeof mailInBatch>>["statement"];

/** Lifts a ban: the account is confirmed again (or unconfirmed, when it never was). */
export async function unbanAccount(db: Database, input: Actor & { account: AccountFacts; reason: string; notice: MailStatement }) {
  const { account } = input;
  const [changed, , notice] = await db.batch([
    db.all<{ status: string }>(sql`
      UPDATE users SET status = CASE WHEN confirmed_at IS NULL THEN 'not_confirmed' ELSE 'confirmed' END
      WHERE id = ${account.id} AND status = 'banned' RETURNING status`),
    db.run(sql`
      INSERT INTO admin_audit (actor_user_id, site_id, target_type, target_id, action, reason, before, after)
      SELECT ${input.actorUserId}, ${account.siteId}, 'user', ${String(account.id)}, 'unban', ${input.reason},
        json_object('status', 'banned'), json_object('status', status)
      FROM users WHERE id = ${account.id} AND changes() > 0`),
    // The notice (ADR 056), recorded only when the entry before it was (the ban was lifted).
    input.notice,
  ]);
  return { changed: changed.length === 1, notice };
}

/** Changes the role; an admin cannot take away their own. */
export async function setRole(db: Database, input: Actor & { account: AccountFacts; role: MemberRole; reason: string }): Promise<boolean> {
  const { account } = input;
  if (account.id === input.actorUserId) return false;
  const [changed] = await db.batch([
    db.all(
      sql`UPDATE users SET role = ${input.role} WHERE id = ${account.id} AND role = ${account.role} AND role != ${input.role} RETURNING id`,
    ),
    auditIfChanged(db, {
      actorUserId: input.actorUserId,
      siteId: account.siteId,
      targetType: "user",
      targetId: account.id,
      action: "role",
      reason: input.reason,
      before: { role: account.role },
      after: { role: input.role },
    }),
  ]);
  return changed.length === 1;
}

export type CreditAdjustment = "applied" | "insufficient" | "duplicate";

/**
 * Gives or takes credits with a reason: one ledger row (reason `adjustment`, never below zero) and
 * its audit entry in the same transaction. `requestKey` (a random value of the form) makes a
 * double submit count once.
 */
export async function adjustCredits(
  db: Database,
  input: Actor & { userId: number; siteId: number; delta: number; reason: string; requestKey: string },
): Promise<{ outcome: CreditAdjustment; balance: number }> {
  const causeKey = `admin:${input.requestKey}`;
  const result = await applyCredits(db, { userId: input.userId, delta: input.delta, reason: "adjustment", causeKey }, [
    db.run(sql`
      INSERT INTO admin_audit (actor_user_id, site_id, target_type, target_id, action, reason, before, after)
      SELECT ${input.actorUserId}, ${input.siteId}, 'user', ${String(input.userId)}, 'credits', ${input.reason},
        json_object('credits', credits - ${input.delta}), json_object('credits', credits, 'delta', ${input.delta}, 'ledger', ${causeKey})
      FROM users WHERE id = ${input.userId} AND ${balanceMoved}`),
  ]);
  if (result.status === "applied") return { outcome: "applied", balance: result.balance };
  return { outcome: result.status === "duplicate" ? "duplicate" : "insufficient", balance: result.balance };
}
