import type { Route } from "./+types/gifs";
import { data } from "react-router";
import { gifProviderFor } from "~/chat/gifs/gif-config.server";
import { GIF_QUERY_MAX, type GifResult } from "~/chat/gifs/gif-provider";
import { apiError, NO_STORE } from "~/http/api-errors.server";
import { getServices } from "~/http/context.server";
import { requireApiUser } from "~/http/guards.server";
import { getI18n } from "~/http/i18n.server";
import { hit } from "~/security/rate-limit.server";

/** Searches a member may run a minute (each keystroke pause is one). */
const SEARCHES_PER_MINUTE = 60;

export type GifsPayload = { results: GifResult[] };

/**
 * GET /api/gifs.php?q=… — the chat's GIF search (product.md §10 "GIFs in chat") in the member's
 * language, from the configured provider (the sticker catalogue by default). Members only; a
 * provider that fails answers 502 with the generic message, never a 500.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireApiUser(context);
  const i18n = getI18n(context);
  const { t } = i18n;
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, GIF_QUERY_MAX);
  const { db, env, now } = getServices(context);
  if (!(await hit(db, { key: `gifs:${user.id}`, limit: SEARCHES_PER_MINUTE, windowSeconds: 60 }, now()))) {
    return apiError(429, "too_many_requests", t("messages.generic"));
  }
  try {
    const results = await gifProviderFor(env).search(query, i18n.language);
    return data<GifsPayload>({ results }, { headers: NO_STORE });
  } catch (error) {
    console.error("GIF search failed", error);
    return apiError(502, "provider_failed", t("messages.generic"));
  }
}

export function action({ context }: Route.ActionArgs) {
  return apiError(405, "method_not_allowed", getI18n(context).t("messages.generic"), { Allow: "GET, HEAD" });
}
