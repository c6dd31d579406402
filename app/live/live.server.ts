/**
 * Live chat (ADR 027): telling members' inboxes — one Durable Object per profile, workers/inbox.ts —
 * that something changed, so their open tabs reload, and that sessions ended, so their sockets
 * close (ADR 038). A call to an inbox is a courtesy: one that fails or takes too long is logged
 * and never fails what caused it (the page polls when it has no socket).
 */
import { handOverHeaders, type SessionsToEnd, type SocketSession } from "./inbox-sessions";
import type { LiveEvent } from "./live-events";

/** The inbox binding (wrangler.toml `INBOX`), as much of it as the Worker uses. */
export type InboxNamespace = {
  idFromName(name: string): DurableObjectId;
  get(id: DurableObjectId): {
    notify(event: LiveEvent): Promise<number> | number;
    disconnect(): Promise<number> | number;
    endSessions(which: SessionsToEnd): Promise<number> | number;
    renewSession(sessionId: string, expiresAt: number): Promise<number> | number;
    fetch(request: Request): Promise<Response>;
  };
};

/** How long the Worker waits for an inbox before it gives up on a call (and logs it). */
export const INBOX_TIME_LIMIT_MS = 5_000;

/** The inbox of a profile: its Durable Object, named by the profile id. */
export function inboxOf(namespace: InboxNamespace, profileId: number) {
  return namespace.get(namespace.idFromName(String(profileId)));
}

/** The call's result, or a rejection once `INBOX_TIME_LIMIT_MS` has passed without one. */
async function withinTimeLimit<T>(call: () => Promise<T> | T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${INBOX_TIME_LIMIT_MS} ms`)), INBOX_TIME_LIMIT_MS);
  });
  try {
    return await Promise.race([Promise.resolve().then(call), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Hands a checked socket request to the member's inbox with the session it belongs to. The inbox
 * gets a request of its own: the browser's (with the `auth` cookie, the session token) stays here.
 * Rejects when the inbox fails (reset, overloaded) or has not answered within `INBOX_TIME_LIMIT_MS`.
 */
export function connectInbox(namespace: InboxNamespace, profileId: number, request: Request, session: SocketSession): Promise<Response> {
  const headers = { Upgrade: "websocket", ...handOverHeaders(session) };
  return withinTimeLimit(() => inboxOf(namespace, profileId).fetch(new Request(request.url, { headers })));
}

/** Closes every open socket of a profile (its account was deleted); never throws. */
export async function disconnectInbox(namespace: InboxNamespace | undefined, profileId: number): Promise<void> {
  if (!namespace) return;
  try {
    await withinTimeLimit(() => inboxOf(namespace, profileId).disconnect());
  } catch (error) {
    console.error("inbox disconnect failed", error);
  }
}

/** Closes the sockets of a profile's sessions that ended (ADR 038); never throws. */
export async function endInboxSessions(namespace: InboxNamespace | undefined, profileId: number, which: SessionsToEnd): Promise<void> {
  if (!namespace) return;
  try {
    await withinTimeLimit(() => inboxOf(namespace, profileId).endSessions(which));
  } catch (error) {
    console.error("inbox session end failed", error);
  }
}

/** Tells a profile's inbox that a session slid to a later expiry, so its sockets stay open; never throws. */
export async function renewInboxSession(namespace: InboxNamespace | undefined, profileId: number, sessionId: string, expiresAt: Date) {
  if (!namespace) return;
  try {
    await withinTimeLimit(() => inboxOf(namespace, profileId).renewSession(sessionId, expiresAt.getTime()));
  } catch (error) {
    console.error("inbox session renewal failed", error);
  }
}

/** Tells each profile's inbox about the event; never throws. */
export async function notifyInboxes(namespace: InboxNamespace | undefined, profileIds: number[], event: LiveEvent): Promise<void> {
  if (!namespace) return;
  const results = await Promise.allSettled(
    [...new Set(profileIds)].map((profileId) => withinTimeLimit(() => inboxOf(namespace, profileId).notify(event))),
  );
  for (const result of results) {
    if (result.status === "rejected") console.error("inbox notification failed", event.type, result.reason);
  }
}
