/**
 * Helpers for the likes, swipe and match tests: calls to the likes API as a signed-in member, and
 * SQL shortcuts to shape members (orientation, age, fictional, photo), likes and blocks.
 */
import { exports } from "cloudflare:workers";
import { sql } from "./helpers";
import { makeMainPhoto } from "./profiles-helpers";

export type LikeBody = { profile_id: number | string; action: string; source?: string };

/** POST /api/likes.php with a JSON body, as the browser's fetch sends it. */
export function likeCall(cookie: string | null, body: LikeBody | string, options: { host?: string; origin?: string } = {}) {
  const host = options.host ?? "localhost";
  const headers = new Headers({ Origin: options.origin ?? `http://${host}`, "Content-Type": "application/json" });
  if (cookie) headers.set("Cookie", cookie);
  return exports.default.fetch(
    new Request(`http://${host}/api/likes.php`, { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) }),
  );
}

/** A same-origin GET from the page's own scripts (fetch sends Sec-Fetch-Site). */
export function fetchAs(cookie: string | null, path: string, host = "localhost") {
  const headers = new Headers({ "Sec-Fetch-Site": "same-origin", Accept: "application/json" });
  if (cookie) headers.set("Cookie", cookie);
  return exports.default.fetch(new Request(`http://${host}${path}`, { headers, redirect: "manual" }));
}

type ProfileFields = {
  gender?: "male" | "female";
  sexuality?: "hetero" | "gay" | "lesbian" | "bi";
  birth_date?: string;
  fictional?: number;
  country?: string;
  region_id?: number | null;
  last_active_at?: number;
};

export async function shapeProfile(profileId: number, fields: ProfileFields) {
  const entries = Object.entries(fields);
  await sql(`UPDATE profiles SET ${entries.map(([column]) => `${column} = ?`).join(", ")} WHERE id = ?`, [
    ...entries.map(([, value]) => value as string | number | null),
    profileId,
  ]);
}

/** Gives a profile an approved, public main photo (cards and the auto-like need one). */
export async function givePhoto(profileId: number) {
  const key = `test/${crypto.randomUUID()}`;
  const [[photoId]] = (await sql(
    `INSERT INTO photos (profile_id, object_key, thumb_key, content_type, width, height, status, private)
     VALUES (?, ?, ?, 'image/webp', 600, 750, 'active', 0) RETURNING id`,
    [profileId, `${key}.webp`, `${key}-thumb.webp`],
  )) as [[string]];
  await makeMainPhoto(profileId, Number(photoId));
}

export async function insertLike(likerId: number, likedId: number, options: { source?: string; at?: number; isNew?: boolean } = {}) {
  await sql("INSERT INTO likes (liker_id, liked_id, source, is_new, created_at) VALUES (?, ?, ?, ?, ?)", [
    likerId,
    likedId,
    options.source ?? "profile",
    options.isNew === false ? 0 : 1,
    options.at ?? Math.floor(Date.now() / 1000),
  ]);
}

export async function block(blockerId: number, blockedId: number) {
  await sql("INSERT INTO blocks (blocker_id, blocked_id) VALUES (?, ?)", [blockerId, blockedId]);
}

export async function count(query: string, args: (string | number)[]) {
  const [[n]] = (await sql(query, args)) as [[string]];
  return Number(n);
}

export async function matchCount(a: number, b: number) {
  return count("SELECT count(*) FROM matches WHERE profile_a_id = ? AND profile_b_id = ?", [Math.min(a, b), Math.max(a, b)]);
}
