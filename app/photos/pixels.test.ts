import { describe, expect, it } from "vitest";
import { coverCropSize, createImage, cropCenter, downscale, flattenOnWhite, orient, type RgbaImage } from "./pixels";

/** An image whose pixel (x, y) is [x, y, 0, 255], to follow where pixels go. */
function coordinates(width: number, height: number): RgbaImage {
  const image = createImage(width, height);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) image.data.set([x, y, 0, 255], (y * width + x) * 4);
  return image;
}

const at = (image: RgbaImage, x: number, y: number) => [...image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4)];

describe("orient", () => {
  // A 3×2 image; where does the stored top-left pixel (0, 0) and top-right (2, 0) end up?
  const image = coordinates(3, 2);
  const cases: [orientation: number, size: [number, number], topLeftAt: [number, number], topRightAt: [number, number]][] = [
    [1, [3, 2], [0, 0], [2, 0]],
    [2, [3, 2], [2, 0], [0, 0]],
    [3, [3, 2], [2, 1], [0, 1]],
    [4, [3, 2], [0, 1], [2, 1]],
    [5, [2, 3], [0, 0], [0, 2]],
    [6, [2, 3], [1, 0], [1, 2]],
    [7, [2, 3], [1, 2], [1, 0]],
    [8, [2, 3], [0, 2], [0, 0]],
  ];
  for (const [orientation, [width, height], topLeft, topRight] of cases) {
    it(`orientation ${orientation}`, () => {
      const upright = orient(image, orientation);
      expect([upright.width, upright.height]).toEqual([width, height]);
      expect(at(upright, ...topLeft)).toEqual([0, 0, 0, 255]);
      expect(at(upright, ...topRight)).toEqual([2, 0, 0, 255]);
    });
  }
});

describe("downscale", () => {
  it("averages the covered area, also for fractional factors", () => {
    const image = createImage(4, 2);
    image.data.set([0, 0, 0, 255, 100, 100, 100, 255, 200, 200, 200, 255, 40, 40, 40, 255], 0);
    image.data.set([0, 0, 0, 255, 100, 100, 100, 255, 200, 200, 200, 255, 40, 40, 40, 255], 16);
    expect([...downscale(image, 2, 1).data]).toEqual([50, 50, 50, 255, 120, 120, 120, 255]);
    expect([...downscale(image, 1, 1).data]).toEqual([85, 85, 85, 255]);
    // 4 → 3: target pixel 1 spans source [1⅓, 2⅔): two thirds of source 1 and two thirds of source 2.
    expect(at(downscale(image, 3, 2), 1, 0)[0]).toBe(150);
    expect(at(downscale(image, 3, 2), 0, 1)[0]).toBe(25); // [0, 1⅓): all of 0, a third of 100
  });

  it("keeps a uniform colour exactly and handles large reductions", () => {
    const image = createImage(1000, 750);
    for (let index = 0; index < image.data.length; index += 4) image.data.set([12, 200, 99, 255], index);
    const small = downscale(image, 333, 250);
    expect([small.width, small.height]).toEqual([333, 250]);
    const expected = [12, 200, 99, 255];
    expect(small.data.every((value, index) => value === expected[index % 4])).toBe(true);
  });

  it("refuses to enlarge", () => {
    expect(() => downscale(createImage(10, 10), 11, 10)).toThrow(RangeError);
  });
});

describe("crops and transparency", () => {
  it("finds the largest centred 4:5 rectangle", () => {
    expect(coverCropSize(1600, 1200, 0.8)).toEqual({ width: 960, height: 1200 });
    expect(coverCropSize(300, 900, 0.8)).toEqual({ width: 300, height: 375 });
    expect(coverCropSize(1200, 1600, 1.25)).toEqual({ width: 1200, height: 960 });
  });

  it("crops the centre into a buffer of its own", () => {
    const crop = cropCenter(coordinates(10, 6), 4, 2);
    expect([crop.width, crop.height, crop.data.buffer.byteLength]).toEqual([4, 2, 32]);
    expect(at(crop, 0, 0)).toEqual([3, 2, 0, 255]);
    expect(at(crop, 3, 1)).toEqual([6, 3, 0, 255]);
  });

  it("puts transparent pixels on white", () => {
    const image = createImage(3, 1);
    image.data.set([0, 0, 0, 0, 0, 0, 0, 128, 10, 20, 30, 255]);
    flattenOnWhite(image);
    expect([...image.data]).toEqual([255, 255, 255, 255, 127, 127, 127, 255, 10, 20, 30, 255]);
  });
});
