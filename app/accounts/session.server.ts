/**
 * Sessions: a random token the browser keeps in the `auth` cookie (30 days, app/http/cookies.server.ts);
 * the database keeps only its SHA-256 hash. Sessions slide: one used in its second half is
 * extended to a full 30 days again.
 */
import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { generateToken, hashToken } from "~/security/tokens.server";

export const SESSION_SECONDS = 30 * 24 * 60 * 60;

/** Opens a session; the token goes to the browser, only its hash stays here. */
export async function createSession(db: Database, userId: number, request: Request, now: Date, options: { passkey?: boolean } = {}) {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + SESSION_SECONDS * 1000);
  await db.insert(schema.sessions).values({
    id: hashToken(token),
    userId,
    expiresAt,
    userAgent: request.headers.get("User-Agent")?.slice(0, 300) ?? null,
    // Signing in is proving who one is: `authenticated_at` stays null until a re-authentication.
    createdAt: now,
    // A passkey is the admin step-up as well (ADR 054): such a session may open /admin at once.
    stepUpAt: options.passkey ? now : null,
  });
  return { token, expiresAt };
}

/** The session id of a token the browser sent, or null for anything that cannot be one. */
export function sessionIdOf(token: string | null): string | null {
  return token && /^[a-z2-7]{16,64}$/.test(token) ? hashToken(token) : null;
}

/** Deletes a session; returns the account it belonged to, or null when there was no such session. */
export async function deleteSession(db: Database, sessionId: string): Promise<number | null> {
  const [deleted] = await db.delete(schema.sessions).where(eq(schema.sessions.id, sessionId)).returning({ userId: schema.sessions.userId });
  return deleted?.userId ?? null;
}

/** Ends every session of a user, except the one given (after a password change or reset). */
export async function deleteUserSessions(db: Database, userId: number, except?: string) {
  await db
    .delete(schema.sessions)
    .where(except ? and(eq(schema.sessions.userId, userId), ne(schema.sessions.id, except)) : eq(schema.sessions.userId, userId));
}

/** Extends a session past half its life; returns the new expiry when it did. */
export async function touchSession(db: Database, sessionId: string, expiresAt: Date, now: Date): Promise<Date | null> {
  if (expiresAt.getTime() - now.getTime() > (SESSION_SECONDS * 1000) / 2) return null;
  const renewed = renewedExpiry(now);
  await db.update(schema.sessions).set({ expiresAt: renewed }).where(eq(schema.sessions.id, sessionId));
  return renewed;
}

const renewedExpiry = (now: Date) => new Date(now.getTime() + SESSION_SECONDS * 1000);
const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** A session and the account and profile a request says it belongs to (ADR 059): checked in SQL, not read first. */
export type ClaimedSession = { sessionId: string; userId: number; profileId: number };

/**
 * True while the session is the claimed account's, unexpired, on this site, and the account a
 * confirmed one that may spend with the claimed profile: what `loadCurrentUser` and the send's
 * own checks ask, as a condition for a statement that spends (ADR 059).
 */
export function sessionMaySpend(claim: ClaimedSession, siteId: number, now: Date): SQL {
  return sql`EXISTS (SELECT 1 FROM sessions AS claimed
    JOIN users AS account ON account.id = claimed.user_id
    JOIN profiles AS own ON own.user_id = account.id
    WHERE claimed.id = ${claim.sessionId} AND claimed.user_id = ${claim.userId} AND claimed.expires_at > ${seconds(now)}
      AND account.site_id = ${siteId} AND account.status = 'confirmed' AND account.spending_blocked = 0 AND own.id = ${claim.profileId})`;
}

/**
 * `touchSession` as a statement for a batch (ADR 059): renews the claimed session in its second
 * half, only when it is the claimed account's (and profile's) and still signed in on this site; returns the new
 * expiry's row when it did.
 */
export function renewSessionStatement(db: Database, claim: ClaimedSession, siteId: number, now: Date) {
  return db.all<{ expires_at: number }>(sql`
    UPDATE sessions SET expires_at = ${seconds(renewedExpiry(now))}
    WHERE id = ${claim.sessionId} AND user_id = ${claim.userId}
      AND expires_at > ${seconds(now)} AND expires_at <= ${seconds(now) + SESSION_SECONDS / 2}
      AND EXISTS (SELECT 1 FROM users AS account JOIN profiles AS own ON own.user_id = account.id
        WHERE account.id = ${claim.userId} AND account.site_id = ${siteId} AND account.status IN ('confirmed', 'not_confirmed')
          AND own.id = ${claim.profileId})
    RETURNING expires_at`);
}
