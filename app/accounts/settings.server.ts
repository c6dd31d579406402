/**
 * Account settings: changing the e-mail address (confirmed through a link sent to the NEW address),
 * the password, and invisible mode (premium only, product.md §10).
 */
import { and, eq, ne } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { sendMail, type MailDeps } from "~/mail/mail.server";
import { withinLimits } from "~/security/rate-limit.server";
import { normalizeEmail } from "./login.server";
import { hashPassword, verifyPassword } from "./password.server";
import { confirmIdentity, type SessionProof } from "./reauthentication.server";
import { endUserSessions, type SessionEndDeps } from "./session-end.server";
import { consumeVerificationToken, replaceVerificationToken, revokeTokens } from "./verification.server";
import * as urls from "~/urls";

/** Checks of the current password per member and hour (a stolen session must not guess it). */
const PASSWORD_CHECKS_PER_HOUR = 10;
/** Confirmation mails to new addresses per member and day. */
const MAIL_CHANGES_PER_DAY = 5;

export type PasswordCheck = "ok" | "wrong" | "limited";

/**
 * The member's current password, required before changing the password or deleting the account.
 * A member without a password (passkeys only) has nothing to check. (Changing the address asks
 * for it too, as a re-authentication: `confirmIdentity`.)
 */
export async function checkCurrentPassword(db: Database, userId: number, password: string | undefined, now: Date): Promise<PasswordCheck> {
  const user = await db.query.users.findFirst({ columns: { passwordHash: true }, where: eq(schema.users.id, userId) });
  if (!user) return "wrong";
  if (!user.passwordHash) return "ok";
  const allowed = await withinLimits(
    db,
    [{ key: `settings-password:${userId}`, limit: PASSWORD_CHECKS_PER_HOUR, windowSeconds: 3600 }],
    now,
  );
  if (!allowed) return "limited";
  return password && (await verifyPassword(password, user.passwordHash)) ? "ok" : "wrong";
}

export async function hasPassword(db: Database, userId: number): Promise<boolean> {
  const user = await db.query.users.findFirst({ columns: { passwordHash: true }, where: eq(schema.users.id, userId) });
  return Boolean(user?.passwordHash);
}

/** Whether another account on this site already uses the address. */
async function emailInUse(db: Database, siteId: number, email: string, exceptUserId: number) {
  const other = await db.query.users.findFirst({
    columns: { id: true },
    where: and(eq(schema.users.siteId, siteId), eq(schema.users.email, email), ne(schema.users.id, exceptUserId)),
  });
  return Boolean(other);
}

export type EmailChangeResult =
  | { ok: true; email: string }
  | { ok: false; error: "newEmailInvalid" | "emailTaken" | "checkOldPassword" | "tooMany" | "reauthenticate" }
  | { ok: false; error: "locked"; minutes: number };

/**
 * Sends the confirmation link (24 hours, single use) to the new address; nothing changes until it
 * is used. The member proves who they are first (`confirmIdentity`): with the current password in
 * the same form, or, without a password, by having signed in or re-authenticated lately.
 */
export async function requestEmailChange(
  deps: MailDeps & { origin: string },
  input: { member: SessionProof; ip: string; name: string; locale: string; newEmail: string; currentPassword?: string },
): Promise<EmailChangeResult> {
  const { db, site, now } = deps;
  const { member } = input;
  const email = normalizeEmail(input.newEmail);
  if (email === normalizeEmail(member.email)) return { ok: false, error: "newEmailInvalid" };
  const identity = await confirmIdentity(db, { member, password: input.currentPassword, ip: input.ip, now });
  if (!identity.ok) {
    if (identity.reason === "locked") return { ok: false, error: "locked", minutes: identity.minutes };
    return { ok: false, error: identity.reason === "reauthenticate" ? "reauthenticate" : "checkOldPassword" };
  }
  if (await emailInUse(db, site.id, email, member.id)) return { ok: false, error: "emailTaken" };
  const allowed = await withinLimits(db, [{ key: `mail-change:${member.id}`, limit: MAIL_CHANGES_PER_DAY, windowSeconds: 86400 }], now);
  if (!allowed) return { ok: false, error: "tooMany" };

  // Only the newest link counts.
  const token = await replaceVerificationToken(db, { userId: member.id, kind: "mail_change", target: email, now });
  await sendMail(deps, {
    template: "mail_change",
    to: email,
    userId: member.id,
    locale: input.locale,
    params: { name: input.name, link: new URL(urls.mailChange(token), deps.origin).toString() },
  });
  return { ok: true, email };
}

export type EmailConfirmResult = { ok: true; email: string } | { ok: false; error: "linkExpired" | "emailTaken" };

/** Uses a mail-change link: the address must still be free; e-mail delivery is switched back on. */
export async function confirmEmailChange(db: Database, input: { token: string; siteId: number; now: Date }): Promise<EmailConfirmResult> {
  const used = await consumeVerificationToken(db, { token: input.token, kind: "mail_change", now: input.now });
  if (!used?.target) return { ok: false, error: "linkExpired" };
  const user = await db.query.users.findFirst({ columns: { siteId: true, status: true }, where: eq(schema.users.id, used.userId) });
  if (!user || user.siteId !== input.siteId || (user.status !== "confirmed" && user.status !== "not_confirmed")) {
    return { ok: false, error: "linkExpired" };
  }
  if (await emailInUse(db, input.siteId, used.target, used.userId)) return { ok: false, error: "emailTaken" };
  try {
    await db.update(schema.users).set({ email: used.target, emailDisabledReason: null }).where(eq(schema.users.id, used.userId));
  } catch {
    // The unique (site, email) index: someone took the address a moment ago.
    return { ok: false, error: "emailTaken" };
  }
  return { ok: true, email: used.target };
}

export type PasswordChangeResult = { ok: true } | { ok: false; error: "checkOldPassword" | "tooMany" | "reauthenticate" };

/**
/**
 * Sets a new password and ends the member's other sessions, closing their live-chat sockets (this
 * session stays signed in, its sockets open). A member with a password confirms with it; a member
 * without one (passkeys only) adds a way to sign in, which asks for a recent sign-in or
 * re-authentication, as adding a passkey does.
 */
export async function changePassword(
  deps: SessionEndDeps,
  input: {
    userId: number;
    profileId: number | null;
    sessionId: string;
    recentlyAuthenticated: boolean;
    currentPassword?: string;
    newPassword: string;
    now: Date;
  },
): Promise<PasswordChangeResult> {
  const { db } = deps;
  if (!input.recentlyAuthenticated && !(await hasPassword(db, input.userId))) return { ok: false, error: "reauthenticate" };
  const check = await checkCurrentPassword(db, input.userId, input.currentPassword, input.now);
  if (check !== "ok") return { ok: false, error: check === "limited" ? "tooMany" : "checkOldPassword" };
  await db
    .update(schema.users)
    .set({ passwordHash: await hashPassword(input.newPassword) })
    .where(eq(schema.users.id, input.userId));
  await endUserSessions(deps, { userId: input.userId, profileId: input.profileId }, input.sessionId);
  await revokeTokens(db, input.userId, "password_reset", input.now);
  return { ok: true };
}

/** product.md §10: invisible mode is a premium function; the server refuses it to free members. */
export async function setInvisible(db: Database, input: { userId: number; invisible: boolean }): Promise<boolean> {
  const user = await db.query.users.findFirst({ columns: { paidUser: true }, where: eq(schema.users.id, input.userId) });
  if (!user) return false;
  if (input.invisible && !user.paidUser) return false;
  await db.update(schema.users).set({ invisible: input.invisible }).where(eq(schema.users.id, input.userId));
  return true;
}
