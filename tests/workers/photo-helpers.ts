/**
 * Photo uploads and actions through the real `/api/photos.php`, as the PhotoManager sends them,
 * plus test photos made with the app's own JPEG encoder.
 */
import { exports } from "cloudflare:workers";
import { createJpegEncoder } from "~/photos/codecs.server";
import type { OwnPhoto } from "~/photos/photo-api";
import { paint } from "./image-fixtures";
import { sql } from "./helpers";
import type { TestMember } from "./factories";

/** A JPEG of the given size: red top half, blue bottom half. */
export async function testJpeg(width = 480, height = 600): Promise<Uint8Array> {
  const image = paint(width, height, (_, y) => (y < height / 2 ? [220, 30, 30] : [30, 30, 220]));
  return (await createJpegEncoder(90))(image);
}

type RequestOptions = { cookie?: string; host?: string; origin?: string | null; secFetchSite?: string };

function headersFor(options: RequestOptions) {
  const host = options.host ?? "localhost";
  const headers = new Headers();
  if (options.origin !== null) headers.set("Origin", options.origin ?? `http://${host}`);
  if (options.secFetchSite) headers.set("Sec-Fetch-Site", options.secFetchSite);
  if (options.cookie) headers.set("Cookie", options.cookie);
  return { host, headers };
}

/** POSTs one file as the upload form does (multipart, field `photo`). */
export function upload(bytes: Uint8Array | Blob, options: RequestOptions & { filename?: string; type?: string } = {}) {
  const { host, headers } = headersFor(options);
  const form = new FormData();
  const blob = bytes instanceof Blob ? bytes : new Blob([bytes as Uint8Array<ArrayBuffer>], { type: options.type ?? "image/jpeg" });
  form.append("photo", blob, options.filename ?? "photo.jpg");
  return exports.default.fetch(new Request(`http://${host}/api/photos.php`, { method: "POST", headers, body: form, redirect: "manual" }));
}

/** Uploads and returns the new photo; fails the test on a refusal. */
export async function uploadOk(member: { cookie: string; host?: string }, bytes?: Uint8Array): Promise<OwnPhoto> {
  const response = await upload(bytes ?? (await testJpeg()), { cookie: member.cookie, host: member.host });
  const body = (await response.json()) as { photo?: OwnPhoto; message?: string };
  if (response.status !== 201 || !body.photo) throw new Error(`upload refused: ${response.status} ${body.message}`);
  return body.photo;
}

/** A JSON action (`reorder`, `delete`, `main`, `private`) on the member's photos. */
export function photoAction(body: unknown, options: RequestOptions & { method?: "POST" | "PATCH" } = {}) {
  const { host, headers } = headersFor(options);
  headers.set("Content-Type", "application/json");
  return exports.default.fetch(
    new Request(`http://${host}/api/photos.php`, {
      method: options.method ?? "PATCH",
      headers,
      body: JSON.stringify(body),
      redirect: "manual",
    }),
  );
}

export async function makeModerator(member: TestMember) {
  await sql("UPDATE users SET role = 'moderator' WHERE id = ?", [member.userId]);
}

export async function setPhotoState(photoId: number, state: { status?: "pending" | "active" | "rejected"; private?: boolean }) {
  if (state.status) await sql("UPDATE photos SET status = ? WHERE id = ?", [state.status, photoId]);
  if (state.private !== undefined) await sql("UPDATE photos SET private = ? WHERE id = ?", [state.private ? 1 : 0, photoId]);
}
