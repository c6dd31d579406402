/**
 * Test images built from code: EXIF blocks spliced into JPEGs, hand-assembled PNGs (any header,
 * any colour type), polyglot trailers, JPEG marker walks. Plain Web APIs only (CompressionStream,
 * TextEncoder), so the same helpers work in workerd and in Node (e.g. Playwright journeys).
 */

const text = new TextEncoder();

export function concat(...parts: Uint8Array[]) {
  const output = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    output.set(part, offset);
    offset += part.length;
  }
  return output;
}

export function ascii(value: string) {
  return text.encode(value);
}

/** Whether `needle` occurs anywhere in `haystack`. */
export function contains(haystack: Uint8Array, needle: Uint8Array | string) {
  const pattern = typeof needle === "string" ? ascii(needle) : needle;
  outer: for (let index = haystack.indexOf(pattern[0]!); index !== -1; index = haystack.indexOf(pattern[0]!, index + 1)) {
    for (let k = 1; k < pattern.length; k += 1) if (haystack[index + k] !== pattern[k]) continue outer;
    return true;
  }
  return false;
}

/** RGBA pixels from a function of the position. */
export function paint(width: number, height: number, colour: (x: number, y: number) => [number, number, number, number?]) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [red, green, blue, alpha = 255] = colour(x, y);
      data.set([red, green, blue, alpha], (y * width + x) * 4);
    }
  }
  return { data, width, height };
}

// ───────────────────────────── JPEG ─────────────────────────────

/** The GPS position the EXIF fixture carries, and text that must never survive processing. */
export const SECRET_DESCRIPTION = "SECRET-HOME-52.370216N-4.895168E";

/**
 * An APP1 segment with a little-endian TIFF/EXIF block: IFD0 holds ImageDescription,
 * Orientation and a pointer to a GPS IFD with latitude 52°22'12.78" N, longitude 4°53'42.6" E.
 */
export function exifSegment(orientation: number) {
  const tiff = new Uint8Array(256);
  const view = new DataView(tiff.buffer);
  tiff.set(ascii("II"), 0);
  view.setUint16(2, 42, true);
  view.setUint32(4, 8, true);
  // IFD0 at 8: 3 entries (2 + 3·12 + 4 = 42 bytes) → ends at 50.
  const description = ascii(`${SECRET_DESCRIPTION}\0`);
  const descriptionAt = 50;
  const gpsAt = descriptionAt + description.length + (description.length % 2);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    view.setUint16(at, tag, true);
    view.setUint16(at + 2, type, true);
    view.setUint32(at + 4, count, true);
    if (type === 3 && count === 1) view.setUint16(at + 8, value, true);
    else view.setUint32(at + 8, value, true);
  };
  view.setUint16(8, 3, true);
  entry(10, 0x010e, 2, description.length, descriptionAt); // ImageDescription
  entry(22, 0x0112, 3, 1, orientation); // Orientation
  entry(34, 0x8825, 4, 1, gpsAt); // GPSInfo IFD
  view.setUint32(46, 0, true);
  tiff.set(description, descriptionAt);
  // GPS IFD: 4 entries (2 + 48 + 4 = 54 bytes), then two rationals ×3 (48 bytes).
  const rationals = gpsAt + 54;
  view.setUint16(gpsAt, 4, true);
  view.setUint16(gpsAt + 2, 0x0001, true); // GPSLatitudeRef "N"
  view.setUint16(gpsAt + 4, 2, true);
  view.setUint32(gpsAt + 6, 2, true);
  tiff.set(ascii("N\0"), gpsAt + 10);
  entry(gpsAt + 14, 0x0002, 5, 3, rationals); // GPSLatitude
  view.setUint16(gpsAt + 26, 0x0003, true); // GPSLongitudeRef "E"
  view.setUint16(gpsAt + 28, 2, true);
  view.setUint32(gpsAt + 30, 2, true);
  tiff.set(ascii("E\0"), gpsAt + 34);
  entry(gpsAt + 38, 0x0004, 5, 3, rationals + 24); // GPSLongitude
  view.setUint32(gpsAt + 50, 0, true);
  for (const [index, value] of [52, 1, 22, 1, 1278, 100, 4, 1, 53, 1, 426, 10].entries())
    view.setUint32(rationals + index * 4, value, true);
  const body = concat(ascii("Exif\0\0"), tiff.subarray(0, rationals + 48));
  return concat(new Uint8Array([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff]), body);
}

/** A COM (comment) segment, e.g. to hide HTML inside a valid JPEG. */
export function commentSegment(comment: string) {
  const body = ascii(comment);
  return concat(new Uint8Array([0xff, 0xfe, (body.length + 2) >> 8, (body.length + 2) & 0xff]), body);
}

/** Inserts segments right after SOI. */
export function spliceAfterSoi(jpeg: Uint8Array, ...segments: Uint8Array[]) {
  return concat(jpeg.subarray(0, 2), ...segments, jpeg.subarray(2));
}

/** The segments before the first scan (SOS included): marker and offset of each. */
function jpegSegments(jpeg: Uint8Array) {
  const segments: { marker: number; offset: number; end: number }[] = [];
  let offset = 2;
  while (offset + 4 <= jpeg.length && jpeg[offset] === 0xff) {
    const marker = jpeg[offset + 1]!;
    const end = offset + 2 + ((jpeg[offset + 2]! << 8) | jpeg[offset + 3]!);
    segments.push({ marker, offset, end });
    if (marker === 0xda) break;
    offset = end;
  }
  return segments;
}

/** The markers of the segments before the first scan, e.g. [0xe0, 0xdb, 0xc2, …, 0xda]. */
export function jpegSegmentMarkers(jpeg: Uint8Array) {
  return jpegSegments(jpeg).map((segment) => segment.marker);
}

/** Where the entropy-coded data of the first scan begins. */
export function jpegScanDataStart(jpeg: Uint8Array) {
  const scan = jpegSegments(jpeg).find((segment) => segment.marker === 0xda);
  if (!scan) throw new Error("no scan");
  return scan.end;
}

/** Rewrites the frame size (SOFn) of a JPEG — a pixel flood with a tiny body. */
export function withJpegFrameSize(jpeg: Uint8Array, width: number, height: number) {
  const copy = jpeg.slice();
  let offset = 2;
  while (offset + 9 <= copy.length) {
    const marker = copy[offset + 1]!;
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      copy.set([height >> 8, height & 0xff, width >> 8, width & 0xff], offset + 5);
      return copy;
    }
    offset += 2 + ((copy[offset + 2]! << 8) | copy[offset + 3]!);
  }
  throw new Error("no frame header");
}

// ───────────────────────────── PNG ─────────────────────────────

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function pngChunk(type: string, data: Uint8Array) {
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set(ascii(type), 4);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}

async function zlib(bytes: Uint8Array) {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function pngHeader(width: number, height: number, bitDepth: number, colourType: number) {
  const data = new Uint8Array(13);
  const view = new DataView(data.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  data.set([bitDepth, colourType, 0, 0, 0], 8);
  return pngChunk("IHDR", data);
}

/**
 * A PNG from rows of raw samples (filter type 0). `samples(x, y)` gives the samples of one pixel
 * for the colour type: 0 grey, 2 RGB, 3 palette index, 4 grey+alpha, 6 RGBA; 8-bit depth.
 */
export async function encodePng(
  width: number,
  height: number,
  colourType: 0 | 2 | 3 | 4 | 6,
  samples: (x: number, y: number) => number[],
  extraChunks: Uint8Array[] = [],
) {
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colourType];
  const raw = new Uint8Array(height * (1 + width * channels));
  for (let y = 0; y < height; y += 1) {
    const row = y * (1 + width * channels);
    for (let x = 0; x < width; x += 1) raw.set(samples(x, y), row + 1 + x * channels);
  }
  return concat(
    PNG_SIGNATURE,
    pngHeader(width, height, 8, colourType),
    ...extraChunks,
    pngChunk("IDAT", await zlib(raw)),
    pngChunk("IEND", new Uint8Array()),
  );
}

// ───────────────────────────── other files ─────────────────────────────

/** An ISO media file start (HEIC from an iPhone, AVIF, MP4) with the given brands. */
export function ftypBox(major: string, compatible: string[]) {
  const body = concat(ascii("ftyp"), ascii(major), new Uint8Array(4), ...compatible.map(ascii));
  const size = new Uint8Array(4);
  new DataView(size.buffer).setUint32(0, body.length + 4);
  return concat(size, body, new Uint8Array(64));
}

export const ZIP_TRAILER = concat(
  new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0]),
  ascii("payload/evil.html<script>alert(1)</script>"),
);
export const HTML_TRAILER = ascii("<html><body><script>alert(document.cookie)</script></body></html>");

/** Deterministic noise (a linear congruential generator), for "random bytes" that never start like a known file. */
export function noise(length: number, seed = 1) {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let index = 0; index < length; index += 1) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[index] = state >>> 24;
  }
  return bytes;
}
