import { describe, expect, it } from "vitest";
import {
  HTML_TRAILER,
  ZIP_TRAILER,
  ascii,
  commentSegment,
  concat,
  encodePng,
  exifSegment,
  ftypBox,
  noise,
  pngChunk,
  pngHeader,
  PNG_SIGNATURE,
  spliceAfterSoi,
} from "../../tests/workers/image-fixtures";
import { MAX_JPEG_SCANS, readExifOrientation, sniffImage } from "./sniff";

const segment = (marker: number, body: Uint8Array | number[]) => {
  const bytes = body instanceof Uint8Array ? body : new Uint8Array(body);
  return concat(new Uint8Array([0xff, marker, (bytes.length + 2) >> 8, (bytes.length + 2) & 0xff]), bytes);
};

/** A structurally valid JPEG (no real pixel data): SOI, APP0, SOFn, SOS, scan bytes, EOI. */
function jpeg(width: number, height: number, options: { sof?: number; scans?: number; extra?: Uint8Array[] } = {}) {
  const frame = segment(options.sof ?? 0xc0, [
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ]);
  const scan = concat(segment(0xda, [3, 1, 0, 2, 0x11, 3, 0x11, 0, 63, 0]), new Uint8Array([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56]));
  const scans = Array.from({ length: options.scans ?? 1 }, () => scan);
  return concat(
    new Uint8Array([0xff, 0xd8]),
    segment(0xe0, ascii("JFIF\0\x01\x01\0\0\x01\0\x01\0\0")),
    ...(options.extra ?? []),
    frame,
    ...scans,
    new Uint8Array([0xff, 0xd9]),
  );
}

function webp(chunk: string, data: number[]) {
  const body = concat(ascii("WEBP"), ascii(chunk), new Uint8Array([data.length, 0, 0, 0]), new Uint8Array(data), new Uint8Array(16));
  return concat(ascii("RIFF"), new Uint8Array([body.length & 0xff, body.length >> 8, 0, 0]), body);
}

describe("sniffImage: JPEG", () => {
  it("reads the size from the frame header, for baseline and progressive files", () => {
    expect(sniffImage(jpeg(4032, 3024))).toEqual({ ok: true, format: "jpeg", width: 4032, height: 3024, orientation: 1 });
    expect(sniffImage(jpeg(800, 600, { sof: 0xc2, scans: 10 }))).toMatchObject({ ok: true, width: 800, height: 600 });
  });

  it("reads the EXIF orientation, in either byte order", () => {
    expect(sniffImage(jpeg(640, 480, { extra: [exifSegment(6)] }))).toMatchObject({ ok: true, orientation: 6 });
    const bigEndian = new Uint8Array([0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 8, 0, 0, 0, 0, 0, 0]);
    expect(readExifOrientation(bigEndian)).toBe(8);
    expect(readExifOrientation(new Uint8Array([0x49, 0x49, 42, 0, 200, 0, 0, 0]))).toBe(1); // IFD outside the block
    expect(readExifOrientation(noise(40))).toBe(1);
  });

  it("refuses a truncated file, a file without a frame header and a scan bomb", () => {
    const photo = jpeg(640, 480);
    expect(sniffImage(photo.subarray(0, 3))).toEqual({ ok: false, reason: "corrupt", detected: "truncated" });
    expect(sniffImage(photo.subarray(0, 30))).toEqual({ ok: false, reason: "corrupt", detected: "truncated" });
    expect(sniffImage(photo.subarray(0, photo.length - 2))).toEqual({ ok: false, reason: "corrupt", detected: "truncated" }); // no EOI
    const noFrame = concat(new Uint8Array([0xff, 0xd8]), segment(0xda, [1, 1, 0, 0, 63, 0]), new Uint8Array([1, 0xff, 0xd9]));
    expect(sniffImage(noFrame)).toMatchObject({ ok: false, detected: "malformed" });
    expect(sniffImage(jpeg(0, 480))).toMatchObject({ ok: false, detected: "malformed" });
    expect(sniffImage(jpeg(640, 480, { sof: 0xc2, scans: MAX_JPEG_SCANS + 1 }))).toMatchObject({ ok: false, detected: "malformed" });
  });

  it("accepts polyglots only as JPEG: what follows EOI or hides in a comment is not looked at", () => {
    expect(sniffImage(concat(jpeg(640, 480), ZIP_TRAILER))).toMatchObject({ ok: true, format: "jpeg" });
    expect(sniffImage(concat(jpeg(640, 480), HTML_TRAILER))).toMatchObject({ ok: true, format: "jpeg" });
    expect(sniffImage(spliceAfterSoi(jpeg(640, 480), commentSegment("<script>alert(1)</script>")))).toMatchObject({
      ok: true,
      format: "jpeg",
    });
  });
});

describe("sniffImage: PNG", () => {
  it("reads the size from IHDR", async () => {
    expect(sniffImage(await encodePng(300, 200, 2, () => [1, 2, 3]))).toEqual({
      ok: true,
      format: "png",
      width: 300,
      height: 200,
      orientation: 1,
    });
    const flood = concat(
      PNG_SIGNATURE,
      pngHeader(8000, 7000, 8, 6),
      pngChunk("IDAT", new Uint8Array(4)),
      pngChunk("IEND", new Uint8Array()),
    );
    expect(sniffImage(flood)).toMatchObject({ ok: true, width: 8000, height: 7000 });
  });

  it("refuses a PNG cut off before IEND, without IHDR first, or with a zero size", async () => {
    const png = await encodePng(300, 200, 2, () => [1, 2, 3]);
    expect(sniffImage(png.subarray(0, png.length - 12))).toEqual({ ok: false, reason: "corrupt", detected: "truncated" });
    expect(sniffImage(png.subarray(0, 20))).toMatchObject({ ok: false, detected: "truncated" });
    expect(sniffImage(concat(PNG_SIGNATURE, pngChunk("tEXt", ascii("Comment\0hi")), pngHeader(10, 10, 8, 2)))).toMatchObject({
      ok: false,
      detected: "malformed",
    });
    expect(sniffImage(concat(PNG_SIGNATURE, pngHeader(0, 10, 8, 2), pngChunk("IEND", new Uint8Array())))).toMatchObject({
      ok: false,
      detected: "malformed",
    });
  });

  it("ignores data after IEND (it is not kept: the image is re-encoded)", async () => {
    expect(sniffImage(concat(await encodePng(300, 200, 2, () => [1, 2, 3]), HTML_TRAILER))).toMatchObject({ ok: true, format: "png" });
  });
});

describe("sniffImage: WebP", () => {
  it("reads the size of lossy, lossless and extended files", () => {
    expect(sniffImage(webp("VP8 ", [0x50, 0x2a, 0, 0x9d, 0x01, 0x2a, 0x80, 0x02, 0xe0, 0x01]))).toEqual({
      ok: true,
      format: "webp",
      width: 640,
      height: 480,
      orientation: 1,
    });
    // VP8L: 14 bits width − 1, 14 bits height − 1, little-endian after the 0x2F signature.
    const bits = (1023 & 0x3fff) | ((767 & 0x3fff) << 14);
    expect(sniffImage(webp("VP8L", [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, bits >>> 24]))).toMatchObject({
      width: 1024,
      height: 768,
    });
    expect(sniffImage(webp("VP8X", [0x10, 0, 0, 0, 0x3f, 0x1f, 0, 0x3f, 0x1f, 0]))).toMatchObject({ width: 8000, height: 8000 });
  });

  it("refuses animated WebP, a wrong VP8 start code and a RIFF size beyond the file", () => {
    expect(sniffImage(webp("VP8X", [0x02, 0, 0, 0, 99, 0, 0, 99, 0, 0]))).toEqual({
      ok: false,
      reason: "unsupported_type",
      detected: "animated-webp",
    });
    expect(sniffImage(webp("VP8 ", [0x50, 0x2a, 0, 0x9d, 0x01, 0x2b, 0x80, 0x02, 0xe0, 0x01]))).toMatchObject({ detected: "malformed" });
    const file = webp("VP8 ", [0x50, 0x2a, 0, 0x9d, 0x01, 0x2a, 0x80, 0x02, 0xe0, 0x01]);
    expect(sniffImage(file.subarray(0, file.length - 4))).toMatchObject({ detected: "truncated" });
  });
});

describe("sniffImage: everything else", () => {
  it("recognises HEIC and AVIF by their ftyp brands, other ISO media as video", () => {
    expect(sniffImage(ftypBox("heic", ["mif1", "heic"]))).toEqual({ ok: false, reason: "unsupported_type", detected: "heic" });
    expect(sniffImage(ftypBox("mif1", ["mif1", "heix"]))).toMatchObject({ detected: "heic" });
    expect(sniffImage(ftypBox("avif", ["avif", "mif1", "miaf"]))).toMatchObject({ detected: "avif" });
    expect(sniffImage(ftypBox("mif1", ["avif", "mif1"]))).toMatchObject({ detected: "avif" });
    expect(sniffImage(ftypBox("qt  ", ["qt  "]))).toMatchObject({ detected: "video" });
  });

  it("refuses markup, whatever the file is called", () => {
    const svg = '\ufeff  <?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    expect(sniffImage(ascii(svg))).toEqual({ ok: false, reason: "unsupported_type", detected: "svg" });
    expect(sniffImage(ascii("<svg onload=alert(1)>"))).toMatchObject({ detected: "svg" });
    expect(sniffImage(ascii("\n<!DOCTYPE html><html><script>alert(1)</script>"))).toMatchObject({ detected: "html" });
    expect(sniffImage(ascii("<script>alert(1)</script>"))).toMatchObject({ detected: "html" });
    expect(sniffImage(ascii('<?xml version="1.0"?><rss/>'))).toMatchObject({ detected: "xml" });
  });

  it("recognises GIF, BMP, TIFF, JPEG XL, ICO, PSD, PDF and ZIP", () => {
    const cases: [Uint8Array, string][] = [
      [concat(ascii("GIF89a"), noise(20)), "gif"],
      [concat(ascii("BM"), new Uint8Array([0x36, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0])), "bmp"],
      [new Uint8Array([0x49, 0x49, 0x2a, 0, 8, 0, 0, 0]), "tiff"],
      [new Uint8Array([0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8]), "tiff"],
      [new Uint8Array([0xff, 0x0a, 0xfa, 0x7f]), "jxl"],
      [new Uint8Array([0, 0, 1, 0, 1, 0, 16, 16]), "ico"],
      [concat(ascii("8BPS"), noise(20)), "psd"],
      [ascii("%PDF-1.7\n"), "pdf"],
      [ZIP_TRAILER, "zip"],
    ];
    for (const [bytes, detected] of cases) expect(sniffImage(bytes)).toEqual({ ok: false, reason: "unsupported_type", detected });
  });

  it("calls empty files, random bytes and unknown formats corrupt", () => {
    expect(sniffImage(new Uint8Array())).toEqual({ ok: false, reason: "corrupt", detected: "unknown" });
    expect(sniffImage(noise(4096))).toEqual({ ok: false, reason: "corrupt", detected: "unknown" });
    expect(sniffImage(ascii("just some text, not an image"))).toEqual({ ok: false, reason: "corrupt", detected: "unknown" });
  });
});
