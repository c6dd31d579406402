import type { Route } from "./+types/photos.$";
import { getServices } from "~/context.server";
import { findPublicPhotoObject } from "~/profiles/photo-access.server";

const KEY_PATTERN = /^photos\/[0-9a-f]{32}(_thumb)?\.(png|jpe?g|webp)$/;

/** GET /photos/<key> — an approved public photo or thumbnail from R2. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const key = `photos/${params["*"] ?? ""}`;
  if (!KEY_PATTERN.test(key)) return new Response("Not found", { status: 404 });
  const { db, env } = getServices(context);
  if (!(await findPublicPhotoObject(db, key))) return new Response("Not found", { status: 404 });

  const object = await env.PHOTOS.get(key, { onlyIf: request.headers });
  if (!object) return new Response("Not found", { status: 404 });
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", "public, max-age=604800, immutable");
  headers.set("Content-Security-Policy", "default-src 'none'; sandbox");
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  return new Response(object.body, { headers });
}
