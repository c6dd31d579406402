// Hrana streams, batons and serialisation of access to the single SQLite
// connection.
//
// Hrana over HTTP is stateless per request: the client sends the `baton` it
// received in the previous response to continue the same stream, and each
// response carries a fresh baton (or null once the stream is closed). A baton
// is valid exactly once, which forces the client's requests on one stream to
// be sequential. Streams that see no request for `expiryMs` expire; an open
// transaction of an expired stream is rolled back.
//
// All streams share one SQLite connection. Requests run synchronously, so a
// request never interleaves with another one; but a transaction spans several
// requests. While a stream is inside a transaction it keeps holding the
// connection lock, and requests of other streams wait (asynchronously, FIFO)
// until that stream commits, rolls back, closes or expires.

import { randomBytes } from "node:crypto";

/**
 * @typedef {{
 *   id: string,
 *   seq: number,
 *   sqls: Map<number, string>,
 *   busy: boolean,
 *   closed: boolean,
 *   timer: ReturnType<typeof setTimeout> | undefined,
 * }} Stream
 */

/** A request could not get hold of its stream; sent as an HTTP error. */
export class StreamError extends Error {
  /**
   * @param {string} message
   * @param {number} status   HTTP status
   * @param {string | undefined} code  Hrana error code (JSON body) or undefined (text body)
   */
  constructor(message, status, code) {
    super(message);
    this.name = "StreamError";
    this.status = status;
    this.code = code;
  }
}

/**
 * FIFO lock over the shared connection. The holder may keep it across
 * requests (while it has a transaction open); other streams queue.
 */
export class ConnectionLock {
  /** @type {Stream | null} */
  #holder = null;
  /** @type {{ stream: Stream, resolve: () => void, reject: (e: Error) => void, timer: ReturnType<typeof setTimeout> }[]} */
  #waiters = [];

  get holder() {
    return this.#holder;
  }

  /**
   * Resolves once `stream` holds the lock; rejects after `timeoutMs`.
   * @param {Stream} stream @param {number} timeoutMs
   * @returns {Promise<void>}
   */
  acquire(stream, timeoutMs) {
    if (this.#holder === null || this.#holder === stream) {
      this.#holder = stream;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        stream,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.#waiters = this.#waiters.filter((w) => w !== waiter);
          reject(new StreamError("Timed out waiting for another stream's transaction to finish", 503, "TRANSACTION_TIMEOUT"));
        }, timeoutMs),
      };
      this.#waiters.push(waiter);
    });
  }

  /**
   * Hands the lock to the next waiter, if `stream` holds it.
   * @param {Stream} stream
   */
  release(stream) {
    if (this.#holder !== stream) return;
    const next = this.#waiters.shift();
    this.#holder = next ? next.stream : null;
    if (next) {
      clearTimeout(next.timer);
      next.resolve();
    }
  }

  /** Fails every waiter (server shutdown). @param {Error} error */
  abortAll(error) {
    for (const waiter of this.#waiters.splice(0)) {
      clearTimeout(waiter.timer);
      waiter.reject(error);
    }
    this.#holder = null;
  }
}

/** How long expired stream ids are remembered, to answer STREAM_EXPIRED instead of "invalid baton". */
const EXPIRED_MEMORY_MS = 5 * 60 * 1000;

export class StreamRegistry {
  /** @type {Map<string, Stream>} */
  #streams = new Map();
  /** @type {Map<string, number>} stream id -> time of expiry */
  #expired = new Map();
  #expiryMs;
  #onExpire;

  /**
   * @param {{ expiryMs: number, onExpire: (stream: Stream) => void }} options
   *   onExpire runs when an idle stream expires (roll back, release the lock).
   */
  constructor({ expiryMs, onExpire }) {
    this.#expiryMs = expiryMs;
    this.#onExpire = onExpire;
  }

  /**
   * Claims the stream named by `baton`, or opens a new one when there is no
   * baton. The stream is busy (and cannot expire) until `release()`.
   * @param {string | undefined} baton
   * @returns {Stream}
   */
  acquire(baton) {
    const stream = baton === undefined ? this.#open() : this.#lookup(baton);
    stream.busy = true;
    stream.seq += 1; // the baton just presented is now spent
    clearTimeout(stream.timer);
    stream.timer = undefined;
    return stream;
  }

  /**
   * Ends a request on `stream`. Returns the baton for the next request, or
   * null when the stream was closed.
   * @param {Stream} stream
   * @returns {string | null}
   */
  release(stream) {
    stream.busy = false;
    if (stream.closed) {
      this.#streams.delete(stream.id);
      return null;
    }
    stream.timer = setTimeout(() => this.#expire(stream), this.#expiryMs);
    stream.timer.unref?.();
    return `${stream.id}.${stream.seq}`;
  }

  /** Closes every stream (server shutdown); returns them. */
  closeAll() {
    const streams = [...this.#streams.values()];
    for (const stream of streams) {
      clearTimeout(stream.timer);
      stream.closed = true;
    }
    this.#streams.clear();
    this.#expired.clear();
    return streams;
  }

  /** @returns {Stream} */
  #open() {
    /** @type {Stream} */
    const stream = {
      id: randomBytes(16).toString("base64url"),
      seq: 0,
      sqls: new Map(),
      busy: false,
      closed: false,
      timer: undefined,
    };
    this.#streams.set(stream.id, stream);
    return stream;
  }

  /** @param {string} baton @returns {Stream} */
  #lookup(baton) {
    const dot = baton.lastIndexOf(".");
    const id = baton.slice(0, dot);
    const seq = Number(baton.slice(dot + 1));
    const stream = dot > 0 ? this.#streams.get(id) : undefined;
    if (stream === undefined) {
      if (this.#expired.has(id)) {
        throw new StreamError("The stream has expired due to inactivity", 500, "STREAM_EXPIRED");
      }
      throw new StreamError("Invalid baton", 400, undefined);
    }
    if (stream.busy || stream.seq !== seq) {
      throw new StreamError("Baton has already been used", 400, undefined);
    }
    return stream;
  }

  /** @param {Stream} stream */
  #expire(stream) {
    if (stream.busy || stream.closed) return;
    stream.closed = true;
    this.#streams.delete(stream.id);
    this.#rememberExpired(stream.id);
    this.#onExpire(stream);
  }

  /** @param {string} id */
  #rememberExpired(id) {
    const now = Date.now();
    for (const [oldId, at] of this.#expired) {
      if (now - at < EXPIRED_MEMORY_MS) break; // insertion order = expiry order
      this.#expired.delete(oldId);
    }
    this.#expired.set(id, now);
  }
}
