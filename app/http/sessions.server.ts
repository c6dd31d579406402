/**
 * Signing in at the edge: a new session (app/accounts/session.server.ts) and the `auth` cookie
 * that carries its token; the id of the session a request arrived with.
 */
import type { Database } from "~/db/client.server";
import { createSession, sessionIdOf } from "~/accounts/session.server";
import { authCookie } from "./cookies.server";

/** Opens a session for the account and returns the `Set-Cookie` header that hands it to the browser. */
export async function startSession(
  db: Database,
  userId: number,
  request: Request,
  now: Date,
  options: { passkey?: boolean } = {},
): Promise<string> {
  const session = await createSession(db, userId, request, now, options);
  return authCookie.set(request, session.token);
}

/** The session the request's `auth` cookie names (it may have expired), or null. */
export function requestSessionId(request: Request): string | null {
  return sessionIdOf(authCookie.read(request));
}
