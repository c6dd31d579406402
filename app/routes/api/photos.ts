import { data } from "react-router";
import type { Route } from "./+types/photos";
import { getServices, getSite } from "~/http/context.server";
import type { Database } from "~/db/client.server";
import { getI18n } from "~/http/i18n.server";
import { photoActionSchema } from "~/photos/photo-action-schema";
import type { OwnPhoto, PhotoAction, PhotoError, PhotoErrorBody } from "~/photos/photo-api";
import { deleteOwnPhoto, listOwnPhotos, photoLimitFor, reorderPhotos, setMainPhoto, setPhotoPrivacy } from "~/photos/photos.server";
import { DEFAULT_UPLOAD_LIMITS } from "~/photos/process-image.server";
import { uploadPhoto } from "~/photos/upload.server";
import { readBodyWithin } from "~/utils/bounded-body.server";
import { assertSameOrigin } from "~/http/origin.server";
import { requireApiUser } from "~/http/guards.server";

/** A JSON action is a few ids; anything larger is not one. */
const MAX_ACTION_BYTES = 16 * 1024;

const NO_STORE = { "Cache-Control": "private, no-store" };

function signedInProfile(context: Route.LoaderArgs["context"]) {
  const user = requireApiUser(context);
  return user.profile ? { user, profile: user.profile } : null;
}

/** GET /api/photos.php — the member's own photos (every status) and their limit. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const t = getI18n(context).t;
  const member = signedInProfile(context);
  if (!member) return data(errorBody(t, "no_profile"), { status: 400, headers: NO_STORE });
  const limit = photoLimitFor(getSite(context).settings, member.user.paidUser);
  return data({ photos: await listOwnPhotos(db, member.profile.id), limit }, { headers: NO_STORE });
}

/**
 * POST multipart/form-data with one file in `photo` uploads it (201 with the new photo).
 * POST or PATCH application/json with an `intent` changes existing photos: `reorder` (every id,
 * in the new order), `delete`, `main`, `private` (200 with the member's photos).
 * Refusals are JSON `{ error, message }` with a translated message (503 `storage_unavailable` when
 * R2 did not store the upload: no photo row then).
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const { db, env, ctx } = getServices(context);
  const t = getI18n(context).t;
  const member = signedInProfile(context);
  if (!member) return data(errorBody(t, "no_profile"), { status: 400, headers: NO_STORE });
  const limit = photoLimitFor(getSite(context).settings, member.user.paidUser);
  const contentType = (request.headers.get("Content-Type") ?? "").toLowerCase();

  if (request.method === "POST" && contentType.startsWith("multipart/form-data")) {
    const waitUntil = (promise: Promise<unknown>) => ctx.waitUntil(promise);
    const result = await uploadPhoto({ db, bucket: env.PHOTOS, waitUntil }, { request, profileId: member.profile.id, limit });
    if (!result.ok) return data(errorBody(t, result.error, limit), { status: result.status, headers: NO_STORE });
    return data({ photo: result.photo }, { status: 201, headers: NO_STORE });
  }

  if ((request.method === "POST" || request.method === "PATCH") && contentType.startsWith("application/json")) {
    const parsed = photoActionSchema.safeParse(await readJson(request));
    if (!parsed.success) return data(errorBody(t, "invalid"), { status: 400, headers: NO_STORE });
    const error = await applyAction({ db, bucket: env.PHOTOS }, member.profile.id, parsed.data);
    if (error) return data(errorBody(t, error), { status: error === "not_found" ? 404 : 400, headers: NO_STORE });
    const photos: OwnPhoto[] = await listOwnPhotos(db, member.profile.id);
    return data({ ok: true, photos }, { headers: NO_STORE });
  }

  return data(errorBody(t, "invalid"), { status: request.method === "POST" || request.method === "PATCH" ? 415 : 405, headers: NO_STORE });
}

async function readJson(request: Request): Promise<unknown> {
  const body = await readBodyWithin(request, MAX_ACTION_BYTES);
  if (!body) return null;
  try {
    return JSON.parse(new TextDecoder().decode(body));
  } catch {
    return null;
  }
}

/** Runs one action on the member's own photos; the refusal, if any. */
async function applyAction(deps: { db: Database; bucket: R2Bucket }, profileId: number, action: PhotoAction): Promise<PhotoError | null> {
  const { db, bucket } = deps;
  switch (action.intent) {
    case "reorder":
      return (await reorderPhotos(db, profileId, action.order)) ? null : "invalid";
    case "delete":
      return (await deleteOwnPhoto(db, bucket, profileId, action.photoId)) ? null : "not_found";
    case "main": {
      const result = await setMainPhoto(db, profileId, action.photoId);
      return result === "ok" ? null : result;
    }
    case "private": {
      const result = await setPhotoPrivacy(db, profileId, action.photoId, action.private);
      return result === "ok" ? null : result;
    }
  }
}

function errorBody(t: ReturnType<typeof getI18n>["t"], error: PhotoError, limit?: number): PhotoErrorBody {
  const { maxBytes, maxPixels, minSide } = DEFAULT_UPLOAD_LIMITS;
  const message = t(`photos:errors.${error}`, {
    maxMegabytes: Math.round(maxBytes / (1024 * 1024)),
    maxMegapixels: Math.round(maxPixels / 1_000_000),
    minSide,
    limit: limit ?? 0,
  });
  return { error, message };
}
