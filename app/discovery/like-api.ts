/**
 * The contract of `/api/likes.php` (product.md §3 "Likes: profiles, and liked_by entries each with
 * id and a like_new flag"; product.md §7 "GET /api/likes.php"), shared by the route, the pages and
 * the buttons.
 */
export type { LikeRequest } from "./like-request-schema";
import type { ProfileCard } from "~/profiles/profile-card.server";

/** The tabs of `/likes/{type}`. */
export const likeTabs = ["received", "given", "matches"] as const;
export type LikeTab = (typeof likeTabs)[number];

/**
 * GET answer:
 * - `profiles`: the cards of every visible member in `liked_by` or `liked`, each once;
 * - `liked_by`: who liked me, newest first, with `like_new` until I view their profile;
 * - `liked`: the ids of the members I liked, newest first (for like buttons).
 * Each list holds at most `LIKES_API_LIMIT` entries.
 */
export type LikesPayload = {
  profiles: ProfileCard[];
  liked_by: { id: number; like_new: boolean }[];
  liked: number[];
};
export const LIKES_API_LIMIT = 200;

/**
 * POST answer (200): `liked` — I like the member now; `matched` — we are a match now;
 * `match` — the member's card when THIS like completed the match (show the match modal), else null.
 */
export type LikeResult = { liked: boolean; matched: boolean; match: ProfileCard | null };

/** POST errors: 400 invalid_request, 403 authentication_required | profile_required, 404 not_found, 429 swipe_limit_reached. */
export type LikeError = {
  error: "invalid_request" | "authentication_required" | "profile_required" | "not_found" | "swipe_limit_reached";
  message: string;
  /** 429 only: when the free swipe likes come back (ISO instant) and that moment for the member. */
  resets_at?: string;
  resets_at_text?: string;
};

/** GET /api/auto-like.php: the profile for the like modal (null: none), and how fictional profiles are marked on this site. */
export type AutoLike = { profile: ProfileCard | null; fictional: { icon: string; label: string } };
