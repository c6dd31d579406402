import { data, redirect } from "react-router";
import type { Route } from "./+types/blocks";
import { requireApiUser } from "~/accounts/current-user.server";
import { getServices, getSite } from "~/context.server";
import { getI18n } from "~/i18n/i18n.server";
import { blockRequestSchema, type BlockResponse } from "~/profiles/block-schema";
import { blockProfile, unblockProfile } from "~/profiles/blocks.server";
import { assertSameOrigin } from "~/security/origin.server";
import { readRequestValues } from "~/utils/request-values";
import { safeRedirectPath } from "~/utils/safe-redirect";

/**
 * POST /api/blocks.php — block or unblock a member (PRODUCT.md: blocking is mutual in effect).
 * Answers `{ blocked }`; a form posted by a browser without JavaScript (a navigation) is sent
 * back to `redirectTo` instead.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const user = requireApiUser(context);
  const t = getI18n(context).t;
  if (request.method !== "POST") return data({ error: "method_not_allowed", message: t("messages.generic") }, { status: 405 });
  const parsed = blockRequestSchema.safeParse(await readRequestValues(request));
  if (!parsed.success || !user.profile) {
    return data({ error: "invalid_request", message: t("messages.generic") }, { status: 400 });
  }
  const { db, now } = getServices(context);
  const pair = { blockerProfileId: user.profile.id, blockedProfileId: parsed.data.profile_id };
  const outcome =
    parsed.data.action === "block"
      ? await blockProfile(db, { ...pair, siteId: getSite(context).id, now: now() })
      : await unblockProfile(db, pair);
  if (!outcome.ok) {
    return outcome.reason === "self"
      ? data({ error: "invalid_request", message: t("messages.generic") }, { status: 400 })
      : data({ error: "not_found", message: t("members:block.notFound") }, { status: 404 });
  }
  if (request.headers.get("Sec-Fetch-Mode") === "navigate" && parsed.data.redirectTo) {
    throw redirect(safeRedirectPath(parsed.data.redirectTo));
  }
  return data({ blocked: outcome.blocked } satisfies BlockResponse);
}

export function loader() {
  return data({ error: "method_not_allowed" }, { status: 405 });
}
