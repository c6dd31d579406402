import { data } from "react-router";
import type { Route } from "./+types/likes";
import { getServices, getSite } from "~/http/context.server";
import { likeRequestSchema } from "~/discovery/like-request-schema";
import type { LikeError, LikeResult, LikesPayload } from "~/discovery/like-api";
import { likesPayload } from "~/discovery/like-lists.server";
import { likeProfile, unlikeProfile } from "~/discovery/likes.server";
import { visibleCard } from "~/discovery/member.server";
import { formatResetTime } from "~/discovery/reset-time";
import { getI18n, getLocale } from "~/http/i18n.server";
import { assertSameOrigin } from "~/http/origin.server";
import { readInput } from "~/http/forms.server";
import { requireApiUser } from "~/http/guards.server";
import { pushAboutLike } from "~/notifications/push.server";

const noStore = { "Cache-Control": "private, no-store" };

/** GET /api/likes.php (product.md §3, §7): see `LikesPayload`. Visitors get the 403 of product.md §8. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireApiUser(context);
  const { db, now } = getServices(context);
  const empty: LikesPayload = { profiles: [], liked_by: [], liked: [] };
  const body = user.profile ? await likesPayload(db, { viewerProfileId: user.profile.id, siteId: getSite(context).id, now: now() }) : empty;
  return Response.json(body, { headers: noStore });
}

/**
 * POST /api/likes.php `{ profile_id, action: "like" | "unlike", source? }` → `LikeResult`, or a
 * `LikeError`: 404 for members one may not see, 429 when a free member's swipe likes are used up.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const user = requireApiUser(context);
  const { t } = getI18n(context);
  const fail = (status: number, error: LikeError) => data(error, { status, headers: noStore });
  if (request.method !== "POST") return fail(405, { error: "invalid_request", message: t("messages.generic") });
  const parsed = await readInput(request, likeRequestSchema, { from: "values" });
  if (!parsed.success) return fail(400, { error: "invalid_request", message: t("messages.generic") });
  if (!user.profile) return fail(403, { error: "profile_required", message: t("discovery:errors.profileRequired") });

  const { db, now: clock } = getServices(context);
  const site = getSite(context);
  const now = clock();
  const me = user.profile.id;
  const { profile_id: target, action: intent, source } = parsed.data;

  if (intent === "unlike") {
    await unlikeProfile(db, { likerProfileId: me, likedProfileId: target });
    return data<LikeResult>({ liked: false, matched: false, match: null }, { headers: noStore });
  }

  const { dailySwipeLikes, timeZone } = site.settings;
  const outcome = await likeProfile(db, {
    likerProfileId: me,
    likedProfileId: target,
    siteId: site.id,
    source,
    now,
    // product.md §10: free members get `dailySwipeLikes` swipe likes a day; premium members unlimited.
    swipeLimit: source === "swipe" && !user.paidUser ? { perDay: dailySwipeLikes, timeZone } : undefined,
  });
  if (outcome.status === "not_found") return fail(404, { error: "not_found", message: t("discovery:errors.notFound") });
  if (outcome.status === "limit_reached") {
    const time = formatResetTime(outcome.resetsAt, getLocale(context), timeZone);
    return fail(429, {
      error: "swipe_limit_reached",
      message: t("discovery:swipe.limitReached", { count: dailySwipeLikes, time }),
      resets_at: outcome.resetsAt.toISOString(),
      resets_at_text: time,
    });
  }
  if (outcome.created) {
    // The liked member hears of it by push after the response (product.md §3 type `like`).
    const { env, ctx } = getServices(context);
    ctx.waitUntil(
      pushAboutLike(
        { db, env },
        { likerProfileId: me, likerName: user.profile.name, likedProfileId: target, matched: outcome.matchedNow },
      ).catch((error) => console.error("like push failed", error)),
    );
  }
  const match = outcome.matchedNow ? await visibleCard(db, { profileId: target, viewerProfileId: me, siteId: site.id, now }) : null;
  return data<LikeResult>({ liked: true, matched: outcome.matched, match }, { headers: noStore });
}
