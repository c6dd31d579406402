/**
 * The picture link previews show for a site (Open Graph, 1200×630): the site's two brand colours
 * as a diagonal gradient with a white heart, drawn and PNG-encoded in the Worker (the platform's
 * deflate, no image library). A site may name its own picture instead (`ogImage`), a lander its own.
 */
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

const rgb = (hex: string) => [1, 3, 5].map((offset) => Number.parseInt(hex.slice(offset, offset + 2), 16)) as [number, number, number];

/** Inside the heart curve (x² + y² − 1)³ − x²y³ ≤ 0, in units where the heart is about 2.3 wide. */
const inHeart = (x: number, y: number) => (x * x + y * y - 1) ** 3 - x * x * y * y * y <= 0;

/** Raw RGB scanlines (each led by PNG's filter byte 0). */
export function drawCard(primary: string, secondary: string, width = OG_WIDTH, height = OG_HEIGHT): Uint8Array<ArrayBuffer> {
  const [r1, g1, b1] = rgb(primary);
  const [r2, g2, b2] = rgb(secondary);
  const out = new Uint8Array(height * (width * 3 + 1));
  const scale = height / 4.2; // the heart about half the card's height
  const cx = width / 2;
  const cy = height / 2;
  let i = 0;
  for (let y = 0; y < height; y++) {
    out[i++] = 0;
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      let r = r1 + (r2 - r1) * t;
      let g = g1 + (g2 - g1) * t;
      let b = b1 + (b2 - b1) * t;
      // Four samples a pixel near the heart: smooth edges.
      if (Math.abs(x - cx) < scale * 1.3 && Math.abs(y - cy) < scale * 1.3) {
        let cover = 0;
        for (const [dx, dy] of [
          [0.25, 0.25],
          [0.75, 0.25],
          [0.25, 0.75],
          [0.75, 0.75],
        ] as const) {
          if (inHeart((x + dx - cx) / scale, -(y + dy - cy) / scale + 0.1)) cover += 0.25;
        }
        r += (255 - r) * cover;
        g += (255 - g) * cover;
        b += (255 - b) * cover;
      }
      out[i++] = r;
      out[i++] = g;
      out[i++] = b;
    }
  }
  return out;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function deflate(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([data]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** An 8-bit RGB PNG of `scanlines` (from drawCard). */
export async function encodePng(
  scanlines: Uint8Array<ArrayBuffer>,
  width = OG_WIDTH,
  height = OG_HEIGHT,
): Promise<Uint8Array<ArrayBuffer>> {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, adaptive filtering, no interlace
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", await deflate(scanlines)),
    chunk("IEND", new Uint8Array()),
  ];
  const png = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    png.set(part, offset);
    offset += part.length;
  }
  return png;
}
