import type { Route } from "./+types/photos.$";
import { getServices } from "~/http/context.server";
import { findPhotoAccess, photoViewerOf } from "~/profiles/photo-access.server";
import { getUser } from "~/http/guards.server";
import { dataCentreCache } from "~/http/edge-cache.server";
import { keepPublicPhoto } from "~/http/photo-cache.server";

const KEY_PATTERN = /^photos\/[0-9a-f]{32}(_thumb)?\.(png|jpe?g|webp)$/;

/** Everything that is not served answers the same, whether the key exists or not. */
const notFound = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store" } });

/**
 * GET /photos/<key> — a photo or thumbnail from R2, for whoever may see it (app/photos/access-rules.ts):
 * approved public photos for everyone (cacheable for a week: the key never changes its content),
 * private, pending and rejected ones only for the owner, premium members or moderators, and never
 * in a shared cache. A public photo is kept in the data centre's cache for five minutes, served
 * from there before any check (ADR 048). The Worker adds `nosniff`; the CSP sandboxes a photo
 * opened on its own.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const key = `photos/${params["*"] ?? ""}`;
  if (!KEY_PATTERN.test(key)) return notFound();
  const { db, env, ctx } = getServices(context);
  const access = await findPhotoAccess(db, key, photoViewerOf(getUser(context)));
  if (!access) return notFound();

  const object = await env.PHOTOS.get(key, { onlyIf: request.headers });
  if (!object) return notFound();
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", access === "public" ? "public, max-age=604800, immutable" : "private, max-age=3600");
  if (access === "private") headers.set("Vary", "Cookie");
  headers.set("Content-Security-Policy", "default-src 'none'; sandbox");
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  const response = new Response(object.body, { headers });
  return access === "public" ? keepPublicPhoto(request, response, { env, ctx, cache: dataCentreCache() }) : response;
}
