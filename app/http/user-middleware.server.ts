import type { MiddlewareFunction } from "react-router";
import { loadCurrentUser } from "~/accounts/current-user.server";
import { touchSession } from "~/accounts/session.server";
import { renewInboxSession } from "~/live/live.server";
import { getRequestSite, getServices } from "./context.server";
import { authCookie } from "./cookies.server";
import { userContext } from "./guards.server";

/**
 * Loads the signed-in member for every request and keeps an active session alive for 30 days; the
 * live-chat sockets of a renewed session learn its new expiry after the response (ADR 038).
 */
export const userMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { db, env, ctx, now } = getServices(context);
  const token = authCookie.read(request);
  const user = await loadCurrentUser(db, token, getRequestSite(context).id, now());
  context.set(userContext, user);
  const renewed = user ? await touchSession(db, user.sessionId, user.sessionExpiresAt, now()) : null;
  if (renewed && user?.profile) ctx.waitUntil(renewInboxSession(env.INBOX, user.profile.id, user.sessionId, renewed));
  const response = await next();
  // Other cookies (tracking, language, entry warning) may be set too; only a new `auth` cookie of
  // the response itself (login, logout) takes the place of the renewed one.
  const setsAuth = response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${authCookie.name}=`));
  if (renewed && token && !setsAuth) response.headers.append("Set-Cookie", authCookie.set(request, token));
  return response;
};
