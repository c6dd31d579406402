import type { Route } from "./+types/chat-photo";
import { chatPhotoReply, type ChatPhotoReply } from "~/chat/chat-photo-api";
import { sendChatPhoto } from "~/chat/chat-photo.server";
import { apiError, NO_STORE } from "~/http/api-errors.server";
import { announceMessage } from "~/routes/chat-send.server";
import { getServices, getSite } from "~/http/context.server";
import { requireApiUser } from "~/http/guards.server";
import { getI18n } from "~/http/i18n.server";
import { assertSameOrigin } from "~/http/origin.server";
import { DEFAULT_UPLOAD_LIMITS } from "~/photos/process-image.server";
import { data } from "react-router";

/**
 * POST /api/chat-photo.php (multipart: `photo`, `clientKey`, and `conversation` or `profile` for a
 * first message): sends a photo in a chat (product.md §10 "Photos in chat"), at `photo_credits`.
 * 201 `{ conversationId, messageId }`; a refusal is `{ error, message }`, with `problem` when it is
 * one the chat screen explains (no credits: the credit alert; the cap; an unconfirmed address);
 * 503 `storage_unavailable` when R2 did not store the photo (nothing sent, nothing charged).
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const user = requireApiUser(context);
  const { t } = getI18n(context);
  if (request.method !== "POST") return apiError(405, "method_not_allowed", t("messages.generic"), { Allow: "POST" });
  if (!user.profile) return apiError(403, "no_profile", t("photos:errors.no_profile"));

  const site = getSite(context);
  const { db, env, now, ctx } = getServices(context);
  const sender = { ...user, profileId: user.profile.id };
  const outcome = await sendChatPhoto(
    { db, bucket: env.PHOTOS, waitUntil: (promise) => ctx.waitUntil(promise) },
    { request, sender, siteId: site.id, settings: site.settings, now: now() },
  );
  const reply = (status: number, body: ChatPhotoReply) => data(body, { status, headers: NO_STORE });
  switch (outcome.status) {
    case "sent":
      if (!outcome.resent && !outcome.held)
        announceMessage(context, request, { ...outcome, sender: { profileId: user.profile.id, name: user.profile.name } });
      return reply(201, { conversationId: outcome.conversationId, messageId: outcome.messageId });
    case "photo_refused": {
      const { maxBytes, maxPixels, minSide } = DEFAULT_UPLOAD_LIMITS;
      const values = {
        maxMegabytes: Math.round(maxBytes / (1024 * 1024)),
        maxMegapixels: Math.round(maxPixels / 1_000_000),
        minSide,
        limit: 0,
      };
      // R2 failed: the chat's own words, which also say that nothing was charged.
      const message = outcome.error === "storage_unavailable" ? t("chat:photo.unavailable") : t(`photos:errors.${outcome.error}`, values);
      return reply(outcome.httpStatus, { error: outcome.error, message });
    }
    case "not_found":
      return apiError(404, "not_found", t("messages.generic"));
    case "insufficient_credits": {
      const problem = { kind: "insufficient_credits", cost: outcome.cost, balance: outcome.balance } as const;
      return reply(402, chatPhotoReply(problem, t("chat:problems.insufficientCredits", { cost: outcome.cost, count: outcome.balance })));
    }
    case "conversation_limit":
      return reply(
        403,
        chatPhotoReply(
          { kind: "conversation_limit", limit: outcome.limit },
          t("chat:problems.conversationLimit", { count: outcome.limit }),
        ),
      );
    case "unconfirmed":
      return reply(403, chatPhotoReply({ kind: "unconfirmed" }, t("chat:problems.unconfirmed")));
    case "spending_blocked":
      return reply(403, chatPhotoReply({ kind: "spending_blocked" }, t("chat:problems.spendingBlocked")));
  }
}

export function loader({ context }: Route.LoaderArgs) {
  return apiError(405, "method_not_allowed", getI18n(context).t("messages.generic"), { Allow: "POST" });
}
