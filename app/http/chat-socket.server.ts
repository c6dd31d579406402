/**
 * GET /api/chat-socket (ADR 027): a member's live-chat socket. Handled by the Worker before React
 * Router (which does not pass a 101 response through): the page's own origin, a signed-in member
 * with a profile, then the socket goes on to that member's inbox with the session it belongs to
 * (ADR 038: it closes when that session ends). Plain-text refusals: 426 without
 * `Upgrade: websocket`, 403 from another origin or without a profile, 401 without a session, 503
 * when the inbox fails or does not answer in time (the browser tries again with backoff, ADR 044).
 */
import { loadCurrentUser } from "~/accounts/current-user.server";
import { connectInbox } from "~/live/live.server";
import type { Database } from "~/db/client.server";
import { isDevelopment, type AppEnv } from "~/env.server";
import { requestHost, resolveSite } from "~/sites/site.server";
import { authCookie } from "./cookies.server";

export const CHAT_SOCKET_PATH = "/api/chat-socket";

const refuse = (status: number, text: string) => new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** The socket's `Origin` must be the page's own: a WebSocket is not bound by CORS. */
function fromOwnOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (!origin) return false;
  try {
    return new URL(origin).host === new URL(request.url).host;
  } catch {
    return false;
  }
}

export async function connectChatSocket(request: Request, deps: { env: AppEnv; db: Database; now: Date }): Promise<Response> {
  const { env, db, now } = deps;
  if (request.method !== "GET" || request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return refuse(426, "Upgrade Required");
  if (!fromOwnOrigin(request)) return refuse(403, "Forbidden");
  const token = authCookie.read(request);
  if (!token) return refuse(401, "Unauthorized");
  const site = await resolveSite(db, requestHost(request, { development: isDevelopment(env), forcedHost: env.FORCE_HOST }));
  const user = await loadCurrentUser(db, token, site.id, now);
  if (!user) return refuse(401, "Unauthorized");
  if (!user.profile || user.profile.status === "deleted") return refuse(403, "Forbidden");
  if (!env.INBOX) return refuse(503, "Live chat is not available");
  try {
    return await connectInbox(env.INBOX, user.profile.id, request, {
      sessionId: user.sessionId,
      expiresAt: user.sessionExpiresAt.getTime(),
    });
  } catch (error) {
    // The inbox failed or is being reset (ADR 044): the page polls and tries again later.
    console.error("inbox connect failed", error);
    return refuse(503, "Live chat is not available");
  }
}
