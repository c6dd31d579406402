/**
 * A member's inbox (ADR 027): one Durable Object per profile that holds the member's open sockets
 * (one per tab) and relays "something changed" events to them. It stores nothing and decides
 * nothing about messages: the Worker checks who may connect and what may be told, the loaders stay
 * the source of truth. Sockets use the Hibernation API, so an idle inbox costs nothing.
 *
 * Each socket carries the session it was opened with (ADR 038, app/live/inbox-sessions.ts): the
 * inbox closes it when that session ends (logout, a password change or reset, a ban: the Worker
 * says so) or expires (an alarm at the earliest expiry among the sockets), and tells a socket
 * nothing once its session has expired.
 */
import { DurableObject } from "cloudflare:workers";
import {
  earliestExpiry,
  handedOverSession,
  hasExpired,
  isAmong,
  socketSessionOf,
  type SessionsToEnd,
  type SocketSession,
} from "~/live/inbox-sessions";
import { ACCOUNT_CLOSED, type LiveEvent, SESSION_ENDED } from "~/live/live-events";

/** What the browser sends to keep a socket alive; answered without waking the object. */
const PING = "ping";
const PONG = "pong";

/** "Service restart": the browser reconnects, and the new socket carries its session. */
const RECONNECT = 1012;

function close(socket: WebSocket, code: number, reason: string) {
  try {
    socket.close(code, reason);
  } catch {
    // already closing
  }
}

export class Inbox extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
  }

  /**
   * A socket of the member, already checked by the Worker (app/http/chat-socket.server.ts), which
   * hands over the session it belongs to.
   */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a WebSocket", { status: 426 });
    const session = handedOverSession(request.headers);
    if (!session) return new Response("Expected the socket's session", { status: 400 });
    if (hasExpired(session, Date.now())) return new Response("Session expired", { status: 401 });
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment(session satisfies SocketSession);
    await this.alarmNoLaterThan(session.expiresAt);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Tells every open tab of the member whose session is still valid; returns how many sockets it reached. */
  notify(event: LiveEvent): number {
    const frame = JSON.stringify(event);
    const now = Date.now();
    let reached = 0;
    for (const socket of this.ctx.getWebSockets()) {
      if (this.closedAsEnded(socket, now)) continue;
      try {
        socket.send(frame);
        reached += 1;
      } catch {
        // A socket closing right now: its close handler cleans up.
      }
    }
    return reached;
  }

  /** Closes the sockets of sessions that ended (ADR 038); returns how many it closed. */
  endSessions(which: SessionsToEnd): number {
    let closed = 0;
    for (const socket of this.ctx.getWebSockets()) {
      const session = socketSessionOf(socket.deserializeAttachment());
      if (!session) close(socket, RECONNECT, "reconnect");
      else if (isAmong(session, which)) close(socket, SESSION_ENDED, "session ended");
      else continue;
      closed += 1;
    }
    return closed;
  }

  /** A session was extended (sessions slide, ADR 021): its sockets live on until the new expiry. */
  renewSession(sessionId: string, expiresAt: number): number {
    let renewed = 0;
    for (const socket of this.ctx.getWebSockets()) {
      const session = socketSessionOf(socket.deserializeAttachment());
      if (session?.sessionId !== sessionId || session.expiresAt >= expiresAt) continue;
      socket.serializeAttachment({ sessionId, expiresAt } satisfies SocketSession);
      renewed += 1;
    }
    // The alarm may come at the old expiry; it then finds the socket renewed and looks again later.
    return renewed;
  }

  /** Closes every socket of the member (the account was deleted); returns how many were open. */
  disconnect(): number {
    const sockets = this.ctx.getWebSockets();
    for (const socket of sockets) close(socket, ACCOUNT_CLOSED, "account closed");
    return sockets.length;
  }

  /** Due at the earliest expiry among the sockets: closes the expired ones, then waits for the next. */
  async alarm() {
    const now = Date.now();
    const remaining: SocketSession[] = [];
    for (const socket of this.ctx.getWebSockets()) {
      if (this.closedAsEnded(socket, now)) continue;
      const session = socketSessionOf(socket.deserializeAttachment());
      if (session) remaining.push(session);
    }
    const next = earliestExpiry(remaining);
    if (next !== null) await this.ctx.storage.setAlarm(next);
  }

  /** The browser says nothing the inbox needs (typing goes through POST /api/chat-typing.php). */
  async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer) {
    if (message === PING) socket.send(PONG);
  }

  async webSocketClose(socket: WebSocket) {
    close(socket, 1000, "closed");
  }

  async webSocketError(socket: WebSocket) {
    close(socket, 1011, "error");
  }

  /**
   * Closes a socket whose session has expired (the browser does not come back), or one without a
   * session (opened before sockets carried one: the browser reconnects and hands one over).
   */
  private closedAsEnded(socket: WebSocket, now: number): boolean {
    const session = socketSessionOf(socket.deserializeAttachment());
    if (!session) close(socket, RECONNECT, "reconnect");
    else if (hasExpired(session, now)) close(socket, SESSION_ENDED, "session expired");
    else return false;
    return true;
  }

  private async alarmNoLaterThan(at: number) {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || at < current) await this.ctx.storage.setAlarm(at);
  }
}
