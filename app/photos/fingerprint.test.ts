import { describe, expect, it } from "vitest";
import { fingerprintDistance, photoFingerprint, SAME_PHOTO_DISTANCE } from "./fingerprint";
import { createImage, cropCenter, downscale, type RgbaImage } from "./pixels";

/** A photo-like test image: soft gradients and a few blobs, different per seed. */
function picture(width: number, height: number, seed: number): RgbaImage {
  const image = createImage(width, height);
  const blobs = Array.from({ length: 6 }, (_, n) => ({
    x: ((seed * 37 + n * 53) % 100) / 100,
    y: ((seed * 17 + n * 29) % 100) / 100,
    r: 0.1 + ((seed + n * 7) % 5) / 20,
    v: ((seed * 11 + n * 13) % 255) - 128,
  }));
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const u = x / width;
      const v = y / height;
      let value = 128 + 60 * Math.sin((u + seed) * 3) * Math.cos(v * 2 + seed);
      for (const blob of blobs) value += blob.v * Math.exp(-((u - blob.x) ** 2 + (v - blob.y) ** 2) / blob.r ** 2);
      image.data.set([value, value * 0.9 + 10, value * 0.8 + 20, 255], (y * width + x) * 4);
    }
  return image;
}

describe("photo fingerprints", () => {
  const original = picture(600, 800, 3);
  const print = photoFingerprint(original);

  it("is 16 hex digits and the same for the same pixels", () => {
    expect(print).toMatch(/^[0-9a-f]{16}$/);
    expect(photoFingerprint(original)).toBe(print);
  });

  it("survives resizing by 10 % and a slight crop", () => {
    expect(fingerprintDistance(print, photoFingerprint(downscale(original, 540, 720)))).toBeLessThanOrEqual(SAME_PHOTO_DISTANCE);
    expect(fingerprintDistance(print, photoFingerprint(cropCenter(original, 576, 768)))).toBeLessThanOrEqual(SAME_PHOTO_DISTANCE);
  });

  it("tells different photos apart", () => {
    for (const seed of [4, 9, 21])
      expect(fingerprintDistance(print, photoFingerprint(picture(600, 800, seed)))).toBeGreaterThan(SAME_PHOTO_DISTANCE);
  });

  it("counts a malformed fingerprint as entirely different", () => {
    expect(fingerprintDistance(print, "nope")).toBe(64);
  });
});
