/**
 * One photo upload, from the request to the stored row: refuse early what is too big (the
 * Content-Length, then the body as it streams in — never buffering more than the limit), find the
 * one file, run the pipeline (docs/decisions/011), store both images in R2 and add the row within
 * the member's limit. Every bad input ends in a refusal with a reason, never an exception; so
 * does R2 failing or not answering in time (503 `storage_unavailable`, ADR 044), and then no row
 * names the photo: the objects are written first, the row after.
 */
import type { Database } from "~/db/client.server";
import { readBodyWithin } from "~/utils/bounded-body.server";
import { UPLOAD_FIELD, type OwnPhoto, type PhotoError } from "./photo-api";
import { matchFingerprint } from "./fingerprint-match.server";
import { addPhoto, countPhotos } from "./photos.server";
import { DEFAULT_UPLOAD_LIMITS, processUpload, type ProcessedImage, type ProcessResult } from "./process-image.server";
import { discardPhotoObjects, storePhoto, type StorageOptions, type StoredPhotoKeys } from "./storage.server";

/** Room for the multipart boundaries and part headers around the one file. */
const MULTIPART_OVERHEAD = 64 * 1024;

export type UploadResult = { ok: true; photo: OwnPhoto } | { ok: false; error: PhotoError; status: number };

const refused = (error: PhotoError, status: number): UploadResult => ({ ok: false, error, status });

/** The uploaded file's bytes and the form's other fields from a multipart body, or why there are none. */
async function fileFrom(
  body: Uint8Array<ArrayBuffer>,
  contentType: string,
  maxBytes: number,
): Promise<{ file: Uint8Array; form: FormData } | PhotoError> {
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    return "invalid";
  }
  const file = form.get(UPLOAD_FIELD);
  if (!file || typeof file === "string") return "no_file";
  if (file.size > maxBytes) return "too_large_file";
  if (file.size === 0) return "no_file";
  return { file: new Uint8Array(await file.arrayBuffer()), form };
}

const REFUSAL_STATUS = { unsupported_type: 415, too_large_file: 413, too_many_pixels: 422, too_small: 422, corrupt: 422 } as const;

function refusalOf(result: Extract<ProcessResult, { ok: false }>): { ok: false; error: PhotoError; status: number } {
  // HEIC (iPhones' default format) gets its own, kinder message (docs/decisions/011).
  if (result.reason === "unsupported_type" && result.detected === "heic") return { ok: false, error: "heic", status: 415 };
  return { ok: false, error: result.reason, status: REFUSAL_STATUS[result.reason] };
}

type Refused = { ok: false; error: PhotoError; status: number };

/**
 * Reads a multipart upload within the size limit: the one file's bytes and the form's other fields
 * (a chat photo names its conversation there).
 */
export async function readUpload(request: Request): Promise<{ ok: true; file: Uint8Array; form: FormData } | Refused> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) return { ok: false, error: "no_file", status: 400 };
  const { maxBytes } = DEFAULT_UPLOAD_LIMITS;
  const body = await readBodyWithin(request, maxBytes + MULTIPART_OVERHEAD);
  if (!body) return { ok: false, error: "too_large_file", status: 413 };
  const read = await fileFrom(body, contentType, maxBytes);
  if (typeof read === "string") return { ok: false, error: read, status: read === "too_large_file" ? 413 : 400 };
  return { ok: true, ...read };
}

/**
 * Runs the pipeline on an uploaded file and stores both images under new random keys. `screen`
 * (profile photos, ADR 053) may refuse the photo by its fingerprint before anything is stored.
 */
export async function processAndStore(
  bucket: R2Bucket,
  file: Uint8Array,
  options: StorageOptions & { screen?: (fingerprint: string) => Promise<Refused | null> } = {},
): Promise<{ ok: true; keys: StoredPhotoKeys; full: ProcessedImage; fingerprint: string } | Refused> {
  let result: ProcessResult;
  try {
    result = await processUpload(file);
  } catch {
    // A codec giving up on hostile input in a way the pipeline did not foresee: still bad input.
    return { ok: false, error: "corrupt", status: 422 };
  }
  if (!result.ok) return refusalOf(result);
  const screened = options.screen ? await options.screen(result.fingerprint) : null;
  if (screened) return screened;
  try {
    return { ok: true, keys: await storePhoto(bucket, result, options), full: result.full, fingerprint: result.fingerprint };
  } catch (error) {
    // storePhoto has removed whatever it wrote: nothing to keep, nothing to charge.
    console.error("photo not stored", error);
    return { ok: false, error: "storage_unavailable", status: 503 };
  }
}

export async function uploadPhoto(
  deps: { db: Database; bucket: R2Bucket; waitUntil?: StorageOptions["waitUntil"] },
  input: { request: Request; profileId: number; limit: number },
): Promise<UploadResult> {
  const { db, bucket, waitUntil } = deps;
  const { request, profileId, limit } = input;
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) return refused("no_file", 400);
  // Refuse before reading a byte of the body when the member has no room left.
  if ((await countPhotos(db, profileId)) >= limit) return refused("limit_reached", 409);

  const upload = await readUpload(request);
  if (!upload.ok) return upload;
  // A photo a moderator rejected as stolen, scam or illegal is refused from any account; one that
  // another account already has is stored, flagged for the moderator (ADR 053).
  let duplicateOf: number | null = null;
  const stored = await processAndStore(bucket, upload.file, {
    waitUntil,
    screen: async (fingerprint) => {
      const match = await matchFingerprint(db, { fingerprint, profileId });
      if (match.banned) return refused("banned_photo", 422) as Refused;
      duplicateOf = match.ownedBy;
      return null;
    },
  });
  if (!stored.ok) return stored;
  const { keys } = stored;
  const discard = () => discardPhotoObjects(bucket, [keys.objectKey, keys.thumbKey]);
  let photo: OwnPhoto | null;
  try {
    photo = await addPhoto(db, { profileId, keys, full: stored.full, limit, fingerprint: stored.fingerprint, duplicateOf });
  } catch (error) {
    await discard();
    throw error;
  }
  if (!photo) {
    // Another upload took the last place while this one was processed.
    await discard();
    return refused("limit_reached", 409);
  }
  return { ok: true, photo };
}
