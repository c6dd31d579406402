import { redirect, href } from "react-router";
import type { Route } from "./+types/logout";
import { endSession } from "~/accounts/session-end.server";
import { authCookie } from "~/http/cookies.server";
import { getServices } from "~/http/context.server";
import { getUser } from "~/http/guards.server";
import { onlyGet } from "~/http/api-errors.server";
import { isOwnNavigation } from "~/http/origin.server";

/**
 * GET /api/logout.php (product.md §7). A GET is what the client calls; ending a session is the one
 * state change we accept on GET, refused when it comes from another site (`Sec-Fetch-Site`, else
 * `Origin` or `Referer`; ADR 038): that request only goes home, still signed in. The session's
 * live-chat sockets close after the response.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!isOwnNavigation(request)) return redirect(href("/"));
  const user = getUser(context);
  if (user) {
    const { db, env, ctx } = getServices(context);
    await endSession({ db, env, ctx }, user.sessionId, { userId: user.id, profileId: user.profile?.id ?? null });
  }
  const wantsJson = request.headers.get("X-Requested-With") === "XMLHttpRequest";
  const headers = { "Set-Cookie": authCookie.clear(request) };
  return wantsJson ? Response.json({ ok: true }, { headers }) : redirect(href("/"), { headers });
}

/** Every other method: a 405 in the API's error shape. */
export const action = onlyGet;
