import type { MiddlewareFunction } from "react-router";
import { getServices, getSite } from "~/context.server";
import { readCookie } from "~/i18n/detect-language";
import { loadCurrentUser, userContext } from "./current-user.server";
import { AUTH_COOKIE, sessionCookie, touchSession } from "./session.server";

/** Loads the signed-in member for every request and keeps an active session alive for 30 days. */
export const userMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { db, now } = getServices(context);
  const user = await loadCurrentUser(db, request, getSite(context).id, now());
  context.set(userContext, user);
  const renewed = user ? await touchSession(db, user.sessionId, user.sessionExpiresAt, now()) : null;
  const response = await next();
  const token = readCookie(request.headers.get("Cookie"), AUTH_COOKIE);
  // Other cookies (tracking, language, entry warning) may be set too; only a new `auth` cookie of
  // the response itself (login, logout) takes the place of the renewed one.
  const setsAuth = response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${AUTH_COOKIE}=`));
  if (renewed && token && !setsAuth) {
    response.headers.append("Set-Cookie", sessionCookie(request, token));
  }
  return response;
};
