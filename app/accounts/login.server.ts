/**
 * Password login with lockout (product.md §10): an account is locked for 15 minutes after 5 failed
 * attempts within 15 minutes, an IP address after 20. Unknown addresses fail exactly like wrong
 * passwords (same message, and a password hash is still computed), so login reveals nothing.
 */
import { and, count, desc, eq, gt } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { hashPassword, verifyPassword } from "./password.server";
import { reactivateIfRecoverable } from "./deletion.server";
import { MAX_PASSWORD_LENGTH } from "./password-rules";

export const LOCK_WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_IP = 20;

/** The account as the login read it: what `POST /api/user.php` answers, without reading it again (ADR 047). */
export type LoggedInAccount = { status: "confirmed" | "not_confirmed"; credits: number; paidUser: boolean; language: string };

export type LoginResult =
  | { ok: true; userId: number; reactivated: boolean; account: LoggedInAccount }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "locked"; minutes: number };

let dummyHash: Promise<string> | undefined;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Records a try as failed (until it proves right) in the batch that counts the failures: tries sent
 * together are counted one after the other, so a burst of guesses compares no more passwords than
 * the same guesses sent one by one. A try refused by the lock is removed again, so it does not
 * extend the lock.
 */
async function recordTry(
  db: Database,
  input: { siteId: number; email: string; ip: string; now: Date },
): Promise<{ attemptId: number; lockedMinutes: number }> {
  const { loginAttempts } = schema;
  const since = new Date(input.now.getTime() - LOCK_WINDOW_SECONDS * 1000);
  const failed = and(eq(loginAttempts.success, false), gt(loginAttempts.createdAt, since));
  const [[attempt], byAccount, byIp] = await db.batch([
    db
      .insert(loginAttempts)
      .values({ siteId: input.siteId, email: input.email, ip: input.ip, success: false, createdAt: input.now })
      .returning({ id: loginAttempts.id }),
    // This try is among them: the newest.
    db
      .select({ at: loginAttempts.createdAt })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.siteId, input.siteId), eq(loginAttempts.email, input.email), failed))
      .orderBy(desc(loginAttempts.id))
      .limit(MAX_FAILURES_PER_ACCOUNT + 1),
    db
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.ip, input.ip), failed)),
  ]);
  if (!attempt) throw new Error("the login attempt was not recorded");
  const minutesFrom = (start: Date) =>
    Math.max(1, Math.ceil((start.getTime() + LOCK_WINDOW_SECONDS * 1000 - input.now.getTime()) / 60_000));
  let lockedMinutes = 0;
  if (byAccount.length > MAX_FAILURES_PER_ACCOUNT) lockedMinutes = minutesFrom(byAccount[1]!.at);
  else if ((byIp[0]?.n ?? 0) > MAX_FAILURES_PER_IP) lockedMinutes = Math.ceil(LOCK_WINDOW_SECONDS / 60);
  if (lockedMinutes > 0) await db.delete(loginAttempts).where(eq(loginAttempts.id, attempt.id));
  return { attemptId: attempt.id, lockedMinutes };
}

export async function loginWithPassword(
  db: Database,
  input: { siteId: number; email: string; password: string; ip: string; now: Date; graceDays?: number },
): Promise<LoginResult> {
  const email = normalizeEmail(input.email);
  // The account is read with the try's record (one round trip, ADR 047); a locked try never looks at it.
  const [{ attemptId, lockedMinutes: minutes }, user] = await Promise.all([
    recordTry(db, { siteId: input.siteId, email, ip: input.ip, now: input.now }),
    db.query.users.findFirst({ where: and(eq(schema.users.siteId, input.siteId), eq(schema.users.email, email)) }),
  ]);
  if (minutes > 0) return { ok: false, reason: "locked", minutes };

  const tooLong = input.password.length > MAX_PASSWORD_LENGTH;
  let valid = false;
  if (user?.passwordHash && !tooLong) {
    valid = await verifyPassword(input.password, user.passwordHash);
  } else if (!tooLong) {
    // Same work for unknown addresses, so response times do not tell which addresses exist.
    await verifyPassword(input.password, await (dummyHash ??= hashPassword("not a real password")));
  }
  const usable = valid && user && (user.status === "confirmed" || user.status === "not_confirmed" || user.status === "deleted");

  if (!usable || !user) return { ok: false, reason: "invalid" };
  const succeeded = db.update(schema.loginAttempts).set({ success: true }).where(eq(schema.loginAttempts.id, attemptId));

  if (user.status === "deleted") {
    await succeeded;
    const reactivated = await reactivateIfRecoverable(db, user.id, input.now, input.graceDays);
    const account: LoggedInAccount = {
      status: user.confirmedAt !== null ? "confirmed" : "not_confirmed",
      credits: user.credits,
      paidUser: user.paidUser,
      language: user.language,
    };
    return reactivated ? { ok: true, userId: user.id, reactivated: true, account } : { ok: false, reason: "invalid" };
  }
  await db.batch([succeeded, db.update(schema.users).set({ lastSeenAt: input.now }).where(eq(schema.users.id, user.id))]);
  const status = user.status === "not_confirmed" ? "not_confirmed" : "confirmed";
  return {
    ok: true,
    userId: user.id,
    reactivated: false,
    account: { status, credits: user.credits, paidUser: user.paidUser, language: user.language },
  };
}

export type PasswordRecheck = { ok: true } | { ok: false; reason: "invalid" } | { ok: false; reason: "locked"; minutes: number };

/**
 * A signed-in member's password checked again (re-authentication, reauthentication.server.ts):
 * under the login form's lock, and recorded as a login attempt of the account's address, so
 * guessing here locks the account (and the IP address) exactly as guessing at the login form does.
 */
export async function recheckPassword(
  db: Database,
  input: { siteId: number; email: string; passwordHash: string; password: string; ip: string; now: Date },
): Promise<PasswordRecheck> {
  const email = normalizeEmail(input.email);
  const { attemptId, lockedMinutes: minutes } = await recordTry(db, { siteId: input.siteId, email, ip: input.ip, now: input.now });
  if (minutes > 0) return { ok: false, reason: "locked", minutes };
  const valid = input.password.length <= MAX_PASSWORD_LENGTH && (await verifyPassword(input.password, input.passwordHash));
  if (!valid) return { ok: false, reason: "invalid" };
  await db.update(schema.loginAttempts).set({ success: true }).where(eq(schema.loginAttempts.id, attemptId));
  return { ok: true };
}
