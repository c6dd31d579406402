/**
 * Re-authentication (issue 26; ADR 039). Adding a sign-in method (a passkey, a first password) or
 * changing the e-mail address needs the member to have proved who they are in this session within
 * the last REAUTHENTICATION_WINDOW_SECONDS: a session someone else picked up on a shared or stolen
 * device cannot quietly give that person a lasting way into the account.
 *
 * Proof is signing in (the session's `created_at`) or re-authenticating in the session, which sets
 * its `authenticated_at`: with the password (under the login lock, login.server.ts) or with one of
 * the member's passkeys.
 */
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { eq } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { recheckPassword, type PasswordRecheck } from "./login.server";
import { verifyAuthentication } from "./passkeys.server";

export const REAUTHENTICATION_WINDOW_SECONDS = 10 * 60;

/** The session a request came with, as far as re-authentication is concerned (CurrentUser has these). */
export type SessionProof = { id: number; siteId: number; email: string; sessionId: string; sessionAuthenticatedAt: Date };

/** The one rule: whether the member proved who they are in this session within the window. */
export function recentlyAuthenticated(session: Pick<SessionProof, "sessionAuthenticatedAt">, now: Date): boolean {
  return now.getTime() - session.sessionAuthenticatedAt.getTime() <= REAUTHENTICATION_WINDOW_SECONDS * 1000;
}

async function markAuthenticated(db: Database, sessionId: string, now: Date, options: { passkey?: boolean } = {}) {
  // A passkey is the admin step-up as well (ADR 054).
  const stepUp = options.passkey ? { stepUpAt: now } : {};
  await db
    .update(schema.sessions)
    .set({ authenticatedAt: now, ...stepUp })
    .where(eq(schema.sessions.id, sessionId));
}

async function passwordHashOf(db: Database, userId: number): Promise<string | null> {
  const user = await db.query.users.findFirst({ columns: { passwordHash: true }, where: eq(schema.users.id, userId) });
  return user?.passwordHash ?? null;
}

/** Re-authentication with the password; a member without one cannot (they use a passkey). */
export async function reauthenticateWithPassword(
  db: Database,
  input: { member: SessionProof; password: string; ip: string; now: Date },
): Promise<PasswordRecheck> {
  const { member } = input;
  const passwordHash = await passwordHashOf(db, member.id);
  if (!passwordHash || !input.password) return { ok: false, reason: "invalid" };
  const check = await recheckPassword(db, { siteId: member.siteId, email: member.email, passwordHash, ...input });
  if (check.ok) await markAuthenticated(db, member.sessionId, input.now);
  return check;
}

/** Re-authentication with one of the member's own passkeys (the login ceremony's options and answer). */
export async function reauthenticateWithPasskey(
  db: Database,
  input: { member: SessionProof; challengeId: string; response: AuthenticationResponseJSON; request: Request; now: Date },
): Promise<{ ok: true } | { ok: false; reason: "expired" | "invalid" }> {
  const { member } = input;
  const outcome = await verifyAuthentication(db, { ...input, siteId: member.siteId, userId: member.id });
  if (!outcome.ok) return outcome;
  await markAuthenticated(db, member.sessionId, input.now, { passkey: true });
  return { ok: true };
}

export type IdentityCheck = PasswordRecheck | { ok: false; reason: "reauthenticate" };

/**
 * The proof a change asks for in its own form (the e-mail address): a member with a password
 * types it there, and a right one is a re-authentication (same lock, and it counts for the
 * window); a member without one (passkeys only) must have proved it within the window.
 */
export async function confirmIdentity(
  db: Database,
  input: { member: SessionProof; password: string | undefined; ip: string; now: Date },
): Promise<IdentityCheck> {
  const { member } = input;
  const passwordHash = await passwordHashOf(db, member.id);
  if (!passwordHash) return recentlyAuthenticated(member, input.now) ? { ok: true } : { ok: false, reason: "reauthenticate" };
  if (!input.password) return { ok: false, reason: "invalid" };
  const check = await recheckPassword(db, { siteId: member.siteId, email: member.email, passwordHash, ...input, password: input.password });
  if (check.ok) await markAuthenticated(db, member.sessionId, input.now);
  return check;
}
