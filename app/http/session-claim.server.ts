/**
 * A chat send checks its session in its own batch (ADR 059). Every other request waits for the
 * session's read before anything else (app/http/user-middleware.server.ts); a message into a
 * conversation (the composer's `POST /chats/{id}.data`) instead names the member by the browser's
 * `member` cookie, a hint the middleware keeps in step on every member page, and its paid batch
 * holds the charge to the `auth` cookie's session being that member's (`sessionMaySpend`).
 * Whatever that batch cannot decide is sent the ordinary way, with the member read from the session.
 */
import type { ClaimedSession } from "~/accounts/session.server";
import { sessionIdOf } from "~/accounts/session.server";
import { memberHintCookie } from "./cookies.server";

/** The session a request claims, and the ordinary way back. */
export type SessionClaim = ClaimedSession & {
  /** Reads the member from the session as the middleware does for other requests (once), renewing it. */
  loadMember(): Promise<void>;
  /** The send's batch renewed the session until then: the cookie and the live sockets follow. */
  renewed(expiresAt: Date): void;
};

/** The action data request of a conversation (single fetch): no loader runs beside it. */
const CHAT_SEND = /^\/chats\/[1-9]\d{0,15}\.data$/;

/** The `member` cookie's value for a signed-in member. */
export const memberHint = (userId: number, profileId: number) => `${userId}.${profileId}`;

/**
 * The session and member a chat send claims, or null for every other request (and for a send
 * without both cookies, which goes the ordinary way).
 */
export function claimedSession(request: Request, token: string | null): ClaimedSession | null {
  if (request.method !== "POST" || !CHAT_SEND.test(new URL(request.url).pathname)) return null;
  const sessionId = sessionIdOf(token);
  const hint = /^([1-9]\d{0,15})\.([1-9]\d{0,15})$/.exec(memberHintCookie.read(request) ?? "");
  if (!sessionId || !hint) return null;
  return { sessionId, userId: Number(hint[1]), profileId: Number(hint[2]) };
}
