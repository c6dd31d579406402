/**
 * Processed photos in R2 (binding PHOTOS). Keys are random — never derived from the file name,
 * the member or the photo id — in the format the photo route serves:
 * `photos/<32 hex>.jpg` and `photos/<32 hex>_thumb.jpg`. The full image and the thumbnail get
 * independent random parts, so a thumbnail key (shown on cards) does not reveal the full key.
 * A key is no permission: the photo route still checks the photo's status and privacy.
 * The objects are written before any row names them, each call within a time limit (ADR 044).
 */
import { encodeHexLowerCase } from "@oslojs/encoding";
import type { ProcessedImage } from "./process-image.server";

export interface StoredPhotoKeys {
  objectKey: string;
  thumbKey: string;
}

function randomPart() {
  return encodeHexLowerCase(crypto.getRandomValues(new Uint8Array(16)));
}

/** How long R2 gets to store a photo (or to remove one again): a photo's write takes well under a second. */
export const R2_TIME_LIMIT_MS = 10_000;

/** R2 did not store a photo: it failed, or did not answer within the time limit (ADR 044). */
export class PhotoStorageUnavailable extends Error {
  override name = "PhotoStorageUnavailable";
}

export type StorageOptions = {
  /** Defaults to `R2_TIME_LIMIT_MS`. */
  timeLimitMs?: number;
  /** Lets clean-up after a failed write finish after the response (the request's `ctx.waitUntil`). */
  waitUntil?: (promise: Promise<unknown>) => void;
};

/** The promise's outcome, or a rejection once `ms` have passed without one (R2's calls take no AbortSignal). */
async function withinTimeLimit<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`R2 gave no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function put(bucket: R2Bucket, key: string, image: ProcessedImage) {
  return bucket.put(key, image.bytes, {
    httpMetadata: { contentType: image.contentType },
    customMetadata: { width: String(image.width), height: String(image.height) },
  });
}

/**
 * Stores both images under new random keys, before any row names them. When a write fails or
 * takes longer than the time limit, removes both once the writes have settled (a late write would
 * otherwise land after the removal) and throws `PhotoStorageUnavailable`.
 */
export async function storePhoto(
  bucket: R2Bucket,
  processed: { full: ProcessedImage; thumb: ProcessedImage },
  options: StorageOptions = {},
): Promise<StoredPhotoKeys> {
  const timeLimitMs = options.timeLimitMs ?? R2_TIME_LIMIT_MS;
  const keys = { objectKey: `photos/${randomPart()}.jpg`, thumbKey: `photos/${randomPart()}_thumb.jpg` };
  const writes = [put(bucket, keys.objectKey, processed.full), put(bucket, keys.thumbKey, processed.thumb)];
  try {
    await withinTimeLimit(Promise.all(writes), timeLimitMs);
    return keys;
  } catch (error) {
    const cleanUp = withinTimeLimit(Promise.allSettled(writes), timeLimitMs)
      .catch(() => undefined)
      .then(() => discardPhotoObjects(bucket, [keys.objectKey, keys.thumbKey], options));
    if (options.waitUntil) options.waitUntil(cleanUp);
    else await cleanUp;
    throw new PhotoStorageUnavailable("the photo could not be stored", { cause: error });
  }
}

/** Deletes photo objects (full images and thumbnails); keys that do not exist are ignored. */
export async function deletePhotoObjects(bucket: R2Bucket, keys: readonly string[]) {
  const unique = [...new Set(keys.filter((key) => key.length > 0))];
  // R2 deletes at most 1,000 keys per call.
  for (let start = 0; start < unique.length; start += 1000) await bucket.delete(unique.slice(start, start + 1000));
}

/**
 * Removes the objects of an upload that no row will name (refused after storing, or stored in
 * part), within the time limit; never throws: an object left behind is unreachable (random key,
 * no row), so a failure is only logged.
 */
export async function discardPhotoObjects(bucket: R2Bucket, keys: readonly string[], options: Pick<StorageOptions, "timeLimitMs"> = {}) {
  try {
    await withinTimeLimit(deletePhotoObjects(bucket, keys), options.timeLimitMs ?? R2_TIME_LIMIT_MS);
  } catch (error) {
    console.error("photo objects not removed", keys, error);
  }
}
