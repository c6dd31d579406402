import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { getUser } from "~/accounts/current-user.server";
import { clearedSessionCookie, deleteSession } from "~/accounts/session.server";
import { getServices } from "~/context.server";

/**
 * GET /api/logout.php (spec §7). A GET is what the spec names; ending a session is the one state
 * change we accept on GET, guarded so another site cannot log a member out (Sec-Fetch-Site).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const crossSite = request.headers.get("Sec-Fetch-Site") === "cross-site";
  const user = getUser(context);
  if (user && !crossSite) await deleteSession(getServices(context).db, user.sessionId);
  const wantsJson = request.headers.get("X-Requested-With") === "XMLHttpRequest";
  const headers = { "Set-Cookie": clearedSessionCookie(request) };
  if (crossSite) return redirect("/");
  return wantsJson ? Response.json({ ok: true }, { headers }) : redirect("/", { headers });
}
