/**
 * Test data for the profile tests: photos, profile fields, likes and blocks written straight into
 * the test database (each test builds its own).
 */
import { exports } from "cloudflare:workers";
import { sql } from "./helpers";

function randomHex() {
  return crypto.randomUUID().replaceAll("-", "");
}

/** A photo row (no stored object is needed to render pages); returns its keys. */
export async function addPhoto(
  profileId: number,
  options: { status?: "pending" | "active" | "rejected"; private?: boolean; main?: boolean; position?: number } = {},
) {
  const id = randomHex();
  const objectKey = `photos/${id}.jpg`;
  const thumbKey = `photos/${id}_thumb.jpg`;
  const [[photoId]] = (await sql(
    `INSERT INTO photos (profile_id, object_key, thumb_key, content_type, width, height, status, private, position)
     VALUES (?, ?, ?, 'image/jpeg', 800, 1000, ?, ?, ?) RETURNING id`,
    [profileId, objectKey, thumbKey, options.status ?? "active", options.private ? 1 : 0, options.position ?? 0],
  )) as [[string]];
  if (options.main) await makeMainPhoto(profileId, Number(photoId));
  return { id: Number(photoId), objectKey, thumbKey };
}

/** Makes a photo the profile's main photo, with the `has_photo` flag the app keeps beside it. */
export async function makeMainPhoto(profileId: number, photoId: number) {
  await sql(
    `UPDATE profiles SET main_photo_id = ?,
       has_photo = EXISTS (SELECT 1 FROM photos WHERE id = ? AND status = 'active' AND private = 0)
     WHERE id = ?`,
    [photoId, photoId, profileId],
  );
}

export async function regionId(country: string, code: string): Promise<number> {
  const [[id]] = (await sql("SELECT id FROM regions WHERE country = ? AND code = ?", [country, code])) as [[string]];
  return Number(id);
}

/** Sets columns of a profile (column names as in the database). */
export async function updateProfile(profileId: number, values: Record<string, string | number | null>) {
  const columns = Object.keys(values);
  await sql(`UPDATE profiles SET ${columns.map((column) => `${column} = ?`).join(", ")} WHERE id = ?`, [
    ...Object.values(values),
    profileId,
  ]);
}

/** A JSON call as the app's own pages make it (same origin). */
export function postJson(path: string, body: unknown, options: { cookie?: string; origin?: string } = {}) {
  const headers = new Headers({ "Content-Type": "application/json", Origin: options.origin ?? "http://localhost" });
  if (options.cookie) headers.set("Cookie", options.cookie);
  return exports.default.fetch(
    new Request(`http://localhost${path}`, { method: "POST", headers, body: JSON.stringify(body), redirect: "manual" }),
  );
}

/** A form post with repeated fields (several interests), as a browser sends it. */
export function postForm(path: string, body: URLSearchParams, cookie: string) {
  const headers = new Headers({ Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie });
  return exports.default.fetch(new Request(`http://localhost${path}`, { method: "POST", headers, body, redirect: "manual" }));
}

export async function scalar(query: string, args: (string | number | null)[] = []) {
  const rows = await sql(query, args);
  return rows[0]?.[0] ?? null;
}
