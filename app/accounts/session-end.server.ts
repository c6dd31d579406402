/**
 * Ending sessions (ADR 038): the rows go (app/accounts/session.server.ts) and the live-chat sockets
 * opened with them close (the member's inbox, app/live/live.server.ts), with a close code the
 * browser does not reconnect after. Whatever ends a session before its expiry comes through here,
 * so no socket keeps listening for a session that is gone; expiry itself is the inbox's alarm.
 *
 * Closing the sockets runs after the response when there is an execution context, and never fails
 * or delays what ended the session: the session is gone either way, and the page's next request
 * finds no session.
 */
import { eq } from "drizzle-orm";
import { endInboxSessions } from "~/live/live.server";
import type { SessionsToEnd } from "~/live/inbox-sessions";
import { schema, type Database } from "~/db/client.server";
import type { AppEnv } from "~/env.server";
import { deleteSession, deleteUserSessions } from "./session.server";

export type SessionEndDeps = {
  db: Database;
  env: Pick<AppEnv, "INBOX">;
  /** With it, the sockets close after the response (`waitUntil`); without, before the call returns. */
  ctx?: Pick<ExecutionContext, "waitUntil">;
};

/**
 * Whose sockets: the account, and its profile when the caller knows it (null: it has none). When
 * the profile is not given, it is looked up after the response.
 */
export type SessionOwner = { userId: number; profileId?: number | null };

/** Ends one session (logout, a passkey sign-in replacing the browser's previous session). */
export async function endSession(deps: SessionEndDeps, sessionId: string, owner?: SessionOwner): Promise<void> {
  const userId = await deleteSession(deps.db, sessionId);
  const whose = owner ?? (userId === null ? null : { userId });
  if (whose) await closeSessionSockets(deps, whose, { only: sessionId });
}

/** Ends every session of an account, or every one but `except` (a password change keeps the one it was made in). */
export async function endUserSessions(deps: SessionEndDeps, owner: SessionOwner, except?: string): Promise<void> {
  await deleteUserSessions(deps.db, owner.userId, except);
  await closeSessionSockets(deps, owner, except ? { allBut: except } : "all");
}

/** Closes the sockets of sessions already deleted (a ban deletes them in its own batch); never throws. */
export async function closeSessionSockets(deps: SessionEndDeps, owner: SessionOwner, which: SessionsToEnd): Promise<void> {
  const inbox = deps.env.INBOX;
  if (!inbox || owner.profileId === null) return;
  const work = (async () => {
    const profileId = owner.profileId ?? (await profileIdOf(deps.db, owner.userId));
    if (profileId !== null) await endInboxSessions(inbox, profileId, which);
  })().catch((error: unknown) => {
    console.error("closing the sockets of ended sessions failed", error);
  });
  if (deps.ctx) deps.ctx.waitUntil(work);
  else await work;
}

async function profileIdOf(db: Database, userId: number): Promise<number | null> {
  const profile = await db.query.profiles.findFirst({ columns: { id: true }, where: eq(schema.profiles.userId, userId) });
  return profile?.id ?? null;
}
