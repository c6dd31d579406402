/**
 * Processed photos in R2 (binding PHOTOS). Keys are random — never derived from the file name,
 * the member or the photo id — in the format the photo route serves:
 * `photos/<32 hex>.jpg` and `photos/<32 hex>_thumb.jpg`. The full image and the thumbnail get
 * independent random parts, so a thumbnail key (shown on cards) does not reveal the full key.
 * A key is no permission: the photo route still checks the photo's status and privacy.
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

function put(bucket: R2Bucket, key: string, image: ProcessedImage) {
  return bucket.put(key, image.bytes, {
    httpMetadata: { contentType: image.contentType },
    customMetadata: { width: String(image.width), height: String(image.height) },
  });
}

/** Stores both images; when one write fails, removes the other and rethrows. */
export async function storePhoto(bucket: R2Bucket, processed: { full: ProcessedImage; thumb: ProcessedImage }): Promise<StoredPhotoKeys> {
  const keys = { objectKey: `photos/${randomPart()}.jpg`, thumbKey: `photos/${randomPart()}_thumb.jpg` };
  const results = await Promise.allSettled([put(bucket, keys.objectKey, processed.full), put(bucket, keys.thumbKey, processed.thumb)]);
  const failure = results.find((result) => result.status === "rejected");
  if (failure) {
    await deletePhotoObjects(bucket, [keys.objectKey, keys.thumbKey]).catch(() => undefined);
    throw failure.reason;
  }
  return keys;
}

/** Deletes photo objects (full images and thumbnails); keys that do not exist are ignored. */
export async function deletePhotoObjects(bucket: R2Bucket, keys: readonly string[]) {
  const unique = [...new Set(keys.filter((key) => key.length > 0))];
  // R2 deletes at most 1,000 keys per call.
  for (let start = 0; start < unique.length; start += 1000) await bucket.delete(unique.slice(start, start + 1000));
}
