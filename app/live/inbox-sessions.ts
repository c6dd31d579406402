/**
 * Which session each live-chat socket belongs to (ADR 038). The Worker, having checked the session
 * (app/http/chat-socket.server.ts), hands the socket to the member's inbox (workers/inbox.ts)
 * with the session's id and expiry; the inbox keeps both on the socket, where they survive
 * hibernation, and closes the socket when that session ends or expires. The id is the SHA-256 of
 * the session token (app/accounts/session.server.ts): the token itself never reaches the inbox.
 */

/** The session of one socket: its id and when it expires (milliseconds since the epoch). */
export type SocketSession = { sessionId: string; expiresAt: number };

/** Which sockets to close: one session's (logout), every session's but one (a password change), or all. */
export type SessionsToEnd = { only: string } | { allBut: string } | "all";

/** The headers of the Worker's hand-over request; the browser's own request never reaches the inbox. */
export const SESSION_ID_HEADER = "X-Inbox-Session";
export const SESSION_EXPIRES_HEADER = "X-Inbox-Session-Expires";

/** A session id as session.server.ts makes them: 64 lower-case hex digits. */
const SESSION_ID = /^[0-9a-f]{64}$/;

/** The session as the inbox stores it, or null for anything else (a socket from before ADR 038). */
export function socketSessionOf(value: unknown): SocketSession | null {
  if (typeof value !== "object" || value === null) return null;
  const { sessionId, expiresAt } = value as Record<string, unknown>;
  if (typeof sessionId !== "string" || !SESSION_ID.test(sessionId)) return null;
  if (typeof expiresAt !== "number" || !Number.isSafeInteger(expiresAt) || expiresAt <= 0) return null;
  return { sessionId, expiresAt };
}

/** The headers that hand a socket's session to the inbox. */
export function handOverHeaders(session: SocketSession): Record<string, string> {
  return { [SESSION_ID_HEADER]: session.sessionId, [SESSION_EXPIRES_HEADER]: String(session.expiresAt) };
}

/** The session the Worker handed over with a socket, or null when the request carries none. */
export function handedOverSession(headers: Headers): SocketSession | null {
  const expires = headers.get(SESSION_EXPIRES_HEADER);
  return socketSessionOf({
    sessionId: headers.get(SESSION_ID_HEADER),
    expiresAt: expires && /^\d{1,16}$/.test(expires) ? Number(expires) : null,
  });
}

/** Whether a socket of `session` is among those to close. */
export function isAmong(session: SocketSession, which: SessionsToEnd): boolean {
  if (which === "all") return true;
  return "only" in which ? session.sessionId === which.only : session.sessionId !== which.allBut;
}

/** Whether the session has expired at `now` (milliseconds). */
export const hasExpired = (session: SocketSession, now: number) => session.expiresAt <= now;

/** The earliest expiry among the sessions, or null when there are none: when the inbox's alarm is due. */
export function earliestExpiry(sessions: Iterable<SocketSession>): number | null {
  let earliest: number | null = null;
  for (const { expiresAt } of sessions) if (earliest === null || expiresAt < earliest) earliest = expiresAt;
  return earliest;
}
