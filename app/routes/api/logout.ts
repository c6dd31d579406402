import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { deleteSession } from "~/accounts/session.server";
import { authCookie } from "~/http/cookies.server";
import { getServices } from "~/http/context.server";
import { getUser } from "~/http/guards.server";
import { onlyGet } from "~/http/api-errors.server";

/**
 * GET /api/logout.php (product.md §7). A GET is what the client calls; ending a session is the one
 * state change we accept on GET, guarded so another site cannot log a member out (Sec-Fetch-Site).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const crossSite = request.headers.get("Sec-Fetch-Site") === "cross-site";
  const user = getUser(context);
  if (user && !crossSite) await deleteSession(getServices(context).db, user.sessionId);
  const wantsJson = request.headers.get("X-Requested-With") === "XMLHttpRequest";
  const headers = { "Set-Cookie": authCookie.clear(request) };
  if (crossSite) return redirect("/");
  return wantsJson ? Response.json({ ok: true }, { headers }) : redirect("/", { headers });
}

/** Every other method: a 405 in the API's error shape. */
export const action = onlyGet;
