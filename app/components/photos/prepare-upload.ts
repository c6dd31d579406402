/**
 * Browser side of an upload (docs/decisions/011): shrink the photo to at most 2048 px on the long
 * side and send it as a JPEG. That keeps the Worker's decode small (its 128 MB isolate cannot
 * decode any phone photo safely), saves the member upload time on a phone connection, turns the
 * photo upright (EXIF orientation) and converts HEIC where the browser can read it (Safari). The
 * server still checks and re-encodes whatever arrives.
 */

export const CLIENT_MAX_SIDE = 2048;
const JPEG_QUALITY = 0.9;

export type PreparedUpload = { ok: true; file: Blob; name: string } | { ok: false; reason: "heic" };

/** HEIC/HEIF by type, name or the ISO media brand in the first bytes (`ftypheic`, `ftypmif1`, …). */
async function looksLikeHeic(file: File): Promise<boolean> {
  if (/^image\/hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test(file.name)) return true;
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const brand = String.fromCharCode(...head.subarray(4, 12));
  return /^ftyp(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(brand);
}

function jpegName(name: string) {
  const base = name.replace(/\.[^.]*$/, "") || "photo";
  return `${base}.jpg`;
}

function canvasToJpeg(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", JPEG_QUALITY));
}

export async function prepareUpload(file: File): Promise<PreparedUpload> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    // Not something this browser can draw: HEIC gets its own message at once; anything else is
    // sent as it is, and the server says what is wrong with it.
    return (await looksLikeHeic(file)) ? { ok: false, reason: "heic" } : { ok: true, file, name: file.name };
  }
  try {
    const scale = Math.min(1, CLIENT_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext("2d");
    if (!context) return { ok: true, file, name: file.name };
    // Transparent PNG/WebP areas become white, as the server would make them.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const jpeg = await canvasToJpeg(canvas);
    return jpeg ? { ok: true, file: jpeg, name: jpegName(file.name) } : { ok: true, file, name: file.name };
  } finally {
    bitmap.close();
  }
}
