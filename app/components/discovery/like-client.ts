/**
 * Likes from the browser: one POST to `/api/likes.php` (see app/discovery/like-api.ts). A plain
 * fetch (`callApi`) rather than a fetcher, so quick successive likes (swipe game) never cancel each other.
 */
import { href } from "react-router";
import type { LikeError, LikeRequest, LikeResult } from "~/discovery/like-api";
import { callApi } from "~/utils/call-api";

export type LikeResponse = { ok: true; result: LikeResult } | { ok: false; status: number; error: LikeError | null };

export async function postLike(request: LikeRequest): Promise<LikeResponse> {
  try {
    // Not repeated (callApi): a like whose answer was lost is already stored.
    const response = await callApi(href("/api/likes.php"), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(request),
    });
    const body = (await response.json().catch(() => null)) as LikeResult | LikeError | null;
    if (response.ok && body && "liked" in body) return { ok: true, result: body };
    return { ok: false, status: response.status, error: body && "error" in body ? body : null };
  } catch {
    return { ok: false, status: 0, error: null };
  }
}
