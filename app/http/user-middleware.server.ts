import type { MiddlewareFunction } from "react-router";
import { loadCurrentUser } from "~/accounts/current-user.server";
import { touchSession } from "~/accounts/session.server";
import { renewInboxSession } from "~/live/live.server";
import { getRequestSite, getServices } from "./context.server";
import { authCookie, memberHintCookie } from "./cookies.server";
import { sessionClaimContext, userContext } from "./guards.server";
import { claimedSession, memberHint } from "./session-claim.server";

/**
 * Loads the signed-in member for every request and keeps an active session alive for 30 days; the
 * live-chat sockets of a renewed session learn its new expiry after the response (ADR 038). A chat
 * send does not wait for it: its own batch checks the session it claims (ADR 059), and reads the
 * member here only for what that batch cannot decide.
 */
export const userMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { db, env, ctx, now } = getServices(context);
  const token = authCookie.read(request);
  // What the response's cookies follow: the session's renewal and the member it was seen with.
  const seen = { renewed: null as Date | null, hint: null as string | null };
  const renew = (profileId: number, sessionId: string, until: Date) => {
    seen.renewed = until;
    ctx.waitUntil(renewInboxSession(env.INBOX, profileId, sessionId, until));
  };
  const loadMember = async () => {
    const user = await loadCurrentUser(db, token, getRequestSite(context).id, now());
    context.set(userContext, user);
    if (user?.profile) seen.hint = memberHint(user.id, user.profile.id);
    const until = user ? await touchSession(db, user.sessionId, user.sessionExpiresAt, now()) : null;
    if (until && user?.profile) renew(user.profile.id, user.sessionId, until);
    else seen.renewed = until;
  };

  const claim = claimedSession(request, token);
  if (claim) {
    const loading = { done: null as Promise<void> | null };
    context.set(sessionClaimContext, {
      ...claim,
      loadMember: () => (loading.done ??= loadMember()),
      renewed: (until) => renew(claim.profileId, claim.sessionId, until),
    });
  } else await loadMember();

  const response = await next();
  // Other cookies (tracking, language, entry warning) may be set too; only a new `auth` cookie of
  // the response itself (login, logout) takes the place of the renewed one.
  const setsAuth = response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${authCookie.name}=`));
  if (seen.renewed && token && !setsAuth) response.headers.append("Set-Cookie", authCookie.set(request, token));
  // The hint a later chat send names the member by (ADR 059), kept in step with the session on the pages they open.
  const page = request.method === "GET" && response.status === 200;
  if (seen.hint && page && !setsAuth && memberHintCookie.read(request) !== seen.hint)
    response.headers.append("Set-Cookie", memberHintCookie.set(request, seen.hint));
  return response;
};
