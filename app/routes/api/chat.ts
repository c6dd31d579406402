import { data } from "react-router";
import type { Route } from "./+types/chat";
import { removeChatSchema, type ChatApiError, type RemoveChatResult } from "~/chat/chat-api";
import { removeChats } from "~/chat/conversations.server";
import { getServices } from "~/http/context.server";
import { apiError } from "~/http/api-errors.server";
import { getI18n } from "~/http/i18n.server";
import { assertSameOrigin } from "~/http/origin.server";
import { readInput } from "~/http/forms.server";
import { requireApiUser } from "~/http/guards.server";

/**
 * DELETE /api/chat.php `{ conversation }` or `{ profile }` (product.md §4, §7): removes one chat,
 * or every chat with a profile, from the member's list and clears its history for them. A chat that
 * is not theirs (or already removed) is a 404, which the browser answers with an alert and a
 * reload.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const user = requireApiUser(context);
  const { t } = getI18n(context);
  const fail = (status: number, { error, message }: ChatApiError) => apiError(status, error, message);
  if (request.method !== "DELETE") return fail(405, { error: "method_not_allowed", message: t("messages.generic") });
  const parsed = await readInput(request, removeChatSchema, { from: "values" });
  if (!parsed.success || !user.profile) return fail(400, { error: "invalid_request", message: t("messages.generic") });

  const { db, now } = getServices(context);
  const scope = { viewerProfileId: user.profile.id, now: now() };
  const removed = await removeChats(
    db,
    "conversation" in parsed.data
      ? { ...scope, conversationId: parsed.data.conversation }
      : { ...scope, partnerProfileId: parsed.data.profile },
  );
  if (removed === 0) return fail(404, { error: "not_found", message: t("chat:errors.removeFailed") });
  return data({ removed } satisfies RemoveChatResult);
}

export function loader({ context }: Route.LoaderArgs) {
  return apiError(405, "method_not_allowed", getI18n(context).t("messages.generic"));
}
