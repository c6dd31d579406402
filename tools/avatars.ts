/**
 * Non-explicit placeholder avatars drawn by code: a friendly head-and-shoulders portrait (simple
 * shapes, anti-aliased per pixel) with varied skin tones, hair colours and styles, clothing and a
 * background gradient. Deterministic per seed; encoded as PNG with a tiny encoder (node:zlib
 * deflate + CRC32), no native dependencies.
 *
 *   drawAvatar(seed, { gender: "female", hairColor: "red" }) → { full, thumb } PNG bytes
 *
 * Full size is 480×600, the thumbnail 160×200 (a 3×3 box downsample of the full image).
 *
 * A seed is a person (skin, hair, face shape, eyes, beard, glasses); `pose` varies the photo of
 * that person (background, clothes, where the head sits, the smile), so one member's photos show
 * the same person rather than strangers.
 * Drawing one avatar takes a few milliseconds, so the seed renders a small pool and reuses it.
 *
 * CLI (writes samples to look at): `tsx tools/avatars.ts [outDir] [count]`.
 */
import { deflateSync } from "node:zlib";

export const AVATAR_WIDTH = 480;
export const AVATAR_HEIGHT = 600;
export const THUMB_WIDTH = 160;
export const THUMB_HEIGHT = 200;

export type AvatarHairColor = "black" | "brown" | "blonde" | "red" | "grey" | "bald" | "other";

export interface AvatarTraits {
  gender?: "male" | "female";
  /** A profile hair colour option; "bald" draws no hair. */
  hairColor?: AvatarHairColor | null;
}

export interface AvatarImages {
  full: Uint8Array;
  thumb: Uint8Array;
  width: number;
  height: number;
  thumbWidth: number;
  thumbHeight: number;
  contentType: "image/png";
}

// ───────────────────────────── PNG encoder ─────────────────────────────

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** Encodes 8-bit RGB pixels (row-major, 3 bytes per pixel) as a PNG. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Uint8Array {
  const stride = width * 3;
  if (rgb.length !== stride * height) throw new Error("encodePng: pixel buffer size mismatch");
  // Per row pick the cheaper of the Sub and Up filters (gradients and flat shapes become zeros).
  const filtered = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    const out = y * (stride + 1);
    let sumSub = 0;
    let sumUp = 0;
    for (let i = 0; i < stride; i++) {
      const v = rgb[row + i]!;
      const sub = (v - (i >= 3 ? rgb[row + i - 3]! : 0)) & 0xff;
      const up = (v - (y > 0 ? rgb[row - stride + i]! : 0)) & 0xff;
      sumSub += sub < 128 ? sub : 256 - sub;
      sumUp += up < 128 ? up : 256 - up;
    }
    if (sumUp < sumSub) {
      filtered[out] = 2;
      for (let i = 0; i < stride; i++) filtered[out + 1 + i] = (rgb[row + i]! - (y > 0 ? rgb[row - stride + i]! : 0)) & 0xff;
    } else {
      filtered[out] = 1;
      for (let i = 0; i < stride; i++) filtered[out + 1 + i] = (rgb[row + i]! - (i >= 3 ? rgb[row + i - 3]! : 0)) & 0xff;
    }
  }
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  ihdr[10] = 0; // compression
  ihdr[11] = 0; // filter
  ihdr[12] = 0; // interlace
  const idat = deflateSync(filtered, { level: 6 });
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", new Uint8Array(idat.buffer, idat.byteOffset, idat.byteLength)),
    chunk("IEND", new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    png.set(p, offset);
    offset += p.length;
  }
  return png;
}

// ───────────────────────────── raster ─────────────────────────────

type RGB = readonly [number, number, number];

function hex(color: string): RGB {
  const n = parseInt(color.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(a: RGB, b: RGB, t: number): RGB {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

class Canvas {
  readonly pixels: Float32Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Float32Array(width * height * 3);
  }

  verticalGradient(top: RGB, bottom: RGB): void {
    const { width, height, pixels } = this;
    for (let y = 0; y < height; y++) {
      const c = mix(top, bottom, y / (height - 1));
      for (let x = 0, i = y * width * 3; x < width; x++, i += 3) {
        pixels[i] = c[0];
        pixels[i + 1] = c[1];
        pixels[i + 2] = c[2];
      }
    }
  }

  /** Blends `color` into the bounding box wherever `coverage(x, y)` (0..1) is positive. */
  fill(x0: number, y0: number, x1: number, y1: number, color: RGB, coverage: (x: number, y: number) => number, alpha = 1): void {
    const { width, height, pixels } = this;
    const xa = Math.max(0, Math.floor(x0));
    const xb = Math.min(width - 1, Math.ceil(x1));
    const ya = Math.max(0, Math.floor(y0));
    const yb = Math.min(height - 1, Math.ceil(y1));
    for (let y = ya; y <= yb; y++) {
      const py = y + 0.5;
      for (let x = xa; x <= xb; x++) {
        let a = coverage(x + 0.5, py);
        if (a <= 0) continue;
        if (a > 1) a = 1;
        a *= alpha;
        const i = (y * width + x) * 3;
        pixels[i] = pixels[i]! + (color[0] - pixels[i]!) * a;
        pixels[i + 1] = pixels[i + 1]! + (color[1] - pixels[i + 1]!) * a;
        pixels[i + 2] = pixels[i + 2]! + (color[2] - pixels[i + 2]!) * a;
      }
    }
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, color: RGB, alpha = 1, clip?: (x: number, y: number) => number): void {
    this.fill(
      cx - rx - 1,
      cy - ry - 1,
      cx + rx + 1,
      cy + ry + 1,
      color,
      (x, y) => {
        const c = ellipseCoverage(x - cx, y - cy, rx, ry);
        return clip && c > 0 ? Math.min(c, clip(x, y)) : c;
      },
      alpha,
    );
  }

  roundRect(x0: number, y0: number, x1: number, y1: number, r: number, color: RGB, alpha = 1): void {
    this.fill(
      x0 - 1,
      y0 - 1,
      x1 + 1,
      y1 + 1,
      color,
      (x, y) => {
        const qx = Math.abs(x - (x0 + x1) / 2) - ((x1 - x0) / 2 - r);
        const qy = Math.abs(y - (y0 + y1) / 2) - ((y1 - y0) / 2 - r);
        const outside = Math.sqrt(Math.max(qx, 0) ** 2 + Math.max(qy, 0) ** 2);
        const inside = Math.min(Math.max(qx, qy), 0);
        return 0.5 - (outside + inside - r);
      },
      alpha,
    );
  }

  /** A ring segment (for smiles, eyebrows and glasses); angles in radians, y pointing down. */
  arc(cx: number, cy: number, r: number, thickness: number, from: number, to: number, color: RGB, alpha = 1): void {
    const half = thickness / 2;
    this.fill(
      cx - r - half - 1,
      cy - r - half - 1,
      cx + r + half + 1,
      cy + r + half + 1,
      color,
      (x, y) => {
        const dx = x - cx;
        const dy = y - cy;
        const angle = Math.atan2(dy, dx);
        if (angle < from || angle > to) return 0;
        return 0.5 - (Math.abs(Math.sqrt(dx * dx + dy * dy) - r) - half);
      },
      alpha,
    );
  }

  /** 3×3 box downsample (480×600 → 160×200). */
  downsample(factor: number): Canvas {
    const w = Math.floor(this.width / factor);
    const h = Math.floor(this.height / factor);
    const out = new Canvas(w, h);
    const n = factor * factor;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let r = 0;
        let g = 0;
        let b = 0;
        for (let dy = 0; dy < factor; dy++) {
          let i = ((y * factor + dy) * this.width + x * factor) * 3;
          for (let dx = 0; dx < factor; dx++, i += 3) {
            r += this.pixels[i]!;
            g += this.pixels[i + 1]!;
            b += this.pixels[i + 2]!;
          }
        }
        const o = (y * w + x) * 3;
        out.pixels[o] = r / n;
        out.pixels[o + 1] = g / n;
        out.pixels[o + 2] = b / n;
      }
    }
    return out;
  }

  toRgb8(): Uint8Array {
    const out = new Uint8ClampedArray(this.pixels.length);
    out.set(this.pixels); // rounds and clamps to 0..255
    return new Uint8Array(out.buffer);
  }
}

/** Anti-aliased coverage of an ellipse at offset (dx, dy) from its centre. */
function ellipseCoverage(dx: number, dy: number, rx: number, ry: number): number {
  const nx = dx / rx;
  const ny = dy / ry;
  const g = nx * nx + ny * ny;
  if (g > 1.6) return 0;
  const gx = dx / (rx * rx);
  const gy = dy / (ry * ry);
  const grad = 2 * Math.sqrt(gx * gx + gy * gy) || 1e-6;
  return 0.5 - (g - 1) / grad;
}

// ───────────────────────────── portrait ─────────────────────────────

/** mulberry32: small, fast, deterministic. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SKIN_TONES = ["#f7dcc8", "#f0c8a8", "#e5b48e", "#d39c70", "#bd8257", "#a0683f", "#7f4f2e", "#5e3a22"].map(hex);
const HAIR: Record<Exclude<AvatarHairColor, "bald" | "other">, RGB[]> = {
  black: ["#1f1a19", "#2a2321", "#15120f"].map(hex),
  brown: ["#5a3720", "#6e4529", "#7b5233", "#4a2c19"].map(hex),
  blonde: ["#e2c374", "#d8b25c", "#ecd397", "#c9a050"].map(hex),
  red: ["#a3402a", "#b5522c", "#8e3420", "#c0643a"].map(hex),
  grey: ["#b7b5b2", "#9d9a97", "#d3d1cd", "#8a8784"].map(hex),
};
const DYED_HAIR = ["#8e5fb8", "#d56c9a", "#4f8fc9", "#3a9d8f", "#d98a3a"].map(hex);
const BACKGROUNDS: [string, string][] = [
  ["#fde2e4", "#fad2e1"],
  ["#e2ece9", "#bee1e6"],
  ["#fff1e6", "#fde2c8"],
  ["#dfe7fd", "#cddafd"],
  ["#f0efeb", "#ddd6cc"],
  ["#e8f4ea", "#c8e6c9"],
  ["#fce1f0", "#e0c3fc"],
  ["#ffe5d9", "#ffcad4"],
  ["#d8f3ff", "#a9def9"],
  ["#fff8d6", "#ffe8a3"],
  ["#ece4f9", "#cdb4db"],
  ["#e3f2fd", "#ffdde1"],
];
const CLOTHES = [
  "#3d5a80",
  "#ee6c4d",
  "#2a9d8f",
  "#e9c46a",
  "#6d597a",
  "#b56576",
  "#264653",
  "#f4a261",
  "#588157",
  "#9c6644",
  "#457b9d",
  "#e76f51",
  "#22223b",
  "#c9ada7",
].map(hex);
const NATURAL: (keyof typeof HAIR)[] = ["black", "brown", "brown", "blonde", "red", "grey"];

type HairStyle = "short" | "side" | "curly" | "buzz" | "bald" | "long" | "bob" | "bun" | "wavy";

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

function shade(c: RGB, f: number): RGB {
  return [c[0] * f, c[1] * f, c[2] * f];
}

/**
 * Draws one portrait as RGB pixels at full size. Two random streams: `random` (from the seed alone)
 * decides the person, `scene` (seed and pose) the photo; the person's draws never depend on the pose.
 */
function drawPortrait(seed: number, traits: AvatarTraits, pose = 0): Canvas {
  const random = prng(seed ^ 0x5eed);
  const scene = prng(Math.imul(seed, 31) + pose * 0x9e3779b1 + 0xbac6);
  const gender = traits.gender ?? (random() < 0.5 ? "female" : "male");
  const canvas = new Canvas(AVATAR_WIDTH, AVATAR_HEIGHT);

  // Background: soft vertical gradient with a lighter halo behind the head.
  const [bgTop, bgBottom] = pick(scene, BACKGROUNDS).map(hex) as [RGB, RGB];
  const flip = scene() < 0.5;
  canvas.verticalGradient(flip ? bgBottom : bgTop, flip ? bgTop : bgBottom);

  const skin = pick(random, SKIN_TONES);
  const hairChoice = traits.hairColor ?? pick(random, NATURAL);
  const hair: RGB = hairChoice === "other" ? pick(random, DYED_HAIR) : hairChoice === "bald" ? skin : pick(random, HAIR[hairChoice]);
  const style: HairStyle =
    hairChoice === "bald"
      ? "bald"
      : gender === "female"
        ? pick(random, ["long", "long", "bob", "bun", "wavy", "curly", "short"] as const)
        : pick(random, ["short", "short", "side", "curly", "buzz", "side"] as const);
  const headRx = 96 + random() * 14;
  const headRy = 118 + random() * 12;
  const eyeDx = 34 + random() * 6;
  const beard = gender === "male" && hairChoice !== "bald" && random() < 0.3;
  const glasses = random() < 0.22;
  const frame: RGB = pick(random, [
    [40, 40, 40],
    [120, 70, 40],
    [60, 80, 140],
  ] as RGB[]);
  const wavyPhase = random();

  // The photo: clothes, where the head sits (pose 0 centred, others to a side), the smile.
  const clothes = pick(scene, CLOTHES);
  const lean = pose === 0 ? (scene() - 0.5) * 16 : (pose % 2 ? -1 : 1) * (24 + scene() * 26);
  const cx = 240 + lean;
  const cy = 262 + (scene() - 0.5) * (pose === 0 ? 10 : 40);
  canvas.ellipse(cx, 250, 210, 210, [255, 255, 255], 0.25);

  // Long hair falls behind the head and onto the shoulders.
  if (style === "long" || style === "wavy") {
    const bottom = 430 + wavyPhase * 60;
    canvas.roundRect(cx - headRx - 22, cy - 40, cx + headRx + 22, bottom, 60, hair);
    if (style === "wavy") {
      for (let i = 0; i < 6; i++) {
        canvas.ellipse(cx - headRx - 14, cy + 10 + i * 55, 30, 34, hair);
        canvas.ellipse(cx + headRx + 14, cy + 10 + i * 55, 30, 34, hair);
      }
    }
  } else if (style === "bob") {
    canvas.roundRect(cx - headRx - 18, cy - 50, cx + headRx + 18, cy + 95, 48, hair);
  }

  // Shoulders and torso, the neck and a scooped neckline.
  const shoulderRx = gender === "male" ? 225 : 200;
  const torsoTop = 432 + scene() * 16 + (cy - 262) / 2;
  const bodyX = 240 + lean * 0.6;
  canvas.ellipse(bodyX, torsoTop + 195, shoulderRx, 195, clothes);
  canvas.ellipse(bodyX, torsoTop + 215, shoulderRx - 40, 150, shade(clothes, 0.9), 0.35);
  const neck = shade(skin, 0.92);
  canvas.roundRect(cx - 42, cy + 40, cx + 42, torsoTop + 24, 22, neck);
  const neckline = scene();
  if (neckline < 0.6) canvas.ellipse(cx, torsoTop + 4, 58, 36 + scene() * 20, neck, 1, (_x, y) => y - torsoTop + 0.5);
  else if (neckline < 0.8) canvas.ellipse(cx, torsoTop + 10, 62, 16, shade(clothes, 0.8), 1, (_x, y) => torsoTop + 12 - y + 0.5);

  // Ears, head, and a chin shadow.
  canvas.ellipse(cx - headRx + 4, cy + 12, 16, 24, shade(skin, 0.95));
  canvas.ellipse(cx + headRx - 4, cy + 12, 16, 24, shade(skin, 0.95));
  canvas.ellipse(cx, cy, headRx, headRy, skin);

  // Hair on top of the head.
  const capTop = cy - headRy - 8;
  const hairline = (x: number) =>
    cy - 58 + ((x - cx) * (x - cx)) / 210 - (style === "short" ? 8 * Math.exp(-(((x - cx - 20) / 30) ** 2)) : 0);
  const capClip = (x: number, y: number) => hairline(x) - y + 0.5;
  switch (style) {
    case "short":
    case "side":
    case "bob":
    case "long":
    case "wavy":
    case "bun":
      canvas.ellipse(cx, cy - 26, headRx + (style === "short" || style === "side" ? 3 : 8), headRy - 6, hair, 1, capClip);
      if (style === "side") canvas.ellipse(cx + (wavyPhase < 0.5 ? -35 : 35), cy - 78, 70, 34, hair);
      if (style === "long" || style === "wavy" || style === "bob") {
        canvas.ellipse(cx - headRx + 10, cy - 10, 24, 70, hair);
        canvas.ellipse(cx + headRx - 10, cy - 10, 24, 70, hair);
      }
      if (style === "bun") canvas.ellipse(cx, capTop - 16, 46, 40, hair);
      break;
    case "curly":
      canvas.ellipse(cx, cy - 28, headRx + 8, headRy - 10, hair, 1, capClip);
      for (let i = 0; i <= 10; i++) {
        const a = Math.PI + (i / 10) * Math.PI;
        canvas.ellipse(cx + Math.cos(a) * (headRx + 4), cy - 30 + Math.sin(a) * (headRy - 6), 30, 30, hair);
      }
      break;
    case "buzz":
      canvas.ellipse(cx, cy - 18, headRx + 2, headRy - 4, hair, 0.75, (x, y) => hairline(x) + 8 - y + 0.5);
      break;
    case "bald":
      canvas.ellipse(cx - 30, cy - 70, 30, 16, [255, 255, 255], 0.18);
      break;
  }

  // Face: eyebrows, eyes, cheeks, smile; sometimes glasses or a beard.
  const eyeY = cy + 8;
  const brow = hairChoice === "bald" || hairChoice === "grey" ? shade(skin, 0.6) : shade(hair, 0.9);
  canvas.arc(cx - eyeDx, eyeY - 6, 22, 5, -Math.PI * 0.8, -Math.PI * 0.25, brow);
  canvas.arc(cx + eyeDx, eyeY - 6, 22, 5, -Math.PI * 0.75, -Math.PI * 0.2, brow);
  const eye: RGB = [45, 36, 34];
  canvas.ellipse(cx - eyeDx, eyeY + 12, 8, 10, eye);
  canvas.ellipse(cx + eyeDx, eyeY + 12, 8, 10, eye);
  canvas.ellipse(cx - eyeDx + 3, eyeY + 8, 2.5, 2.5, [255, 255, 255], 0.9);
  canvas.ellipse(cx + eyeDx + 3, eyeY + 8, 2.5, 2.5, [255, 255, 255], 0.9);
  canvas.ellipse(cx - eyeDx - 12, eyeY + 42, 18, 11, [240, 128, 128], 0.22);
  canvas.ellipse(cx + eyeDx + 12, eyeY + 42, 18, 11, [240, 128, 128], 0.22);
  if (beard) {
    const top = cy + 50;
    canvas.ellipse(cx, cy + headRy - 50, headRx - 10, 52, shade(hair, 0.95), 1, (_x, y) => y - top + 0.5);
    canvas.ellipse(cx, eyeY + 56, 34, 12, shade(hair, 0.95)); // moustache
  }
  const smileR = 26 + scene() * 10;
  const mouth: RGB = beard ? mix(skin, [255, 255, 255], 0.25) : shade(skin, 0.55);
  canvas.arc(cx, eyeY + 40, smileR, 5, Math.PI * 0.22, Math.PI * 0.78, mouth);
  if (glasses) {
    canvas.arc(cx - eyeDx, eyeY + 12, 22, 4, -Math.PI, Math.PI, frame);
    canvas.arc(cx + eyeDx, eyeY + 12, 22, 4, -Math.PI, Math.PI, frame);
    canvas.roundRect(cx - eyeDx + 21, eyeY + 8, cx + eyeDx - 21, eyeY + 12, 2, frame);
  }
  return canvas;
}

/** Draws the avatar for a seed (same seed, traits and pose → same bytes); `pose` varies the photo, not the person. */
export function drawAvatar(seed: number, traits: AvatarTraits = {}, pose = 0): AvatarImages {
  const canvas = drawPortrait(seed, traits, pose);
  const thumb = canvas.downsample(3);
  return {
    full: encodePng(canvas.width, canvas.height, canvas.toRgb8()),
    thumb: encodePng(thumb.width, thumb.height, thumb.toRgb8()),
    width: canvas.width,
    height: canvas.height,
    thumbWidth: thumb.width,
    thumbHeight: thumb.height,
    contentType: "image/png",
  };
}

/**
 * A memoising pool: at most `variants` distinct people per (gender, hair colour), each in as many
 * poses as a member has photos, so a large seed draws a few hundred images and reuses their bytes
 * under distinct object keys. A member's photos are one person (`variant`) in poses 0, 1, 2, …
 */
export function createAvatarPool(variants = 8): (traits: AvatarTraits, variant: number, pose?: number) => AvatarImages {
  const cache = new Map<string, AvatarImages>();
  return (traits, variant, pose = 0) => {
    const v = ((variant % variants) + variants) % variants;
    const person = `${traits.gender ?? "any"}|${traits.hairColor ?? "natural"}|${v}`;
    const key = `${person}|${pose}`;
    let images = cache.get(key);
    if (!images) {
      images = drawAvatar(crc32(new TextEncoder().encode(person)), traits, pose);
      cache.set(key, images);
    }
    return images;
  };
}

// CLI: write samples.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { mkdirSync, writeFileSync } = await import("node:fs");
  const dir = process.argv[2] ?? "/tmp/avatars";
  const count = Number(process.argv[3] ?? 12);
  mkdirSync(dir, { recursive: true });
  const started = performance.now();
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    // Three people in three poses each.
    const images = drawAvatar(Math.floor(i / 3) + 1, { gender: Math.floor(i / 3) % 2 ? "male" : "female" }, i % 3);
    writeFileSync(`${dir}/avatar-${i + 1}.png`, images.full);
    writeFileSync(`${dir}/avatar-${i + 1}_thumb.png`, images.thumb);
    bytes += images.full.length + images.thumb.length;
  }
  const ms = performance.now() - started;
  console.log(
    `${count} avatars in ${ms.toFixed(0)} ms (${(ms / count).toFixed(1)} ms each, ${(bytes / count / 1024).toFixed(1)} KiB each) → ${dir}`,
  );
}
