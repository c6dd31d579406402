/**
 * The upload pipeline for member photos, run inside the Worker (docs/decisions/011):
 * check the size → sniff the real type and the declared pixel size from the bytes → decode →
 * shrink → turn upright (EXIF orientation) → re-encode as JPEG, plus a 400×500 thumbnail.
 *
 * Re-encoding is the security step: the stored files are new JPEGs made from pixels only, so EXIF
 * (GPS position, camera serial), comments, ICC profiles and anything appended or embedded (a ZIP
 * or HTML polyglot) are gone. Nothing of the uploaded file is ever stored or served.
 *
 * Cost (Workers Paid: 30 s CPU per request by default, 128 MB memory per isolate, WebAssembly
 * memory included; the Free plan's 10 ms of CPU is far too little for any image decoding): a
 * 12-megapixel phone JPEG took 0.5–1 s of CPU on a busy two-core test machine (decode ~0.3 s,
 * shrink ~0.15 s, progressive encode of both files ~0.4 s).
 * Memory is the tighter limit: decoding holds the codec's memory and our copy of the pixels at once
 * (measured: 12 MP baseline JPEG 51 + 49 MB, progressive 124 + 49 MB; an 8 MP progressive JPEG
 * took workerd to about 145 MB, over the isolate's 128 MB), so `maxPixels` is 6 megapixels (ADR
 * 056, `npm run bench -- --only limits`). The upload form shrinks photos in the browser to at most 2048 px on the long side
 * (about 3 MP, a baseline JPEG) before sending them (docs/decisions/011,
 * app/components/photos/prepare-upload.ts); bigger files only arrive from browsers that cannot
 * decode them, and are refused with a message that says so.
 */
import { createJpegEncoder, decodeImage, resizeExact } from "./codecs.server";
import { photoFingerprint } from "./fingerprint";
import { coverCropSize, cropCenter, downscale, flattenOnWhite, orient, type RgbaImage } from "./pixels";
import { sniffImage, type RefusedType, type SniffResult } from "./sniff";

export interface UploadLimits {
  /** Largest accepted file, in bytes. */
  maxBytes: number;
  /** Largest accepted image, in pixels (width × height as the header declares them). */
  maxPixels: number;
  /** Smallest accepted width and height, in pixels. */
  minSide: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  maxBytes: 15 * 1024 * 1024,
  // What a 128 MB isolate can always decode, with room for the copy of the pixels (see above).
  maxPixels: 6_000_000,
  minSide: 200,
};

/** The stored photo: its long side is at most this many pixels (smaller photos keep their size). */
export const FULL_LONG_SIDE = 1600;
/** The thumbnail: always exactly this size, cropped to fill it (4:5, like the profile cards). */
export const THUMB_WIDTH = 400;
export const THUMB_HEIGHT = 500;
/**
 * MozJPEG quality for both files: visually clean for photos at about a third of the bytes of
 * quality 95. JPEG rather than WebP: every browser and mail client shows it, the keys already end
 * in `.jpg`, and MozJPEG is the smaller and faster of the two encoders.
 */
export const JPEG_QUALITY = 82;

export interface ProcessedImage {
  bytes: Uint8Array;
  contentType: "image/jpeg";
  width: number;
  height: number;
}

export type UploadRefusal = "unsupported_type" | "too_large_file" | "too_many_pixels" | "too_small" | "corrupt";

export type ProcessResult =
  /** `fingerprint`: the perceptual fingerprint of the pixels (ADR 053). */
  | { ok: true; full: ProcessedImage; thumb: ProcessedImage; fingerprint: string }
  /** `detected` says what a refused file is (e.g. "heic", "svg", "truncated") for a precise message. */
  | { ok: false; reason: UploadRefusal; detected?: RefusedType | "unknown" | "truncated" | "malformed" };

export async function processUpload(bytes: Uint8Array, limits: Partial<UploadLimits> = {}): Promise<ProcessResult> {
  const { maxBytes, maxPixels, minSide } = { ...DEFAULT_UPLOAD_LIMITS, ...limits };
  if (bytes.length > maxBytes) return { ok: false, reason: "too_large_file" };

  const sniffed = sniffImage(bytes);
  if (!sniffed.ok) return { ok: false, reason: sniffed.reason, detected: sniffed.detected };
  // Both checks use the header's size, before a single pixel is decoded.
  if (sniffed.width * sniffed.height > maxPixels) return { ok: false, reason: "too_many_pixels" };
  if (Math.min(sniffed.width, sniffed.height) < minSide) return { ok: false, reason: "too_small" };

  const full = await decodeAndShrink(bytes, sniffed);
  if (!full) return { ok: false, reason: "corrupt", detected: "malformed" };

  // Work in the stored orientation and turn the two small results upright at the end: turning
  // the full-size image would cost another full copy of it.
  const sideways = sniffed.orientation >= 5;
  const [thumbWidth, thumbHeight] = sideways ? [THUMB_HEIGHT, THUMB_WIDTH] : [THUMB_WIDTH, THUMB_HEIGHT];
  const crop = coverCropSize(full.width, full.height, thumbWidth / thumbHeight);
  const thumb = resizeExact(cropCenter(full, crop.width, crop.height), thumbWidth, thumbHeight);

  const encode = await createJpegEncoder(JPEG_QUALITY);
  const jpeg = (image: RgbaImage): ProcessedImage => {
    const upright = orient(image, sniffed.orientation);
    return { bytes: encode(upright), contentType: "image/jpeg", width: upright.width, height: upright.height };
  };
  return { ok: true, full: jpeg(full), thumb: jpeg(thumb), fingerprint: photoFingerprint(full) };
}

/**
 * The decoded image shrunk to at most FULL_LONG_SIDE, still in its stored orientation; null when
 * the data cannot be decoded. A function of its own so the full-size pixels are unreachable (and
 * collectable) as soon as it returns.
 */
async function decodeAndShrink(bytes: Uint8Array, sniffed: Extract<SniffResult, { ok: true }>): Promise<RgbaImage | null> {
  let decoded: RgbaImage;
  try {
    decoded = await decodeImage(sniffed.format, bytes);
  } catch {
    return null;
  }
  // The decoder must agree with the header the limits were checked against.
  if (decoded.width !== sniffed.width || decoded.height !== sniffed.height) return null;
  if (sniffed.format !== "jpeg") flattenOnWhite(decoded);
  const scale = Math.min(1, FULL_LONG_SIDE / Math.max(decoded.width, decoded.height));
  if (scale === 1) return decoded;
  return downscale(decoded, Math.max(1, Math.round(decoded.width * scale)), Math.max(1, Math.round(decoded.height * scale)));
}
