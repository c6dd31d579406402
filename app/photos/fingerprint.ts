/**
 * A photo's perceptual fingerprint (ADR 053): a 64-bit difference hash (dHash) of the decoded
 * pixels the upload pipeline already has. The image is shrunk to 9×8 grey cells and each bit says
 * whether a cell is brighter than its right-hand neighbour, so the fingerprint survives re-encoding,
 * resizing and small crops or colour changes, while different photos differ in about half the bits.
 */
import { downscale, type RgbaImage } from "./pixels";

/** Fingerprints at most this many bits apart are taken for the same photo. */
export const SAME_PHOTO_DISTANCE = 10;

/** The fingerprint as 16 hexadecimal digits. */
export function photoFingerprint(image: RgbaImage): string {
  const cells = downscale(image, 9, 8);
  const grey = (x: number, y: number) => {
    const at = (y * 9 + x) * 4;
    return 0.299 * cells.data[at]! + 0.587 * cells.data[at + 1]! + 0.114 * cells.data[at + 2]!;
  };
  let hex = "";
  for (let y = 0; y < 8; y += 1) {
    let byte = 0;
    for (let x = 0; x < 8; x += 1) byte = (byte << 1) | (grey(x, y) > grey(x + 1, y) ? 1 : 0);
    hex += byte.toString(16).padStart(2, "0");
  }
  return hex;
}

/** How many bits two fingerprints differ in (64 for a malformed one). */
export function fingerprintDistance(a: string, b: string): number {
  if (!/^[0-9a-f]{16}$/.test(a) || !/^[0-9a-f]{16}$/.test(b)) return 64;
  let distance = 0;
  for (let index = 0; index < 16; index += 2) {
    let differ = Number.parseInt(a.slice(index, index + 2), 16) ^ Number.parseInt(b.slice(index, index + 2), 16);
    for (; differ; differ &= differ - 1) distance += 1;
  }
  return distance;
}

/** How many bits are set: a nearly flat image (a single colour, two plain halves) has too few or too many to tell photos apart. */
function bitsSet(fingerprint: string): number {
  return fingerprintDistance(fingerprint, "0000000000000000");
}

/** Whether a fingerprint says enough about a photo to compare it with others (not a plain, flat image). */
export function isTelling(fingerprint: string): boolean {
  const set = bitsSet(fingerprint);
  return set >= 8 && set <= 56;
}

/** The four 16-bit bands of a fingerprint: two fingerprints within 3 bits share at least one (the index's candidates). */
export function fingerprintBands(fingerprint: string): [string, string, string, string] {
  return [fingerprint.slice(0, 4), fingerprint.slice(4, 8), fingerprint.slice(8, 12), fingerprint.slice(12, 16)];
}
