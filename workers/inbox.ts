/**
 * A member's inbox (ADR 027): one Durable Object per profile that holds the member's open sockets
 * (one per tab) and relays "something changed" events to them. It stores nothing and decides
 * nothing about messages: the Worker checks who may connect and what may be told, the loaders stay
 * the source of truth. Sockets use the Hibernation API, so an idle inbox costs nothing.
 */
import { DurableObject } from "cloudflare:workers";
import { ACCOUNT_CLOSED, type LiveEvent } from "~/chat/live-events";

/** What the browser sends to keep a socket alive; answered without waking the object. */
const PING = "ping";
const PONG = "pong";

export class Inbox extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
  }

  /** A socket of the member, already checked by the Worker (app/http/chat-socket.server.ts). */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a WebSocket", { status: 426 });
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Tells every open tab of the member; returns how many sockets it reached. */
  notify(event: LiveEvent): number {
    const frame = JSON.stringify(event);
    let reached = 0;
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(frame);
        reached += 1;
      } catch {
        // A socket closing right now: its close handler cleans up.
      }
    }
    return reached;
  }

  /** Closes every socket of the member (the account was deleted); returns how many were open. */
  disconnect(): number {
    const sockets = this.ctx.getWebSockets();
    for (const socket of sockets) {
      try {
        socket.close(ACCOUNT_CLOSED, "account closed");
      } catch {
        // already closing
      }
    }
    return sockets.length;
  }

  /** The browser says nothing the inbox needs (typing goes through POST /api/chat-typing.php). */
  async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer) {
    if (message === PING) socket.send(PONG);
  }

  async webSocketClose(socket: WebSocket) {
    try {
      socket.close(1000, "closed");
    } catch {
      // already closed
    }
  }

  async webSocketError(socket: WebSocket) {
    try {
      socket.close(1011, "error");
    } catch {
      // already closed
    }
  }
}
