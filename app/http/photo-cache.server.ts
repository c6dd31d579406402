/**
 * Public photos from the data centre's cache (ADR 048). A photo everyone may see (an approved public
 * photo of an active profile, app/photos/access-rules.ts) is kept in Cloudflare's cache for five
 * minutes once it was served: the next viewer in that data centre gets it before the Worker asks
 * the database or R2 anything. Private, pending and chat photos are never kept: each of their
 * requests goes through the checks of `GET /photos/<key>`.
 *
 * A photo that stops being public (a moderator bans its owner, the owner deletes it or makes it
 * private, the account is deleted) is served from a data centre's cache at most five minutes more:
 * the cache is per data centre and a delete reaches only one, so the short lifetime is the bound.
 * A pending photo — the only kind a moderator rejects — is never public, so never kept.
 */
import type { AppEnv } from "~/env.server";
import { countSubrequest } from "~/platform/subrequests.server";
import { EDGE_CACHE_HEADER, edgeCacheEnabled } from "./edge-cache.server";

/** How long the cache keeps a public photo: how long a removed photo may still be served elsewhere. */
export const PHOTO_EDGE_SECONDS = 300;

const PHOTO_PATH = /^\/photos\/[0-9a-f]{32}(_thumb)?\.(png|jpe?g|webp)$/;
const BROWSER_CACHE_CONTROL = "X-Edge-Browser-Cache-Control";

type Deps = { env: AppEnv; ctx: ExecutionContext; cache: Cache };

/** The cache's key for a photo on this host: the address without query or headers (a conditional request keeps its validators). */
function photoKey(origin: string, key: string, conditional?: Request): Request {
  const headers = new Headers();
  for (const name of ["If-None-Match", "If-Modified-Since"]) {
    const value = conditional?.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Request(`${origin}/${key}`, { headers });
}

/** A public photo this data centre served in the last five minutes, or null (the Worker's checks then decide). */
export async function photoFromEdgeCache(request: Request, deps: Deps): Promise<Response | null> {
  if (request.method !== "GET" || !edgeCacheEnabled(deps.env)) return null;
  const url = new URL(request.url);
  if (!PHOTO_PATH.test(url.pathname)) return null;
  countSubrequest();
  const cached = await deps.cache.match(photoKey(url.origin, url.pathname.slice(1), request)).catch(() => undefined);
  if (!cached) return null;
  const headers = new Headers(cached.headers);
  const browser = headers.get(BROWSER_CACHE_CONTROL);
  headers.delete(BROWSER_CACHE_CONTROL);
  for (const name of ["Age", "CF-Cache-Status", "Expires"]) headers.delete(name);
  if (browser) headers.set("Cache-Control", browser);
  headers.set(EDGE_CACHE_HEADER, "hit");
  return new Response(cached.body, { status: cached.status, headers });
}

/** Keeps a public photo's response (status 200) in the cache after it is sent. */
export function keepPublicPhoto(request: Request, response: Response, deps: Deps): Response {
  if (request.method !== "GET" || response.status !== 200 || !edgeCacheEnabled(deps.env)) return response;
  const url = new URL(request.url);
  const copy = response.clone();
  const headers = new Headers(copy.headers);
  headers.set(BROWSER_CACHE_CONTROL, response.headers.get("Cache-Control") ?? "");
  headers.set("Cache-Control", `public, max-age=${PHOTO_EDGE_SECONDS}`);
  countSubrequest();
  const put = deps.cache.put(photoKey(url.origin, url.pathname.slice(1)), new Response(copy.body, { status: 200, headers }));
  deps.ctx.waitUntil(put.catch((error: unknown) => console.error("edge cache: photo put failed", error)));
  const labelled = new Headers(response.headers);
  labelled.set(EDGE_CACHE_HEADER, "miss");
  return new Response(response.body, { status: 200, headers: labelled });
}
