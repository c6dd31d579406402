/**
 * The WebAssembly image codecs (jSquash builds of MozJPEG, libwebp, the Rust `png` and `resize`
 * crates) as the Worker uses them.
 *
 * Loading: each `.wasm` file is imported as a module. The Cloudflare Vite plugin (our build) and
 * the vitest pool for workerd both turn such an import into a compiled `WebAssembly.Module` that
 * workerd ships with the Worker (no fetch, no eval), and the codecs are instantiated from it. The
 * `?module` suffix (same meaning) is needed where a wasm-bindgen `.wasm.d.ts` beside the file
 * would otherwise give TypeScript the wrong type.
 *
 * Decoders and the encoder get a FRESH instance per upload instead of jSquash's shared one:
 * - a decoder's linear memory grows to hold the whole decoded image (48 MB for 12 megapixels) and
 *   WebAssembly memory never shrinks; a shared instance would keep that high-water mark for the
 *   isolate's life, while a dropped instance is garbage-collected (a Worker has 128 MB);
 * - hostile input can make a codec abort or panic half-way, leaving a shared instance's heap
 *   leaked or inconsistent for every later upload; a fresh instance is simply thrown away.
 * Instantiating an already compiled module is cheap next to decoding. The resizer keeps one
 * shared instance: it only ever sees our own, already reduced images (at most 1600 px a side).
 */
import { initEmscriptenModule } from "@jsquash/jpeg/utils.js";
import createMozjpegDecoder from "@jsquash/jpeg/codec/dec/mozjpeg_dec.js";
import mozjpegDecoderWasm from "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm";
import createMozjpegEncoder from "@jsquash/jpeg/codec/enc/mozjpeg_enc.js";
import mozjpegEncoderWasm from "@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm";
import { defaultOptions as mozjpegDefaults } from "@jsquash/jpeg/meta.js";
import pngWasm from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm?module";
import { initSync as initResizer, resize as wasmResize } from "@jsquash/resize/lib/resize/pkg/squoosh_resize.js";
import resizeWasm from "@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm?module";
import createWebpDecoder from "@jsquash/webp/codec/dec/webp_dec.js";
import webpDecoderWasm from "@jsquash/webp/codec/dec/webp_dec.wasm";
import type { RgbaImage } from "./pixels";
import type { ImageFormat } from "./sniff";

type EmscriptenFactory = Parameters<typeof initEmscriptenModule>[0];
interface DecoderModule {
  decode(data: Uint8Array, ...options: boolean[]): RgbaImage | null;
}
interface EncoderModule {
  encode(data: Uint8ClampedArray, width: number, height: number, options: typeof mozjpegDefaults): Uint8Array;
}

/**
 * The Emscripten glue builds an `ImageData` for decoded pixels. workerd has no such class; the glue
 * defines a stand-in only when it recognises the Workers runtime, so make sure one exists.
 */
function ensureImageData() {
  const global = globalThis as { ImageData?: unknown };
  global.ImageData ??= class ImageData {
    constructor(
      readonly data: Uint8ClampedArray,
      readonly width: number,
      readonly height: number,
    ) {}
  };
}

async function instantiate<T>(factory: unknown, wasm: WebAssembly.Module): Promise<T> {
  ensureImageData();
  // The glue is given the compiled module, so it never fetches a `.wasm` file; `locateFile` keeps it
  // from building that file's URL from `import.meta.url` (tools/vite-plugin-jsquash.ts).
  return (await initEmscriptenModule(factory as EmscriptenFactory, wasm, { locateFile: (file: string) => file })) as unknown as T;
}

function checked(image: RgbaImage | null | undefined): RgbaImage {
  if (!image || image.width < 1 || image.height < 1 || image.data.length !== image.width * image.height * 4) {
    throw new Error("decoder returned no image");
  }
  return { data: image.data, width: image.width, height: image.height };
}

/** Decodes a sniffed JPEG, PNG or WebP file to RGBA pixels (as stored: no EXIF rotation). Throws when the data is bad. */
export async function decodeImage(format: ImageFormat, bytes: Uint8Array): Promise<RgbaImage> {
  switch (format) {
    case "jpeg": {
      const decoder = await instantiate<DecoderModule>(createMozjpegDecoder, mozjpegDecoderWasm);
      return checked(decoder.decode(bytes, false)); // false: orientation is applied by us, after resizing
    }
    case "webp": {
      const decoder = await instantiate<DecoderModule>(createWebpDecoder, webpDecoderWasm);
      return checked(decoder.decode(bytes));
    }
    case "png":
      return checked(decodePng(bytes));
  }
}

/** A MozJPEG encoder for one upload (both of its images). */
export async function createJpegEncoder(quality: number) {
  const encoder = await instantiate<EncoderModule>(createMozjpegEncoder, mozjpegEncoderWasm);
  // Progressive with optimised Huffman tables (the jSquash defaults): smaller files, same pixels.
  const options = { ...mozjpegDefaults, quality };
  return (image: RgbaImage): Uint8Array => encoder.encode(image.data, image.width, image.height, options);
}

/**
 * Lanczos3 resampling of an opaque image to an exact size (up or down), for the thumbnail. In
 * sRGB without premultiplying (the image has no transparency left): a quarter of the CPU time of
 * the linear-light variant, and the same space the full image was averaged in.
 */
export function resizeExact(image: RgbaImage, width: number, height: number): RgbaImage {
  if (image.width === width && image.height === height) return image;
  initResizer(resizeWasm); // once per isolate; later calls return the existing instance
  const lanczos3 = 3; // index into the crate's filter list: triangle, catrom, mitchell, lanczos3
  const pixels = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.length);
  const data = wasmResize(pixels, image.width, image.height, width, height, lanczos3, false, false);
  return { data, width, height };
}

/**
 * The Rust PNG decoder, instantiated afresh for every file. Its wasm-bindgen glue keeps one module
 * instance forever, so the few JavaScript functions the module imports are provided here, found
 * by their name (wasm-bindgen appends a hash to some of them).
 */
function decodePng(bytes: Uint8Array): RgbaImage | null {
  interface PngExports {
    memory: WebAssembly.Memory;
    decode(pointer: number, length: number): number;
    __wbindgen_malloc(length: number, align: number): number;
    __wbindgen_free(pointer: number, length: number, align: number): void;
  }
  let exports: PngExports | undefined;
  const memory = () => exports!.memory.buffer;
  const objects = new Map<number, unknown>(); // JavaScript values the wasm side holds by number
  let nextHandle = 1024; // above the numbers wasm-bindgen reserves for its constants
  const keep = (value: unknown) => {
    objects.set(nextHandle, value);
    return nextHandle++;
  };
  const functions: [prefix: string, implementation: (...args: number[]) => unknown][] = [
    ["__wbindgen_memory", () => keep(exports!.memory)],
    ["__wbg_buffer_", (handle) => keep((objects.get(handle) as WebAssembly.Memory).buffer)],
    [
      "__wbg_newwithbyteoffsetandlength_",
      (handle, offset, length) => keep(new Uint16Array(objects.get(handle) as ArrayBuffer, offset! >>> 0, length! >>> 0)),
    ],
    ["__wbindgen_object_drop_ref", (handle) => void objects.delete(handle!)],
    [
      "__wbg_newwithownedu8clampedarrayandsh_",
      (pointer, length, width, height) => {
        const data = new Uint8ClampedArray(memory(), pointer! >>> 0, length! >>> 0).slice();
        exports!.__wbindgen_free(pointer!, length!, 1);
        return keep({ data, width: width! >>> 0, height: height! >>> 0 });
      },
    ],
    [
      "__wbindgen_throw",
      (pointer, length) => {
        throw new Error(new TextDecoder().decode(new Uint8Array(memory(), pointer! >>> 0, length! >>> 0)));
      },
    ],
  ];
  const imports: Record<string, Record<string, (...args: number[]) => unknown>> = {};
  for (const { module, name } of WebAssembly.Module.imports(pngWasm)) {
    const implementation = functions.find(([prefix]) => name.startsWith(prefix))?.[1];
    if (!implementation) throw new Error(`PNG decoder imports an unknown function ${name}`);
    (imports[module] ??= {})[name] = implementation;
  }
  exports = new WebAssembly.Instance(pngWasm, imports).exports as unknown as PngExports;
  const pointer = exports.__wbindgen_malloc(bytes.length, 1);
  new Uint8Array(memory(), pointer, bytes.length).set(bytes);
  return objects.get(exports.decode(pointer, bytes.length)) as RgbaImage | null;
}
