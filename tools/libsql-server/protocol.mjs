// Hrana-over-HTTP JSON encoding: validation/decoding of request bodies and
// encoding of results, mirroring node_modules/@libsql/hrana-client
// (shared/json_encode.js, shared/json_decode.js, http/json_*.js).
//
// Subtleties of the JSON encoding:
// - integers travel as *strings* ({"type":"integer","value":"42"}) so 64-bit
//   values survive JSON; floats travel as JSON numbers. The client sends every
//   JS `number` as a float, even whole ones; only `bigint`/`boolean` become
//   integers.
// - blobs are base64 in a `base64` property (not `value`).
// - `last_insert_rowid` is a string (or null).
// - field names are snake_case (`sql_id`, `named_args`, `want_rows`, ...).

/**
 * @typedef {null | bigint | number | string | Buffer} SqlValue
 * @typedef {{ name: string, value: SqlValue }} NamedArg
 * @typedef {{ sql: string | undefined, sqlId: number | undefined, args: SqlValue[], namedArgs: NamedArg[], wantRows: boolean }} HranaStmt
 * @typedef {{ type: "ok", step: number }
 *   | { type: "error", step: number }
 *   | { type: "not", cond: BatchCond }
 *   | { type: "and", conds: BatchCond[] }
 *   | { type: "or", conds: BatchCond[] }
 *   | { type: "is_autocommit" }} BatchCond
 * @typedef {{ condition: BatchCond | undefined, stmt: HranaStmt }} BatchStep
 * @typedef {{ steps: BatchStep[] }} HranaBatch
 * @typedef {{ type: "close" }
 *   | { type: "execute", stmt: HranaStmt }
 *   | { type: "batch", batch: HranaBatch }
 *   | { type: "sequence", sql: string | undefined, sqlId: number | undefined }
 *   | { type: "describe", sql: string | undefined, sqlId: number | undefined }
 *   | { type: "store_sql", sqlId: number, sql: string }
 *   | { type: "close_sql", sqlId: number }
 *   | { type: "get_autocommit" }} StreamRequest
 * @typedef {{ message: string, code: string }} HranaError
 * @typedef {{ name: string | null, decltype: string | null }} ColumnInfo
 * @typedef {{ cols: ColumnInfo[], rows: SqlValue[][], affectedRowCount: number, lastInsertRowid: bigint | null }} StmtResult
 */

/** Malformed request: the whole HTTP request fails with 400 (like libsql-server). */
export class ProtocolError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "ProtocolError";
  }
}

const MIN_INT64 = -(2n ** 63n);
const MAX_INT64 = 2n ** 63n - 1n;

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** @param {unknown} value @param {string} what @returns {Record<string, unknown>} */
function expectObject(value, what) {
  if (!isObject(value)) throw new ProtocolError(`Expected ${what} to be an object`);
  return value;
}

/** @param {unknown} value @param {string} what @returns {unknown[]} */
function expectArray(value, what) {
  if (!Array.isArray(value)) throw new ProtocolError(`Expected ${what} to be an array`);
  return value;
}

/** @param {unknown} value @param {string} what @returns {string | undefined} */
function optString(value, what) {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new ProtocolError(`Expected ${what} to be a string`);
  return value;
}

/** @param {unknown} value @param {string} what @returns {number | undefined} */
function optInt(value, what) {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new ProtocolError(`Expected ${what} to be an integer`);
  }
  return value;
}

/** @param {unknown} raw @returns {bigint} */
function decodeInteger(raw) {
  let value;
  try {
    value = typeof raw === "string" || typeof raw === "number" ? BigInt(raw) : undefined;
  } catch {
    value = undefined;
  }
  if (value === undefined || value < MIN_INT64 || value > MAX_INT64) {
    throw new ProtocolError("Integer value must be a 64-bit integer in a decimal string");
  }
  return value;
}

/**
 * Decodes one Hrana JSON value into what the `libsql` package binds.
 * @param {unknown} raw
 * @returns {SqlValue}
 */
export function decodeValue(raw) {
  const obj = expectObject(raw, "value");
  switch (obj.type) {
    case "null":
      return null;
    case "integer":
      return decodeInteger(obj.value);
    case "float":
      if (typeof obj.value !== "number") throw new ProtocolError("Float value must be a number");
      return obj.value;
    case "text":
      if (typeof obj.value !== "string") throw new ProtocolError("Text value must be a string");
      return obj.value;
    case "blob":
      if (typeof obj.base64 !== "string") throw new ProtocolError("Blob value must have base64");
      return Buffer.from(obj.base64, "base64");
    default:
      throw new ProtocolError(`Unknown value type ${JSON.stringify(obj.type)}`);
  }
}

/** @param {unknown} raw @returns {HranaStmt} */
function decodeStmt(raw) {
  const obj = expectObject(raw, "stmt");
  const namedArgs = expectArray(obj.named_args ?? [], "named_args").map((item) => {
    const arg = expectObject(item, "named arg");
    if (typeof arg.name !== "string") throw new ProtocolError("Named arg must have a name");
    return { name: arg.name, value: decodeValue(arg.value) };
  });
  return {
    sql: optString(obj.sql, "sql"),
    sqlId: optInt(obj.sql_id, "sql_id"),
    args: expectArray(obj.args ?? [], "args").map(decodeValue),
    namedArgs,
    wantRows: obj.want_rows === undefined || obj.want_rows === null ? true : Boolean(obj.want_rows),
  };
}

/**
 * Conditions may only refer to earlier steps (libsql-server rejects others).
 * @param {unknown} raw @param {number} stepIndex
 * @returns {BatchCond}
 */
function decodeCond(raw, stepIndex) {
  const obj = expectObject(raw, "condition");
  switch (obj.type) {
    case "ok":
    case "error": {
      const step = optInt(obj.step, "step");
      if (step === undefined || step < 0 || step >= stepIndex) {
        throw new ProtocolError("Batch condition refers to an invalid step");
      }
      return { type: obj.type, step };
    }
    case "not":
      return { type: "not", cond: decodeCond(obj.cond, stepIndex) };
    case "and":
    case "or":
      return {
        type: obj.type,
        conds: expectArray(obj.conds, "conds").map((c) => decodeCond(c, stepIndex)),
      };
    case "is_autocommit":
      return { type: "is_autocommit" };
    default:
      throw new ProtocolError(`Unknown batch condition type ${JSON.stringify(obj.type)}`);
  }
}

/** @param {unknown} raw @returns {HranaBatch} */
export function decodeBatch(raw) {
  const obj = expectObject(raw, "batch");
  const steps = expectArray(obj.steps, "steps").map((item, stepIndex) => {
    const step = expectObject(item, "batch step");
    return {
      condition: step.condition == null ? undefined : decodeCond(step.condition, stepIndex),
      stmt: decodeStmt(step.stmt),
    };
  });
  return { steps };
}

/** @param {Record<string, unknown>} obj */
function decodeSqlRef(obj) {
  return { sql: optString(obj.sql, "sql"), sqlId: optInt(obj.sql_id, "sql_id") };
}

/** @param {unknown} raw @returns {StreamRequest} */
function decodeStreamRequest(raw) {
  const obj = expectObject(raw, "request");
  switch (obj.type) {
    case "close":
    case "get_autocommit":
      return { type: obj.type };
    case "execute":
      return { type: "execute", stmt: decodeStmt(obj.stmt) };
    case "batch":
      return { type: "batch", batch: decodeBatch(obj.batch) };
    case "sequence":
    case "describe":
      return { type: obj.type, ...decodeSqlRef(obj) };
    case "store_sql": {
      const sqlId = optInt(obj.sql_id, "sql_id");
      const sql = optString(obj.sql, "sql");
      if (sqlId === undefined || sql === undefined) {
        throw new ProtocolError("store_sql needs sql_id and sql");
      }
      return { type: "store_sql", sqlId, sql };
    }
    case "close_sql": {
      const sqlId = optInt(obj.sql_id, "sql_id");
      if (sqlId === undefined) throw new ProtocolError("close_sql needs sql_id");
      return { type: "close_sql", sqlId };
    }
    default:
      throw new ProtocolError(`Unknown stream request type ${JSON.stringify(obj.type)}`);
  }
}

/**
 * Body of POST /v2/pipeline and /v3/pipeline.
 * @param {unknown} raw
 * @returns {{ baton: string | undefined, requests: StreamRequest[] }}
 */
export function decodePipelineBody(raw) {
  const obj = expectObject(raw, "request body");
  return {
    baton: optString(obj.baton, "baton"),
    requests: expectArray(obj.requests, "requests").map(decodeStreamRequest),
  };
}

/**
 * Body of POST /v3/cursor.
 * @param {unknown} raw
 * @returns {{ baton: string | undefined, batch: HranaBatch }}
 */
export function decodeCursorBody(raw) {
  const obj = expectObject(raw, "request body");
  return { baton: optString(obj.baton, "baton"), batch: decodeBatch(obj.batch) };
}

/**
 * JSON cannot spell infinities, but SQLite can produce them (e.g. 1e999).
 * JSON.rawJSON (Node >= 21) emits the literal `1e999`, which JSON.parse reads
 * back as Infinity, so the client gets the same value SQLite computed.
 * @param {number} value
 */
function encodeFloat(value) {
  if (Number.isFinite(value)) return value;
  const raw = /** @type {any} */ (JSON).rawJSON;
  if (typeof raw === "function") return raw(value > 0 ? "1e999" : "-1e999");
  return value > 0 ? Number.MAX_VALUE : -Number.MAX_VALUE;
}

/**
 * Encodes a value read from SQLite (with safe integers enabled, so integers
 * are bigints and floats are numbers).
 * @param {unknown} value
 */
export function encodeValue(value) {
  if (value === null || value === undefined) return { type: "null" };
  if (typeof value === "bigint") return { type: "integer", value: value.toString() };
  if (typeof value === "number") return { type: "float", value: encodeFloat(value) };
  if (typeof value === "string") return { type: "text", value };
  if (value instanceof Uint8Array) {
    return { type: "blob", base64: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("base64") };
  }
  if (value instanceof ArrayBuffer) return { type: "blob", base64: Buffer.from(value).toString("base64") };
  return { type: "text", value: String(value) };
}

/** @param {StmtResult} result */
export function encodeStmtResult(result) {
  return {
    cols: result.cols,
    rows: result.rows.map((row) => row.map(encodeValue)),
    affected_row_count: result.affectedRowCount,
    last_insert_rowid: result.lastInsertRowid === null ? null : result.lastInsertRowid.toString(),
  };
}
