/**
 * What an uploaded file really is, judged from its bytes only (never the file name or the
 * browser's Content-Type), and the image size its header declares. The size is read before any
 * decoding, so a pixel flood (a small file that declares a huge canvas) is refused without
 * allocating anything.
 *
 * Only JPEG, PNG and WebP pass. Everything else that we recognise is refused as
 * `unsupported_type` with what it is (`detected`), so the upload screen can say why (HEIC from an
 * iPhone deserves a friendlier message than a PDF); anything unrecognisable, truncated or
 * malformed is `corrupt`. A file that passes is still decoded and re-encoded before it is stored
 * (process-image.server.ts): sniffing decides what to decode, re-encoding decides what survives.
 */

export type ImageFormat = "jpeg" | "png" | "webp";

/** EXIF orientation (TIFF tag 0x0112): 1 is upright, 2–8 are the mirrored and rotated variants. */
export type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/** File types we recognise and refuse. */
export type RefusedType =
  | "heic"
  | "avif"
  | "video"
  | "gif"
  | "bmp"
  | "tiff"
  | "jxl"
  | "ico"
  | "psd"
  | "animated-webp"
  | "svg"
  | "xml"
  | "html"
  | "pdf"
  | "zip";

export type SniffResult =
  | { ok: true; format: ImageFormat; width: number; height: number; orientation: Orientation }
  | { ok: false; reason: "unsupported_type"; detected: RefusedType }
  | { ok: false; reason: "corrupt"; detected: "unknown" | "truncated" | "malformed" };

/**
 * A progressive JPEG has about ten scans; thousands of tiny scans make the decoder loop over the
 * whole image again and again (a "scan bomb"), so more than this is refused as malformed.
 */
export const MAX_JPEG_SCANS = 100;

const truncated = { ok: false, reason: "corrupt", detected: "truncated" } as const;
const malformed = { ok: false, reason: "corrupt", detected: "malformed" } as const;
const refuse = (detected: RefusedType) => ({ ok: false, reason: "unsupported_type", detected }) as const;

export function sniffImage(bytes: Uint8Array): SniffResult {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return sniffJpeg(bytes);
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return sniffPng(bytes);
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return sniffWebp(bytes);
  const other = recogniseOther(bytes);
  return other ? refuse(other) : { ok: false, reason: "corrupt", detected: "unknown" };
}

// ───────────────────────────── JPEG ─────────────────────────────

/** SOF0–SOF15 without DHT (C4), JPG (C8) and DAC (CC): the frame headers that carry the size. */
function isStartOfFrame(marker: number) {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/**
 * Walks the marker segments up to the first scan (SOS): the frame header gives the size, an APP1
 * "Exif" segment the orientation. After the scan starts, the entropy-coded data must end with an
 * EOI marker; a file without one was cut off.
 */
function sniffJpeg(bytes: Uint8Array): SniffResult {
  let offset = 2;
  let size: { width: number; height: number } | null = null;
  let orientation: Orientation | null = null;
  for (;;) {
    if (offset >= bytes.length) return truncated;
    if (bytes[offset] !== 0xff) return malformed;
    while (offset < bytes.length && bytes[offset] === 0xff) offset += 1; // fill bytes
    if (offset >= bytes.length) return truncated;
    const marker = bytes[offset]!;
    offset += 1;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue; // markers without a length
    if (marker === 0xd8 || marker === 0xd9 || marker === 0x00) return malformed; // SOI again, EOI before any scan
    if (offset + 2 > bytes.length) return truncated;
    const length = readUint16(bytes, offset, false);
    if (length < 2) return malformed;
    const start = offset + 2;
    const end = offset + length;
    if (end > bytes.length) return truncated;
    if (isStartOfFrame(marker) && !size) {
      if (length < 8) return malformed;
      const height = readUint16(bytes, start + 1, false);
      const width = readUint16(bytes, start + 3, false);
      // A height of 0 defers it to a DNL marker after the first scan; no camera writes that.
      if (width === 0 || height === 0) return malformed;
      size = { width, height };
    } else if (marker === 0xe1 && orientation === null && ascii(bytes, start, 6) === "Exif\0\0") {
      orientation = readExifOrientation(bytes.subarray(start + 6, end));
    } else if (marker === 0xda) {
      if (!size) return malformed;
      const scans = countScansUntilEnd(bytes, end);
      if (scans === null) return truncated;
      if (scans > MAX_JPEG_SCANS) return malformed;
      return { ok: true, format: "jpeg", ...size, orientation: orientation ?? 1 };
    }
    offset = end;
  }
}

/**
 * Counts the scans (SOS markers, the first one included) from `offset` to the EOI marker; null
 * when there is no EOI. Inside entropy-coded data a 0xFF byte is always followed by 0x00 (stuffing)
 * or a restart marker, so a 0xFF followed by anything else is a real marker.
 */
function countScansUntilEnd(bytes: Uint8Array, offset: number): number | null {
  let scans = 1;
  let position = bytes.indexOf(0xff, offset);
  while (position !== -1 && position + 1 < bytes.length) {
    const next = bytes[position + 1]!;
    if (next === 0xd9) return scans;
    if (next === 0xda) scans += 1;
    position = bytes.indexOf(0xff, position + 1);
  }
  return null;
}

/**
 * The orientation tag of IFD0 in an EXIF block (a TIFF structure, either byte order). Anything
 * unreadable counts as upright: orientation only turns pixels, it never decides what is accepted.
 */
export function readExifOrientation(tiff: Uint8Array): Orientation {
  if (tiff.length < 8) return 1;
  const order = ascii(tiff, 0, 2);
  if (order !== "II" && order !== "MM") return 1;
  const little = order === "II";
  if (readUint16(tiff, 2, little) !== 42) return 1;
  const ifd = readUint32(tiff, 4, little);
  if (ifd < 8 || ifd + 2 > tiff.length) return 1;
  const entries = readUint16(tiff, ifd, little);
  for (let index = 0; index < entries; index += 1) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > tiff.length) return 1;
    if (readUint16(tiff, entry, little) !== 0x0112) continue;
    const type = readUint16(tiff, entry + 2, little);
    const value = readUint16(tiff, entry + 8, little);
    return type === 3 && value >= 1 && value <= 8 ? (value as Orientation) : 1;
  }
  return 1;
}

// ───────────────────────────── PNG ─────────────────────────────

/**
 * IHDR must be the first chunk and gives the size. The chunks are then walked to IEND, so a cut-off
 * file is refused before the decoder sees it; data after IEND is ignored (and not kept: the image
 * is re-encoded).
 */
function sniffPng(bytes: Uint8Array): SniffResult {
  if (bytes.length < 33) return truncated;
  if (readUint32(bytes, 8, false) !== 13 || ascii(bytes, 12, 4) !== "IHDR") return malformed;
  const width = readUint32(bytes, 16, false);
  const height = readUint32(bytes, 20, false);
  if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff) return malformed;
  let offset = 8;
  for (;;) {
    if (offset + 12 > bytes.length) return truncated;
    const length = readUint32(bytes, offset, false);
    const type = ascii(bytes, offset + 4, 4);
    if (!/^[A-Za-z]{4}$/.test(type)) return malformed;
    const next = offset + 12 + length;
    if (next > bytes.length) return truncated;
    if (type === "IEND") return { ok: true, format: "png", width, height, orientation: 1 };
    offset = next;
  }
}

// ───────────────────────────── WebP ─────────────────────────────

/**
 * RIFF container; the first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended: canvas size
 * and flags). Animated WebP is refused: the decoder reads still images only.
 */
function sniffWebp(bytes: Uint8Array): SniffResult {
  if (bytes.length < 30) return truncated;
  if (readUint32(bytes, 4, true) + 8 > bytes.length) return truncated;
  const chunk = ascii(bytes, 12, 4);
  const data = 20;
  let width: number;
  let height: number;
  if (chunk === "VP8 ") {
    if (bytes[data + 3] !== 0x9d || bytes[data + 4] !== 0x01 || bytes[data + 5] !== 0x2a) return malformed;
    width = readUint16(bytes, data + 6, true) & 0x3fff;
    height = readUint16(bytes, data + 8, true) & 0x3fff;
  } else if (chunk === "VP8L") {
    if (bytes[data] !== 0x2f) return malformed;
    const bits = readUint32(bytes, data + 1, true);
    width = (bits & 0x3fff) + 1;
    height = ((bits >>> 14) & 0x3fff) + 1;
  } else if (chunk === "VP8X") {
    if ((bytes[data]! & 0x02) !== 0) return refuse("animated-webp");
    width = readUint24(bytes, data + 4) + 1;
    height = readUint24(bytes, data + 7) + 1;
  } else {
    return malformed;
  }
  if (width === 0 || height === 0) return malformed;
  return { ok: true, format: "webp", width, height, orientation: 1 };
}

// ───────────────────────────── everything else ─────────────────────────────

const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1", "mif2"]);
const AVIF_BRANDS = new Set(["avif", "avis"]);

function recogniseOther(bytes: Uint8Array): RefusedType | null {
  if (ascii(bytes, 4, 4) === "ftyp") return isoMediaType(bytes);
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "gif";
  if (ascii(bytes, 0, 2) === "BM" && bytes.length >= 14 && readUint32(bytes, 6, true) === 0) return "bmp";
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return "tiff";
  if (startsWith(bytes, [0xff, 0x0a]) || startsWith(bytes, [0, 0, 0, 0x0c, 0x4a, 0x58, 0x4c, 0x20])) return "jxl";
  if (startsWith(bytes, [0, 0, 1, 0]) && bytes.length >= 6 && bytes[4]! + bytes[5]! > 0) return "ico";
  if (ascii(bytes, 0, 4) === "8BPS") return "psd";
  if (ascii(bytes, 0, 5) === "%PDF-") return "pdf";
  if (ascii(bytes, 0, 2) === "PK" && [0x0403, 0x0605, 0x0807].includes(readUint16(bytes, 2, true))) return "zip";
  return recogniseMarkup(bytes);
}

/** ISO base media files (HEIC, AVIF, MP4, MOV): the ftyp box lists the major and compatible brands. */
function isoMediaType(bytes: Uint8Array): RefusedType {
  const boxEnd = Math.min(readUint32(bytes, 0, false), bytes.length, 256);
  const brands = [ascii(bytes, 8, 4)];
  for (let offset = 16; offset + 4 <= boxEnd; offset += 4) brands.push(ascii(bytes, offset, 4));
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return "avif";
  if (brands.some((brand) => HEIF_BRANDS.has(brand))) return "heic";
  return "video";
}

/**
 * Text that starts with a tag, after an optional byte-order mark and white space: SVG (which can
 * carry script), XML or HTML. Only the start of the file is looked at.
 */
function recogniseMarkup(bytes: Uint8Array): RefusedType | null {
  let offset = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (offset < bytes.length && offset < 1024 && [0x09, 0x0a, 0x0c, 0x0d, 0x20].includes(bytes[offset]!)) offset += 1;
  if (bytes[offset] !== 0x3c) return null; // "<"
  const head = ascii(bytes, offset, 4096).toLowerCase();
  if (/<svg[\s>/]/.test(head)) return "svg";
  if (head.startsWith("<?xml")) return "xml";
  return "html";
}

// ───────────────────────────── bytes ─────────────────────────────

function startsWith(bytes: Uint8Array, prefix: number[]) {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

/** Bytes as Latin-1 text (one character per byte); shorter when the file ends first. */
function ascii(bytes: Uint8Array, offset: number, length: number) {
  return String.fromCharCode(...bytes.subarray(offset, Math.min(offset + length, bytes.length)));
}

function readUint16(bytes: Uint8Array, offset: number, littleEndian: boolean) {
  const first = bytes[offset] ?? 0;
  const second = bytes[offset + 1] ?? 0;
  return littleEndian ? first | (second << 8) : (first << 8) | second;
}

function readUint24(bytes: Uint8Array, offset: number) {
  return (bytes[offset] ?? 0) | ((bytes[offset + 1] ?? 0) << 8) | ((bytes[offset + 2] ?? 0) << 16);
}

function readUint32(bytes: Uint8Array, offset: number, littleEndian: boolean) {
  const low = readUint16(bytes, offset + (littleEndian ? 0 : 2), littleEndian);
  const high = readUint16(bytes, offset + (littleEndian ? 2 : 0), littleEndian);
  return high * 0x10000 + low;
}
