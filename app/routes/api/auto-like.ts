import type { Route } from "./+types/auto-like";
import { getServices, getSite } from "~/http/context.server";
import { autoLike } from "~/discovery/auto-like.server";
import type { AutoLike } from "~/discovery/like-api";
import { discoveryMember } from "~/discovery/member.server";
import { assertSameOrigin } from "~/http/origin.server";
import { requireApiUser } from "~/http/guards.server";
import { onlyGet } from "~/http/api-errors.server";

/**
 * GET /api/auto-like.php (product.md §7): a profile for the like modal, whose like to the member is
 * recorded here (see auto-like.server.ts); `profile: null` when there is none to show.
 * The client calls this with GET although it records a like, so it still refuses other sites' requests.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  assertSameOrigin(request);
  const user = requireApiUser(context);
  const { db, now } = getServices(context);
  const { settings, texts } = getSite(context);
  const member = user.profile ? await discoveryMember(db, user.profile.id) : null;
  const body: AutoLike = {
    profile: member ? await autoLike(db, { member, now: now(), timeZone: settings.timeZone }) : null,
    fictional: { icon: settings.fictionalIcon, label: texts.fictionalSingular },
  };
  return Response.json(body, { headers: { "Cache-Control": "private, no-store" } });
}

/** Every other method: a 405 in the API's error shape. */
export const action = onlyGet;
