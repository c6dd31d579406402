/**
 * Where the seed (and tools) put photo objects.
 *
 * - `createMiniflarePhotoStore()` writes into the LOCAL R2 bucket that `wrangler dev` and the
 *   Cloudflare Vite plugin use: binding PHOTOS, bucket "dating-photos", persisted under
 *   `<project>/.wrangler/state/v3/r2` (the plugins' default `.wrangler/state` + `v3`).
 * - `createMemoryPhotoStore()` keeps objects in a Map (tests).
 *
 * The local R2 simulator is the bottleneck (~1 ms per object, one Durable Object per bucket), and a
 * put through Miniflare's `getR2Bucket()` proxy costs a round trip each, so the Miniflare store runs
 * a trivial worker that accepts many objects per request and puts them with `env.PHOTOS.put`;
 * requests go out in parallel. `getR2Bucket("PHOTOS")` is still used for reads (`get`, `list`).
 *
 * Do not seed while `npm run dev` is running: two workerd processes would share the same files.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";

export interface PhotoStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  close(): Promise<void>;
}

export const PHOTOS_BINDING = "PHOTOS";
export const PHOTOS_BUCKET = "dating-photos";

/** The project root (this file lives in `<root>/tools`). */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// ───────────────────────────── in memory ─────────────────────────────

export interface MemoryPhotoStore extends PhotoStore {
  readonly objects: Map<string, { bytes: Uint8Array; contentType: string }>;
  get(key: string): { bytes: Uint8Array; contentType: string } | undefined;
  has(key: string): boolean;
}

export function createMemoryPhotoStore(): MemoryPhotoStore {
  const objects = new Map<string, { bytes: Uint8Array; contentType: string }>();
  let closed = false;
  return {
    objects,
    async put(key, bytes, contentType) {
      if (closed) throw new Error("photo store is closed");
      objects.set(key, { bytes, contentType });
    },
    get: (key) => objects.get(key),
    has: (key) => objects.has(key),
    async close() {
      closed = true;
    },
  };
}

/** Alias of `createMemoryPhotoStore`. */
export const memoryPhotoStore = createMemoryPhotoStore;

// ───────────────────────────── Miniflare (local R2) ─────────────────────────────

export interface MiniflarePhotoStoreOptions {
  /**
   * The wrangler state directory, like `wrangler dev --persist-to` (default
   * `<project>/.wrangler/state`); objects land in `<persistTo>/v3/r2/dating-photos`.
   */
  persistTo?: string;
  /** Objects per request to the helper worker (default 25). */
  batchSize?: number;
  /** Requests in flight (default 8). */
  concurrency?: number;
}

export interface MiniflarePhotoStore extends PhotoStore {
  readonly persistTo: string;
  /** Reads an object back through `getR2Bucket("PHOTOS")`. */
  get(key: string): Promise<{ bytes: Uint8Array; contentType: string | undefined } | null>;
  /** Waits until every put so far is stored. */
  flush(): Promise<void>;
  /** The underlying instance (e.g. for `getR2Bucket`). */
  readonly miniflare: Miniflare;
}

/** The helper worker: a body of framed objects → `env.PHOTOS.put` each. */
const PUT_WORKER = `
export default {
  async fetch(request, env) {
    if (request.method !== "POST") return new Response("photo store helper", { status: 200 });
    const buf = new Uint8Array(await request.arrayBuffer());
    const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    const decoder = new TextDecoder();
    let o = 0;
    const count = view.getUint32(o); o += 4;
    const puts = [];
    for (let i = 0; i < count; i++) {
      const keyLength = view.getUint16(o); o += 2;
      const key = decoder.decode(buf.subarray(o, o + keyLength)); o += keyLength;
      const typeLength = view.getUint16(o); o += 2;
      const contentType = decoder.decode(buf.subarray(o, o + typeLength)); o += typeLength;
      const length = view.getUint32(o); o += 4;
      const bytes = buf.slice(o, o + length); o += length;
      puts.push(env.${PHOTOS_BINDING}.put(key, bytes, { httpMetadata: { contentType } }));
    }
    await Promise.all(puts);
    return new Response(String(count));
  },
};
`;

/** The part of R2Bucket used here (workers types are not loaded in the Node project). */
interface MinimalR2Bucket {
  get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer>; httpMetadata?: { contentType?: string } } | null>;
}

interface Pending {
  key: Uint8Array;
  contentType: Uint8Array;
  bytes: Uint8Array;
  resolve: () => void;
  reject: (error: unknown) => void;
}

const encoder = new TextEncoder();

function frame(items: Pending[]): Uint8Array {
  let size = 4;
  for (const item of items) size += 2 + item.key.length + 2 + item.contentType.length + 4 + item.bytes.length;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  let o = 0;
  view.setUint32(o, items.length);
  o += 4;
  for (const item of items) {
    view.setUint16(o, item.key.length);
    o += 2;
    out.set(item.key, o);
    o += item.key.length;
    view.setUint16(o, item.contentType.length);
    o += 2;
    out.set(item.contentType, o);
    o += item.contentType.length;
    view.setUint32(o, item.bytes.length);
    o += 4;
    out.set(item.bytes, o);
    o += item.bytes.length;
  }
  return out;
}

export async function createMiniflarePhotoStore(options: MiniflarePhotoStoreOptions = {}): Promise<MiniflarePhotoStore> {
  const persistTo = path.resolve(options.persistTo ?? path.join(projectRoot, ".wrangler", "state"));
  const batchSize = options.batchSize ?? 25;
  const concurrency = options.concurrency ?? 8;

  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      // Same layout as wrangler dev / the Vite plugin: <state>/v3/<plugin>/<bucket>.
      resourcePersistencePath: path.join(persistTo, "v3"),
      modules: true,
      compatibilityDate: "2026-01-01",
      script: PUT_WORKER,
      r2Buckets: { [PHOTOS_BINDING]: PHOTOS_BUCKET },
    }),
  );
  await miniflare.ready;

  let queue: Pending[] = [];
  let inFlight = 0;
  let scheduled = false;
  const idle: (() => void)[] = [];
  let closed = false;

  const pump = () => {
    while (inFlight < concurrency && queue.length > 0) {
      const items = queue.slice(0, batchSize);
      queue = queue.slice(items.length);
      inFlight++;
      (async () => {
        try {
          const response = await miniflare.dispatchFetch("http://photo-store.local/", { method: "POST", body: frame(items) });
          const text = await response.text();
          if (!response.ok || Number(text) !== items.length) throw new Error(`R2 put failed (${response.status}): ${text.slice(0, 200)}`);
          for (const item of items) item.resolve();
        } catch (error) {
          for (const item of items) item.reject(error);
        } finally {
          inFlight--;
          pump();
          if (inFlight === 0 && queue.length === 0) for (const resolve of idle.splice(0)) resolve();
        }
      })();
    }
  };

  const schedule = () => {
    if (queue.length >= batchSize * concurrency) pump();
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      pump();
    });
  };

  const flush = () =>
    new Promise<void>((resolve) => {
      if (inFlight === 0 && queue.length === 0) resolve();
      else {
        idle.push(resolve);
        pump();
      }
    });

  return {
    persistTo,
    miniflare,
    put(key, bytes, contentType) {
      if (closed) return Promise.reject(new Error("photo store is closed"));
      return new Promise<void>((resolve, reject) => {
        queue.push({ key: encoder.encode(key), contentType: encoder.encode(contentType), bytes, resolve, reject });
        schedule();
      });
    },
    flush,
    async get(key) {
      const bucket = (await miniflare.getR2Bucket(PHOTOS_BINDING)) as unknown as MinimalR2Bucket;
      const object = await bucket.get(key);
      if (!object) return null;
      return { bytes: new Uint8Array(await object.arrayBuffer()), contentType: object.httpMetadata?.contentType };
    },
    async close() {
      if (closed) return;
      await flush();
      closed = true;
      await miniflare.dispose();
    },
  };
}
