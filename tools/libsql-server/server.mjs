// Local development server speaking Hrana over HTTP (the protocol of
// `@libsql/client/web` / `@libsql/client` with http: URLs and of drizzle-kit's
// "turso" dialect) on top of the embedded `libsql` package.
//
// Endpoints (JSON encoding only):
//   GET  /, /v2, /v3      version probes (200)
//   GET  /v3-protobuf     404, so a client probing for protobuf falls back to
//                         JSON v2 (@libsql/client 0.18 does not even probe: it
//                         always speaks v2 JSON over /v2/pipeline)
//   GET  /health          200 "ok"
//   POST /v2/pipeline, /v3/pipeline
//   POST /v3/cursor       newline-delimited JSON entries
//   GET  /_faults         the fault switch's settings and the faults played so far
//   POST /_faults         {rate?, kinds?, calls?}: sets the fault switch (tools/fault-switch.mjs)
//
// Status codes follow libsql-server: SQL errors are Hrana errors inside a
// 200 response; malformed requests and bad batons are 400 text/plain; an
// expired stream is 500 JSON {message, code: "STREAM_EXPIRED"}.

import http from "node:http";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import Database from "libsql";

import { ProtocolError, decodeCursorBody, decodePipelineBody, encodeStmtResult, encodeValue } from "./protocol.mjs";
import { Executor, resolveSql, toHranaError } from "./executor.mjs";
import { ConnectionLock, StreamError, StreamRegistry } from "./streams.mjs";
import { FaultSettingsError, createFaultSwitch } from "../fault-switch.mjs";

/**
 * @typedef {import("./protocol.mjs").StreamRequest} StreamRequest
 * @typedef {import("./protocol.mjs").HranaBatch} HranaBatch
 * @typedef {import("./executor.mjs").BatchResult} BatchResult
 * @typedef {import("./executor.mjs").LibsqlDatabase} LibsqlDatabase
 * @typedef {import("./streams.mjs").Stream} Stream
 *
 * @typedef {object} LibsqlServerOptions
 * @property {string} [file]  database path or ":memory:" (default ":memory:")
 * @property {number} [port]  0 picks a free port (default 0)
 * @property {string} [host]  default "127.0.0.1"
 * @property {string} [authToken]  when set, POST endpoints need `Authorization: Bearer <token>`
 * @property {(message: string) => void} [log]  diagnostics sink (default: silent)
 * @property {number} [streamExpiryMs]  idle time before a stream expires (default 10 000)
 * @property {number} [lockTimeoutMs]  max wait for another stream's transaction (default 30 000)
 * @property {import("../fault-switch.mjs").FaultSettings} [faults]  fail a fraction of the Hrana
 *   requests (off by default; also `POST /_faults`)
 *
 * @typedef {object} LibsqlServer
 * @property {string} url  e.g. "http://127.0.0.1:8080"
 * @property {number} port
 * @property {import("../fault-switch.mjs").FaultSwitch} faults  the fault switch, for a test in the same process
 * @property {() => Promise<void>} close
 */

const MAX_BODY_BYTES = 64 * 1024 * 1024;
// Limits of libsql-server for `store_sql` (the client respects them).
const MAX_STORED_SQLS = 50;
const MAX_STORED_SQL_BYTES = 5 * 1024;

/** An HTTP-level failure with a plain-text body. */
class HttpError extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * Opens the database with the server defaults.
 * @param {string} file
 * @returns {LibsqlDatabase}
 */
function openDatabase(file) {
  if (file !== ":memory:" && !file.startsWith("file:")) {
    mkdirSync(dirname(resolve(file)), { recursive: true });
  }
  const db = new Database(file);
  db.defaultSafeIntegers(true); // integers as bigint, so 64-bit values survive
  db.exec("PRAGMA journal_mode = WAL"); // no-op ("memory") for :memory:
  db.exec("PRAGMA foreign_keys = ON");
  db.exec("PRAGMA busy_timeout = 5000"); // only matters for other processes
  return db;
}

/** Requests that never touch the connection and so need not wait for the lock. */
const CONNECTIONLESS = new Set(["close", "store_sql", "close_sql", "get_autocommit"]);

/** @param {BatchResult} result */
function encodeBatchResult(result) {
  return {
    step_results: result.stepResults.map((r) => (r === null ? null : encodeStmtResult(r))),
    step_errors: result.stepErrors,
  };
}

/**
 * @param {() => object} fn
 * @returns {{ type: "ok", response: object } | { type: "error", error: import("./protocol.mjs").HranaError }}
 */
function streamResult(fn) {
  try {
    return { type: "ok", response: fn() };
  } catch (error) {
    if (error instanceof ProtocolError) throw error;
    return { type: "error", error: toHranaError(error) };
  }
}

/** @param {http.IncomingMessage} req @returns {Promise<unknown>} */
async function readJsonBody(req) {
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, "Request body is too large");
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new ProtocolError("Could not deserialize JSON request body");
  }
}

/** @param {http.ServerResponse} res @param {number} status @param {string} text */
function sendText(res, status, text) {
  res.writeHead(status, { "content-type": "text/plain" });
  res.end(text);
}

/** @param {http.ServerResponse} res @param {number} status @param {unknown} body */
function sendJson(res, status, body) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** The Hrana logic, independent of the HTTP plumbing. */
class HranaService {
  #executor;
  #lock = new ConnectionLock();
  #streams;
  #lockTimeoutMs;
  #log;

  /**
   * @param {Executor} executor
   * @param {{ streamExpiryMs: number, lockTimeoutMs: number, log: (message: string) => void }} options
   */
  constructor(executor, { streamExpiryMs, lockTimeoutMs, log }) {
    this.#executor = executor;
    this.#lockTimeoutMs = lockTimeoutMs;
    this.#log = log;
    this.#streams = new StreamRegistry({
      expiryMs: streamExpiryMs,
      onExpire: (stream) => {
        if (this.#lock.holder === stream && this.#executor.inTransaction) {
          this.#log("hrana: stream expired inside a transaction; rolled back");
        }
        this.#dropConnection(stream);
      },
    });
  }

  /**
   * POST /v*\/pipeline
   * @param {unknown} body
   */
  async pipeline(body) {
    const { baton, requests } = decodePipelineBody(body);
    const stream = this.#streams.acquire(baton);
    const needsConnection = requests.some((r) => !CONNECTIONLESS.has(r.type));
    return this.#withStream(stream, needsConnection, () => ({
      results: requests.map((request) => this.#handleRequest(stream, request)),
    }));
  }

  /**
   * POST /v3/cursor: runs the batch and returns the lines of the response
   * (the first one carries the baton).
   * @param {unknown} body
   * @returns {Promise<object[]>}
   */
  async cursor(body) {
    const { baton, batch } = decodeCursorBody(body);
    const stream = this.#streams.acquire(baton);
    const { entries, baton: nextBaton } = await this.#withStream(stream, true, () => ({
      entries: this.#cursorEntries(stream, batch),
    }));
    return [{ baton: nextBaton, base_url: null }, ...entries];
  }

  /** Server shutdown: fail waiters, roll back, forget streams. */
  shutdown() {
    this.#lock.abortAll(new StreamError("The server is shutting down", 503, "SERVER_SHUTDOWN"));
    this.#streams.closeAll();
    this.#executor.rollback();
  }

  /**
   * Runs `work` for one HTTP request on `stream`, first waiting for the
   * connection lock if needed. Any thrown error (protocol error, lock timeout)
   * closes the stream, like libsql-server drops it.
   * @template {object} T
   * @param {Stream} stream @param {boolean} needsConnection @param {() => T} work
   * @returns {Promise<T & { baton: string | null, base_url: null }>}
   */
  async #withStream(stream, needsConnection, work) {
    try {
      if (needsConnection) await this.#lock.acquire(stream, this.#lockTimeoutMs);
      const result = work();
      return { ...result, baton: this.#finishRequest(stream), base_url: null };
    } catch (error) {
      stream.closed = true;
      this.#finishRequest(stream);
      throw error;
    }
  }

  /**
   * Keeps the lock only while the stream is inside a transaction.
   * @param {Stream} stream @returns {string | null} the next baton
   */
  #finishRequest(stream) {
    if (stream.closed) {
      this.#dropConnection(stream);
    } else if (!this.#executor.inTransaction) {
      this.#lock.release(stream);
    }
    return this.#streams.release(stream);
  }

  /**
   * A stream went away: roll back its transaction and let others in.
   * @param {Stream} stream
   */
  #dropConnection(stream) {
    if (this.#lock.holder !== stream) return;
    this.#executor.rollback();
    this.#lock.release(stream);
  }

  /**
   * @param {Stream} stream @param {StreamRequest} request
   */
  #handleRequest(stream, request) {
    if (stream.closed) throw new ProtocolError("The stream has already been closed");
    const executor = this.#executor;
    switch (request.type) {
      case "close":
        stream.closed = true;
        this.#dropConnection(stream);
        return streamResult(() => ({ type: "close" }));
      case "execute":
        return streamResult(() => ({
          type: "execute",
          result: encodeStmtResult(executor.execute(request.stmt, stream.sqls)),
        }));
      case "batch":
        return streamResult(() => ({
          type: "batch",
          result: encodeBatchResult(executor.batch(request.batch, stream.sqls)),
        }));
      case "sequence": {
        const sql = resolveSql(request, stream.sqls);
        return streamResult(() => {
          executor.sequence(sql);
          return { type: "sequence" };
        });
      }
      case "describe": {
        const sql = resolveSql(request, stream.sqls);
        return streamResult(() => ({ type: "describe", result: executor.describe(sql) }));
      }
      case "store_sql":
        return this.#storeSql(stream, request.sqlId, request.sql);
      case "close_sql":
        stream.sqls.delete(request.sqlId);
        return streamResult(() => ({ type: "close_sql" }));
      case "get_autocommit": {
        // The connection is shared: only the lock holder can be in a transaction.
        const inTransaction = this.#lock.holder === stream && executor.inTransaction;
        return streamResult(() => ({ type: "get_autocommit", is_autocommit: !inTransaction }));
      }
    }
  }

  /** @param {Stream} stream @param {number} sqlId @param {string} sql */
  #storeSql(stream, sqlId, sql) {
    if (stream.sqls.has(sqlId)) throw new ProtocolError(`SQL text ${sqlId} already exists`);
    return streamResult(() => {
      if (stream.sqls.size >= MAX_STORED_SQLS) {
        throw Object.assign(new Error(`The server already stores ${stream.sqls.size} SQL texts`), {
          code: "SQL_STORE_TOO_MANY",
        });
      }
      if (Buffer.byteLength(sql) > MAX_STORED_SQL_BYTES) {
        throw Object.assign(new Error("The statement is too large to be stored"), {
          code: "SQL_STORE_TOO_LARGE",
        });
      }
      stream.sqls.set(sqlId, sql);
      return { type: "store_sql" };
    });
  }

  /**
   * Cursor entries for a batch: step_begin, row..., step_end per executed
   * step, step_error per failed step, nothing for skipped steps.
   * @param {Stream} stream @param {HranaBatch} batch
   * @returns {object[]}
   */
  #cursorEntries(stream, batch) {
    let result;
    try {
      result = this.#executor.batch(batch, stream.sqls);
    } catch (error) {
      if (error instanceof ProtocolError) throw error;
      return [{ type: "error", error: toHranaError(error) }];
    }
    return result.stepResults.flatMap((stepResult, step) => {
      /** @type {object[]} */
      const none = [];
      const stepError = result.stepErrors[step];
      if (stepError) return [{ type: "step_error", step, error: stepError }];
      if (!stepResult) return none;
      return [
        { type: "step_begin", step, cols: stepResult.cols },
        ...stepResult.rows.map((row) => ({ type: "row", row: row.map(encodeValue) })),
        {
          type: "step_end",
          affected_row_count: stepResult.affectedRowCount,
          last_insert_rowid: stepResult.lastInsertRowid?.toString() ?? null,
        },
      ];
    });
  }
}

/**
 * @param {string | undefined} authToken
 * @param {http.IncomingMessage} req
 */
function isAuthorized(authToken, req) {
  if (!authToken) return true;
  return req.headers.authorization === `Bearer ${authToken}`;
}

/**
 * Closes the connection without an answer: the client sees the network fail (a fault of kind
 * "drop" or "lost").
 * @param {http.ServerResponse} res
 */
function dropConnection(res) {
  res.socket?.destroy();
}

/**
 * The fault switch's endpoint: `GET /_faults` shows it, `POST /_faults` `{rate?, kinds?, calls?}`
 * sets it (tools/fault-switch.mjs); both answer its state as JSON.
 * @param {import("../fault-switch.mjs").FaultSwitch} faults
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 */
async function faultEndpoint(faults, req, res) {
  if (req.method === "GET") return sendJson(res, 200, faults.state());
  if (req.method !== "POST") return sendText(res, 405, "Method not allowed");
  const body = await readJsonBody(req);
  try {
    return sendJson(res, 200, faults.configure(/** @type {object} */ (body)));
  } catch (error) {
    if (error instanceof FaultSettingsError) return sendText(res, 400, error.message);
    throw error;
  }
}

/**
 * Routes one HTTP request.
 * @param {HranaService} service
 * @param {import("../fault-switch.mjs").FaultSwitch} faults
 * @param {string | undefined} authToken
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 */
async function route(service, faults, authToken, req, res) {
  const path = new URL(req.url ?? "/", "http://localhost").pathname.replace(/\/+$/, "") || "/";
  if (path === "/_faults") {
    if (!isAuthorized(authToken, req)) return sendText(res, 401, "Unauthorized");
    return faultEndpoint(faults, req, res);
  }
  if (req.method === "GET" || req.method === "HEAD") {
    if (path === "/health") return sendText(res, 200, "ok");
    if (path === "/" || path === "/v2" || path === "/v3") {
      return sendText(res, 200, "Hello, this is HTTP API v2 (Hrana over HTTP)");
    }
    return sendText(res, 404, "Not found");
  }
  const isPipeline = path === "/v2/pipeline" || path === "/v3/pipeline";
  const isCursor = path === "/v3/cursor";
  if (!isPipeline && !isCursor) return sendText(res, 404, "Not found");
  if (req.method !== "POST") return sendText(res, 405, "Method not allowed");
  if (!isAuthorized(authToken, req)) return sendText(res, 401, "Unauthorized");

  const body = await readJsonBody(req);
  // A fault is played once the request has arrived: "503" and "drop" before anything runs, "lost"
  // after the work is done and instead of its answer.
  const fault = faults.decide();
  if (fault === "503") return sendText(res, 503, "Service Unavailable (fault injected)");
  if (fault === "drop") return dropConnection(res);
  if (isPipeline) {
    const result = await service.pipeline(body);
    if (fault === "lost") return dropConnection(res);
    return sendJson(res, 200, result);
  }
  const lines = await service.cursor(body);
  if (fault === "lost") return dropConnection(res);
  res.writeHead(200, { "content-type": "text/plain" });
  res.end(lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
}

/**
 * Turns a failure into an HTTP response; the server itself never dies.
 * @param {http.ServerResponse} res @param {unknown} error @param {(m: string) => void} log
 */
function sendError(res, error, log) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (error instanceof ProtocolError) return sendText(res, 400, error.message);
  if (error instanceof HttpError) return sendText(res, error.status, error.message);
  if (error instanceof StreamError) {
    if (error.code === undefined) return sendText(res, error.status, error.message);
    return sendJson(res, error.status, { message: error.message, code: error.code });
  }
  log(`hrana: internal error: ${error instanceof Error ? error.stack : String(error)}`);
  sendText(res, 500, "Internal server error");
}

/** @param {string} host @param {number} port */
function serverUrl(host, port) {
  const shown = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  return `http://${shown.includes(":") ? `[${shown}]` : shown}:${port}`;
}

/**
 * Starts the Hrana-over-HTTP server.
 * @param {LibsqlServerOptions} [options]
 * @returns {Promise<LibsqlServer>}
 */
export async function startLibsqlServer({
  file = ":memory:",
  port = 0,
  host = "127.0.0.1",
  authToken,
  log = () => {},
  streamExpiryMs = 10_000,
  lockTimeoutMs = 30_000,
  faults: faultSettings = {},
} = {}) {
  const faults = createFaultSwitch(faultSettings);
  const db = openDatabase(file);
  const service = new HranaService(new Executor(db), { streamExpiryMs, lockTimeoutMs, log });
  const server = http.createServer((req, res) => {
    route(service, faults, authToken, req, res).catch((error) => sendError(res, error, log));
  });
  server.on("clientError", (_error, socket) => socket.destroy());

  try {
    await new Promise((resolveListen, rejectListen) => {
      server.once("error", rejectListen);
      server.listen(port, host, () => resolveListen(undefined));
    });
  } catch (error) {
    db.close();
    throw error;
  }
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());

  let closing = /** @type {Promise<void> | undefined} */ (undefined);
  const close = () => {
    closing ??= (async () => {
      const stopped = new Promise((r) => server.close(() => r(undefined)));
      server.closeAllConnections();
      service.shutdown();
      await stopped;
      db.close();
    })();
    return closing;
  };

  return { url: serverUrl(host, address.port), port: address.port, faults, close };
}
