import type { Route } from "./+types/chat-typing";
import { typingSchema } from "~/chat/chat-api";
import { conversationPartner } from "~/chat/conversations.server";
import { notifyInboxes } from "~/live/live.server";
import { apiError } from "~/http/api-errors.server";
import { getServices, getSite } from "~/http/context.server";
import { readInput } from "~/http/forms.server";
import { requireApiUser } from "~/http/guards.server";
import { getI18n } from "~/http/i18n.server";
import { assertSameOrigin } from "~/http/origin.server";
import { hit } from "~/security/rate-limit.server";

/** Typing signals a member may send a minute: the browser's 3-second throttle allows 20, two tabs 40. */
const TYPING_PER_MINUTE = 40;

/**
 * POST /api/chat-typing.php `{ conversation }` (ADR 027): the member is typing in one of their
 * conversations; the partner's open tabs show it for a few seconds. The socket is never trusted
 * for this: the conversation must be the member's, with a partner they can still reach (a block
 * either way, a stranger's conversation: the same 404, and nobody is told anything).
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const user = requireApiUser(context);
  const { t } = getI18n(context);
  if (request.method !== "POST") return apiError(405, "method_not_allowed", t("messages.generic"), { Allow: "POST" });
  const parsed = await readInput(request, typingSchema, { from: "values" });
  if (!parsed.success || !user.profile) return apiError(400, "invalid_request", t("messages.generic"));

  const { db, env, ctx, now } = getServices(context);
  // The browser sends one every 3 s at most while the member types; a script sending more is told to slow down.
  if (!(await hit(db, { key: `typing:${user.id}`, limit: TYPING_PER_MINUTE, windowSeconds: 60 }, now()))) {
    return apiError(429, "too_many_requests", t("messages.generic"));
  }
  const conversationId = parsed.data.conversation;
  const profileId = user.profile.id;
  const partnerId = await conversationPartner(db, { conversationId, viewerProfileId: profileId, siteId: getSite(context).id });
  if (partnerId === null) return apiError(404, "not_found", t("messages.generic"));
  ctx.waitUntil(notifyInboxes(env.INBOX, [partnerId], { type: "typing", conversationId, profileId }));
  return new Response(null, { status: 204 });
}

export function loader({ context }: Route.LoaderArgs) {
  return apiError(405, "method_not_allowed", getI18n(context).t("messages.generic"), { Allow: "POST" });
}
