/**
 * The photo upload pipeline inside workerd, with the real WebAssembly codecs: what is refused, and
 * that what is accepted comes out as a clean, upright JPEG and thumbnail. Test images are made
 * here with the same codecs and spliced by hand (tests/workers/image-fixtures.ts).
 */
import { env } from "cloudflare:workers";
import { initEmscriptenModule } from "@jsquash/jpeg/utils.js";
import createMozjpegEncoder from "@jsquash/jpeg/codec/enc/mozjpeg_enc.js";
import mozjpegEncoderWasm from "@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm";
import { defaultOptions as mozjpegDefaults } from "@jsquash/jpeg/meta.js";
import createWebpEncoder from "@jsquash/webp/codec/enc/webp_enc.js";
import webpEncoderWasm from "@jsquash/webp/codec/enc/webp_enc.wasm";
import { defaultOptions as webpDefaults } from "@jsquash/webp/meta.js";
import { describe, expect, it } from "vitest";
import { createJpegEncoder, decodeImage } from "~/photos/codecs.server";
import type { RgbaImage } from "~/photos/pixels";
import { processUpload, type ProcessResult } from "~/photos/process-image.server";
import { deletePhotoObjects, storePhoto } from "~/photos/storage.server";
import {
  HTML_TRAILER,
  SECRET_DESCRIPTION,
  ZIP_TRAILER,
  ascii,
  commentSegment,
  concat,
  contains,
  encodePng,
  exifSegment,
  ftypBox,
  jpegScanDataStart,
  jpegSegmentMarkers,
  noise,
  paint,
  pngChunk,
  pngHeader,
  PNG_SIGNATURE,
  spliceAfterSoi,
  withJpegFrameSize,
} from "./image-fixtures";

async function jpeg(image: RgbaImage, quality = 90) {
  return (await createJpegEncoder(quality))(image);
}

/** A single-channel (greyscale) JPEG, as scanners and some apps write them. */
async function greyJpeg(image: RgbaImage) {
  const encoder = (await initEmscriptenModule(createMozjpegEncoder as never, mozjpegEncoderWasm)) as unknown as {
    encode(data: Uint8ClampedArray, width: number, height: number, options: typeof mozjpegDefaults): Uint8Array;
  };
  return encoder.encode(image.data, image.width, image.height, { ...mozjpegDefaults, color_space: 1 });
}

async function webp(image: RgbaImage) {
  const encoder = (await initEmscriptenModule(createWebpEncoder as never, webpEncoderWasm)) as unknown as {
    encode(data: Uint8ClampedArray, width: number, height: number, options: typeof webpDefaults): Uint8Array;
  };
  return encoder.encode(image.data, image.width, image.height, { ...webpDefaults, quality: 90 });
}

/** Red top half, blue bottom half: shows where the top went after turning. */
const redOverBlue = (width: number, height: number) => paint(width, height, (_, y) => (y < height / 2 ? [220, 30, 30] : [30, 30, 220]));

function accepted(result: ProcessResult) {
  if (!result.ok) throw new Error(`refused: ${result.reason} ${result.detected ?? ""}`);
  return result;
}

function pixel(image: RgbaImage, x: number, y: number) {
  const at = (Math.floor(y) * image.width + Math.floor(x)) * 4;
  return [...image.data.subarray(at, at + 3)];
}

/** A clean output: a plain JPEG with no EXIF (APP1) and nothing after its end marker. */
function expectCleanJpeg(bytes: Uint8Array) {
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  expect(jpegSegmentMarkers(bytes)).not.toContain(0xe1);
  expect(contains(bytes, "Exif")).toBe(false);
  expect([...bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
}

describe("processUpload accepts JPEG, PNG and WebP and re-encodes them", () => {
  it("shrinks a large JPEG to 1600 px on the long side and makes a 400×500 thumbnail", async () => {
    const result = accepted(await processUpload(await jpeg(redOverBlue(2000, 1500))));
    expect(result.full).toMatchObject({ contentType: "image/jpeg", width: 1600, height: 1200 });
    expect(result.thumb).toMatchObject({ contentType: "image/jpeg", width: 400, height: 500 });
    expectCleanJpeg(result.full.bytes);
    expectCleanJpeg(result.thumb.bytes);
    const full = await decodeImage("jpeg", result.full.bytes);
    expect(full).toMatchObject({ width: 1600, height: 1200 });
    expect(pixel(full, 800, 100)[0]).toBeGreaterThan(180); // red stays on top
    expect(pixel(full, 800, 1100)[2]).toBeGreaterThan(180);
  });

  it("keeps a small photo's size and fills the thumbnail by cropping (and enlarging)", async () => {
    const result = accepted(await processUpload(await jpeg(redOverBlue(300, 900))));
    expect(result.full).toMatchObject({ width: 300, height: 900 });
    expect(result.thumb).toMatchObject({ width: 400, height: 500 });
  });

  it("accepts a greyscale JPEG", async () => {
    const grey = await greyJpeg(redOverBlue(300, 300));
    const full = await decodeImage("jpeg", accepted(await processUpload(grey)).full.bytes);
    const [red, green, blue] = pixel(full, 150, 50);
    expect(Math.abs(red! - green!) + Math.abs(green! - blue!)).toBeLessThan(6);
  });

  it("accepts a WebP", async () => {
    const result = accepted(await processUpload(await webp(redOverBlue(640, 480))));
    expect(result.full).toMatchObject({ contentType: "image/jpeg", width: 640, height: 480 });
    expectCleanJpeg(result.full.bytes);
  });

  it("accepts PNGs of every colour type and puts transparency on white", async () => {
    const rgba = await encodePng(300, 300, 6, (x) => (x < 150 ? [0, 0, 0, 0] : [20, 160, 40, 255]));
    const result = accepted(await processUpload(rgba));
    const full = await decodeImage("jpeg", result.full.bytes);
    expect(pixel(full, 50, 150).every((channel) => channel > 240)).toBe(true); // transparent → white
    expect(pixel(full, 250, 150)[1]).toBeGreaterThan(130);

    const grey = accepted(await processUpload(await encodePng(240, 240, 0, (x) => [x])));
    expect(grey.full).toMatchObject({ width: 240, height: 240 });
    const palette = await encodePng(240, 240, 3, (x) => [x < 120 ? 0 : 1], [pngChunk("PLTE", new Uint8Array([255, 0, 0, 0, 0, 255]))]);
    const paletteFull = await decodeImage("jpeg", accepted(await processUpload(palette)).full.bytes);
    expect(pixel(paletteFull, 60, 120)[0]).toBeGreaterThan(200);
    expect(pixel(paletteFull, 180, 120)[2]).toBeGreaterThan(200);
    accepted(await processUpload(await encodePng(240, 240, 2, (x, y) => [x, y, 100])));
    accepted(await processUpload(await encodePng(240, 240, 4, (x) => [x, 128])));
  });
});

describe("processUpload strips EXIF and turns photos upright", () => {
  it("removes EXIF with GPS and applies orientation 6 (a quarter turn clockwise)", async () => {
    const photo = spliceAfterSoi(await jpeg(redOverBlue(480, 320)), exifSegment(6));
    expect(contains(photo, SECRET_DESCRIPTION)).toBe(true); // the fixture really carries it
    const result = accepted(await processUpload(photo));

    for (const output of [result.full.bytes, result.thumb.bytes]) {
      expectCleanJpeg(output);
      expect(contains(output, SECRET_DESCRIPTION)).toBe(false);
      expect(contains(output, "GPS")).toBe(false);
      expect(contains(output, new Uint8Array([52, 0, 0, 0, 1, 0, 0, 0, 22, 0, 0, 0]))).toBe(false); // the latitude rationals
    }
    expect(result.full).toMatchObject({ width: 320, height: 480 }); // swapped
    expect(result.thumb).toMatchObject({ width: 400, height: 500 });
    const full = await decodeImage("jpeg", result.full.bytes);
    expect(pixel(full, 280, 240)[0]).toBeGreaterThan(180); // the stored top (red) is now on the right
    expect(pixel(full, 40, 240)[2]).toBeGreaterThan(180);
  });

  it("applies orientation 3 (half turn) and 8 (quarter turn anticlockwise)", async () => {
    const halfTurn = await decodeImage(
      "jpeg",
      accepted(await processUpload(spliceAfterSoi(await jpeg(redOverBlue(480, 320)), exifSegment(3)))).full.bytes,
    );
    expect(halfTurn).toMatchObject({ width: 480, height: 320 });
    expect(pixel(halfTurn, 240, 300)[0]).toBeGreaterThan(180); // red at the bottom
    const anticlockwise = await decodeImage(
      "jpeg",
      accepted(await processUpload(spliceAfterSoi(await jpeg(redOverBlue(480, 320)), exifSegment(8)))).full.bytes,
    );
    expect(anticlockwise).toMatchObject({ width: 320, height: 480 });
    expect(pixel(anticlockwise, 40, 240)[0]).toBeGreaterThan(180); // red on the left
  });
});

describe("processUpload refuses what is not a photo we can take", () => {
  it("refuses SVG with script, HTML named .jpg, PDF, ZIP and GIF as unsupported types", async () => {
    const svg = ascii(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500"><script>alert(1)</script></svg>',
    );
    expect(await processUpload(svg)).toEqual({ ok: false, reason: "unsupported_type", detected: "svg" });
    const html = ascii("<!DOCTYPE html><html><body><img src=x onerror=alert(1)></body></html>"); // uploaded as "photo.jpg"
    expect(await processUpload(html)).toEqual({ ok: false, reason: "unsupported_type", detected: "html" });
    expect(await processUpload(ascii("%PDF-1.7\n%âãÏÓ\n1 0 obj"))).toMatchObject({ reason: "unsupported_type", detected: "pdf" });
    expect(await processUpload(ZIP_TRAILER)).toMatchObject({ reason: "unsupported_type", detected: "zip" });
    expect(await processUpload(concat(ascii("GIF89a"), noise(100)))).toMatchObject({ reason: "unsupported_type", detected: "gif" });
  });

  it("recognises HEIC and AVIF and refuses them with what they are", async () => {
    expect(await processUpload(ftypBox("heic", ["mif1", "heic"]))).toEqual({ ok: false, reason: "unsupported_type", detected: "heic" });
    expect(await processUpload(ftypBox("avif", ["mif1", "avif"]))).toEqual({ ok: false, reason: "unsupported_type", detected: "avif" });
  });

  it("refuses a 50-megapixel JPEG and a PNG header claiming 8000×7000 without decoding them", async () => {
    const flood = withJpegFrameSize(await jpeg(redOverBlue(256, 256)), 10_000, 5_000);
    expect(await processUpload(flood)).toEqual({ ok: false, reason: "too_many_pixels" });
    // A PNG with a valid structure but a few bytes of pixel data: decoding it would fail as corrupt.
    const png = concat(
      PNG_SIGNATURE,
      pngHeader(8000, 7000, 8, 6),
      pngChunk("IDAT", new Uint8Array([0x78, 0x9c, 0x03, 0x00])),
      pngChunk("IEND", new Uint8Array()),
    );
    expect(await processUpload(png)).toEqual({ ok: false, reason: "too_many_pixels" });
  });

  it("refuses random bytes and a truncated JPEG as corrupt", async () => {
    expect(await processUpload(noise(50_000))).toMatchObject({ ok: false, reason: "corrupt" });
    const photo = await jpeg(redOverBlue(400, 400));
    expect(await processUpload(photo.subarray(0, Math.floor(photo.length / 2)))).toEqual({
      ok: false,
      reason: "corrupt",
      detected: "truncated",
    });
    expect(await processUpload(new Uint8Array())).toMatchObject({ ok: false, reason: "corrupt" });
  });

  it("refuses a JPEG whose header is valid but whose data is garbage", async () => {
    const photo = await jpeg(redOverBlue(400, 400));
    // Keep the headers, replace the scan data with noise that contains no 0xFF, then end.
    const headerEnd = jpegScanDataStart(photo);
    const garbage = noise(20_000, 7).map((byte) => byte & 0x7f);
    const result = await processUpload(concat(photo.subarray(0, headerEnd), garbage, new Uint8Array([0xff, 0xd9])));
    // libjpeg may decode garbage to grey noise (then it is just pixels) or give up: both are safe.
    if (result.ok) expectCleanJpeg(result.full.bytes);
    else expect(result.reason).toBe("corrupt");
  });

  it("refuses too small images and too large files", async () => {
    expect(await processUpload(await jpeg(redOverBlue(199, 600)))).toEqual({ ok: false, reason: "too_small" });
    const big = new Uint8Array(15 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    expect(await processUpload(big)).toEqual({ ok: false, reason: "too_large_file" });
    expect(await processUpload(await jpeg(redOverBlue(400, 400)), { maxPixels: 100_000 })).toEqual({
      ok: false,
      reason: "too_many_pixels",
    });
  });
});

describe("processUpload keeps nothing but pixels from polyglots", () => {
  it("drops a ZIP or HTML appended to a JPEG", async () => {
    const photo = await jpeg(redOverBlue(400, 400));
    for (const trailer of [ZIP_TRAILER, HTML_TRAILER]) {
      const result = accepted(await processUpload(concat(photo, trailer)));
      for (const output of [result.full.bytes, result.thumb.bytes]) {
        expectCleanJpeg(output);
        expect(contains(output, "<script")).toBe(false);
        expect(contains(output, new Uint8Array([0x50, 0x4b, 0x03, 0x04]))).toBe(false);
      }
    }
  });

  it("drops HTML hidden in a JPEG comment segment and data after a PNG's end", async () => {
    const photo = spliceAfterSoi(await jpeg(redOverBlue(400, 400)), commentSegment(String(new TextDecoder().decode(HTML_TRAILER))));
    const fromJpeg = accepted(await processUpload(photo));
    expect(contains(fromJpeg.full.bytes, "<script")).toBe(false);
    expect(jpegSegmentMarkers(fromJpeg.full.bytes)).not.toContain(0xfe);
    const png = concat(await encodePng(300, 300, 2, () => [1, 2, 3]), HTML_TRAILER);
    expect(contains(accepted(await processUpload(png)).full.bytes, "<script")).toBe(false);
  });
});

describe("storePhoto", () => {
  it("stores both images under random keys with their type and size, and deletes them", async () => {
    const result = accepted(await processUpload(await jpeg(redOverBlue(800, 1000))));
    const keys = await storePhoto(env.PHOTOS, result);
    expect(keys.objectKey).toMatch(/^photos\/[0-9a-f]{32}\.jpg$/);
    expect(keys.thumbKey).toMatch(/^photos\/[0-9a-f]{32}_thumb\.jpg$/);
    expect(keys.thumbKey.slice(7, 39)).not.toBe(keys.objectKey.slice(7, 39));

    const full = await env.PHOTOS.get(keys.objectKey);
    expect(full?.httpMetadata?.contentType).toBe("image/jpeg");
    expect(full?.customMetadata).toEqual({ width: "800", height: "1000" });
    expect(new Uint8Array(await full!.arrayBuffer())).toEqual(result.full.bytes);
    const thumb = await env.PHOTOS.get(keys.thumbKey);
    expect(thumb?.customMetadata).toEqual({ width: "400", height: "500" });
    await thumb?.arrayBuffer();

    await deletePhotoObjects(env.PHOTOS, [keys.objectKey, keys.thumbKey, "photos/does-not-exist.jpg"]);
    expect(await env.PHOTOS.head(keys.objectKey)).toBeNull();
    expect(await env.PHOTOS.head(keys.thumbKey)).toBeNull();
  });
});
