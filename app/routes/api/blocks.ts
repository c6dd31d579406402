import { data, redirect } from "react-router";
import type { Route } from "./+types/blocks";
import { getServices, getSite } from "~/http/context.server";
import { apiError } from "~/http/api-errors.server";
import { getI18n } from "~/http/i18n.server";
import { blockRequestSchema, type BlockResponse } from "~/profiles/block-schema";
import { blockProfile, unblockProfile } from "~/profiles/blocks.server";
import { assertSameOrigin } from "~/http/origin.server";
import { readInput } from "~/http/forms.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { requireApiUser } from "~/http/guards.server";
import { notifyInboxes } from "~/live/live.server";

/**
 * POST /api/blocks.php — block or unblock a member (product.md §10: blocking is mutual in effect).
 * Answers `{ blocked }`; a form posted by a browser without JavaScript (a navigation) is sent
 * back to `redirectTo` instead.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const user = requireApiUser(context);
  const t = getI18n(context).t;
  if (request.method !== "POST") return apiError(405, "method_not_allowed", t("messages.generic"));
  const parsed = await readInput(request, blockRequestSchema, { from: "values" });
  if (!parsed.success || !user.profile) {
    return apiError(400, "invalid_request", t("messages.generic"));
  }
  const { db, env, ctx, now } = getServices(context);
  const pair = { blockerProfileId: user.profile.id, blockedProfileId: parsed.data.profile_id };
  const outcome =
    parsed.data.action === "block"
      ? await blockProfile(db, { ...pair, siteId: getSite(context).id, now: now() })
      : await unblockProfile(db, pair);
  if (!outcome.ok) {
    return outcome.reason === "self"
      ? apiError(400, "invalid_request", t("messages.generic"))
      : apiError(404, "not_found", t("members:block.notFound"));
  }
  // Both members' open tabs drop their chat at once (ADR 029): an open conversation reloads into the 404.
  if (outcome.blocked)
    ctx.waitUntil(
      Promise.all([
        notifyInboxes(env.INBOX, [pair.blockedProfileId], { type: "gone", profileId: pair.blockerProfileId }),
        notifyInboxes(env.INBOX, [pair.blockerProfileId], { type: "gone", profileId: pair.blockedProfileId }),
      ]),
    );
  if (request.headers.get("Sec-Fetch-Mode") === "navigate" && parsed.data.redirectTo) {
    throw redirect(safeRedirectPath(parsed.data.redirectTo));
  }
  return data({ blocked: outcome.blocked } satisfies BlockResponse);
}

export function loader({ context }: Route.LoaderArgs) {
  return apiError(405, "method_not_allowed", getI18n(context).t("messages.generic"));
}
