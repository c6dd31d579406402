// Executes Hrana statements, batches, sequences and describes on one
// synchronous `libsql` (better-sqlite3 compatible) connection.

import { countStatements, isExplain, leadingKeyword, sqlParameters } from "./sql-scan.mjs";
import { ProtocolError } from "./protocol.mjs";

/**
 * @typedef {import("./protocol.mjs").SqlValue} SqlValue
 * @typedef {import("./protocol.mjs").HranaStmt} HranaStmt
 * @typedef {import("./protocol.mjs").HranaBatch} HranaBatch
 * @typedef {import("./protocol.mjs").BatchCond} BatchCond
 * @typedef {import("./protocol.mjs").HranaError} HranaError
 * @typedef {import("./protocol.mjs").StmtResult} StmtResult
 * @typedef {import("./protocol.mjs").ColumnInfo} ColumnInfo
 * @typedef {{ sql: string, args: SqlValue[], wantRows: boolean }} CompiledStmt
 * @typedef {{ stepResults: (StmtResult | null)[], stepErrors: (HranaError | null)[] }} BatchResult
 * @typedef {{ params: { name: string | null }[], cols: ColumnInfo[], is_explain: boolean, is_readonly: boolean }} DescribeResult
 *
 * The subset of the `libsql` package's API used here.
 * @typedef {{
 *   reader: boolean,
 *   raw(toggle?: boolean): LibsqlStatement,
 *   all(params?: unknown): unknown[],
 *   run(params?: unknown): unknown,
 *   get(params?: unknown): unknown,
 *   columns(): { name: string, type: string | null }[],
 * }} LibsqlStatement
 * @typedef {{
 *   inTransaction: boolean,
 *   prepare(sql: string): LibsqlStatement,
 *   exec(sql: string): void,
 *   close(): void,
 * }} LibsqlDatabase
 */

/** A statement-level failure, reported to the client as a Hrana error. */
export class SqlError extends Error {
  /** @param {string} message @param {string} code */
  constructor(message, code) {
    super(message);
    this.name = "SqlError";
    this.code = code;
  }
}

/**
 * Converts anything thrown while running SQL into a Hrana error. SQLite
 * errors from `libsql` carry extended codes such as SQLITE_CONSTRAINT_UNIQUE.
 * @param {unknown} error
 * @returns {HranaError}
 */
export function toHranaError(error) {
  if (error instanceof SqlError) return { message: error.message, code: error.code };
  const err = /** @type {{ message?: unknown, code?: unknown }} */ (error ?? {});
  const message = typeof err.message === "string" ? err.message : String(error);
  const code = typeof err.code === "string" && err.code.startsWith("SQLITE_") ? err.code : "SQLITE_UNKNOWN";
  return { message: `SQLite error: ${message}`, code };
}

/**
 * Resolves `sql` / `sql_id` (SQL texts stored earlier with `store_sql`).
 * @param {{ sql: string | undefined, sqlId: number | undefined }} ref
 * @param {Map<number, string>} sqls
 */
export function resolveSql(ref, sqls) {
  if (ref.sql !== undefined && ref.sqlId !== undefined) {
    throw new ProtocolError("Both sql and sql_id were given");
  }
  if (ref.sql !== undefined) return ref.sql;
  if (ref.sqlId === undefined) throw new ProtocolError("Neither sql nor sql_id was given");
  const sql = sqls.get(ref.sqlId);
  if (sql === undefined) throw new ProtocolError(`SQL text ${ref.sqlId} was not found`);
  return sql;
}

/** @param {string} sql */
function ensureSingleStatement(sql) {
  const count = countStatements(sql);
  if (count === 0) throw new SqlError("SQL string does not contain any statement", "SQL_NO_STATEMENT");
  if (count > 1) throw new SqlError("SQL string contains more than one statement", "SQL_MANY_STATEMENTS");
}

/**
 * Turns named arguments into a positional array. The `libsql` package looks
 * object keys up *without* the `:`/`@`/`$` prefix and aborts the process on a
 * nameless `?` parameter, so we never hand it an object. Hrana clients may
 * send names with or without the prefix; both are accepted.
 * @param {string} sql
 * @param {HranaStmt} stmt
 * @returns {SqlValue[]}
 */
function bindArgs(sql, stmt) {
  if (stmt.namedArgs.length === 0) return stmt.args;
  if (stmt.args.length > 0) {
    throw new SqlError("Specifying both positional and named arguments is not supported", "ARGS_BOTH_POSITIONAL_AND_NAMED");
  }
  const byName = new Map(stmt.namedArgs.map((arg) => [arg.name, arg.value]));
  return sqlParameters(sql).map(({ name }) => {
    if (name === null) return null;
    if (byName.has(name)) return byName.get(name) ?? null;
    return byName.get(name.slice(1)) ?? null;
  });
}

/**
 * An EXPLAIN of a writing statement that ran to completion still counts as a
 * pending write until it is reset, and then every COMMIT on the connection
 * fails with "cannot commit transaction - SQL statements in progress" (until
 * the garbage collector finalizes the statement). The `libsql` package only
 * resets a statement in get(), so run it once more that way; EXPLAIN has no
 * side effects.
 * @param {LibsqlStatement} stmt @param {SqlValue[]} args
 */
function resetExplain(stmt, args) {
  stmt.get(args);
}

/** How many prepared statements the connection keeps (libsql-server keeps a few hundred per connection). */
const STATEMENT_CACHE_SIZE = 500;

export class Executor {
  /** @type {LibsqlDatabase} */
  #db;
  /** @type {LibsqlStatement} */
  #totalChanges;
  /** @type {LibsqlStatement} */
  #changeInfo;

  /**
   * Prepared statements by SQL text, least recently used first: like libsql-server's statement
   * cache, a statement the app sends again is neither checked nor compiled again (a page sends the
   * same few dozen texts with other arguments). SQLite recompiles a kept statement when a new
   * argument could change its plan (a partial index); a schema change empties the cache, because
   * the `libsql` package keeps a statement's columns from when it was prepared.
   * @type {Map<string, LibsqlStatement>}
   */
  #statements = new Map();

  /** @param {LibsqlDatabase} db  opened with defaultSafeIntegers(true) */
  constructor(db) {
    this.#db = db;
    this.#totalChanges = db.prepare("SELECT total_changes()").raw();
    this.#changeInfo = db.prepare("SELECT total_changes(), changes(), last_insert_rowid()").raw();
  }

  /** True while the connection is inside an explicit transaction. */
  get inTransaction() {
    return this.#db.inTransaction;
  }

  /** Rolls back an open transaction (used when its stream goes away). */
  rollback() {
    if (!this.#db.inTransaction) return;
    try {
      this.#db.exec("ROLLBACK");
    } catch {
      // The transaction may already have been rolled back by SQLite.
    }
  }

  /**
   * Validates and binds a statement without running it.
   * @param {HranaStmt} stmt @param {Map<number, string>} sqls
   * @returns {CompiledStmt}
   */
  compile(stmt, sqls) {
    const sql = resolveSql(stmt, sqls);
    if (!this.#statements.has(sql)) ensureSingleStatement(sql);
    return { sql, args: bindArgs(sql, stmt), wantRows: stmt.wantRows };
  }

  /**
   * Runs one compiled statement.
   *
   * `changes()` keeps the count of the last INSERT/UPDATE/DELETE even after a
   * SELECT or DDL statement, so the affected row count is only reported when
   * `total_changes()` moved. `last_insert_rowid()` is read through SQL because
   * the `libsql` package's run() returns it as a lossy JS number.
   * @param {CompiledStmt} compiled
   * @returns {StmtResult}
   */
  run(compiled) {
    const { stmt, explain, changesSchema } = this.#prepared(compiled.sql);
    const before = this.#firstRow(this.#totalChanges)[0];
    /** @type {ColumnInfo[]} */
    let cols = [];
    /** @type {SqlValue[][]} */
    let rows = [];
    if (stmt.reader) {
      cols = stmt.columns().map((c) => ({ name: c.name, decltype: c.type ?? null }));
      rows = /** @type {SqlValue[][]} */ (stmt.raw(true).all(compiled.args));
      if (!compiled.wantRows) rows = [];
      if (explain) resetExplain(stmt, compiled.args);
    } else {
      stmt.run(compiled.args);
    }
    if (changesSchema) this.#statements.clear();
    const [total, changes, lastInsertRowid] = this.#firstRow(this.#changeInfo);
    return {
      cols,
      rows,
      affectedRowCount: total !== before ? Number(changes) : 0,
      lastInsertRowid: typeof lastInsertRowid === "bigint" ? lastInsertRowid : BigInt(Number(lastInsertRowid ?? 0)),
    };
  }

  /** @param {string} sql @returns {{ stmt: LibsqlStatement, explain: boolean, changesSchema: boolean }} */
  #prepared(sql) {
    const cached = this.#statements.get(sql);
    if (cached) {
      // Most recently used last.
      this.#statements.delete(sql);
      this.#statements.set(sql, cached);
      return { stmt: cached, explain: false, changesSchema: false };
    }
    const stmt = this.#db.prepare(sql);
    const keyword = leadingKeyword(sql);
    const explain = keyword === "explain";
    const changesSchema = keyword === "create" || keyword === "alter" || keyword === "drop";
    // An EXPLAIN is a developer's one-off, a schema change runs once: neither is kept.
    if (explain || changesSchema) return { stmt, explain, changesSchema };
    this.#statements.set(sql, stmt);
    if (this.#statements.size > STATEMENT_CACHE_SIZE) this.#statements.delete(this.#statements.keys().next().value ?? "");
    return { stmt, explain, changesSchema };
  }

  /** @param {LibsqlStatement} stmt @returns {unknown[]} */
  #firstRow(stmt) {
    return /** @type {unknown[][]} */ (stmt.all([]))[0] ?? [];
  }

  /**
   * Hrana `execute`. Throws SqlError / SQLite errors for the client, or
   * ProtocolError for malformed requests.
   * @param {HranaStmt} stmt @param {Map<number, string>} sqls
   */
  execute(stmt, sqls) {
    return this.run(this.compile(stmt, sqls));
  }

  /**
   * Hrana `batch`: every step runs unless its condition is false. A skipped
   * step has neither a result nor an error, and conditions on it (`ok` and
   * `error`) are both false. All steps are compiled first, so an invalid step
   * fails the whole batch before anything runs (as in libsql-server).
   * @param {HranaBatch} batch @param {Map<number, string>} sqls
   * @returns {BatchResult}
   */
  batch(batch, sqls) {
    const steps = batch.steps.map((step) => ({
      condition: step.condition,
      compiled: this.compile(step.stmt, sqls),
    }));
    /** @type {BatchResult} */
    const result = { stepResults: [], stepErrors: [] };
    /** @type {("ok" | "error" | "skipped")[]} */
    const outcomes = [];
    for (const { condition, compiled } of steps) {
      if (condition !== undefined && !this.#evalCond(condition, outcomes)) {
        outcomes.push("skipped");
        result.stepResults.push(null);
        result.stepErrors.push(null);
        continue;
      }
      try {
        result.stepResults.push(this.run(compiled));
        result.stepErrors.push(null);
        outcomes.push("ok");
      } catch (error) {
        result.stepResults.push(null);
        result.stepErrors.push(toHranaError(error));
        outcomes.push("error");
      }
    }
    return result;
  }

  /**
   * @param {BatchCond} cond
   * @param {("ok" | "error" | "skipped")[]} outcomes
   * @returns {boolean}
   */
  #evalCond(cond, outcomes) {
    switch (cond.type) {
      case "ok":
        return outcomes[cond.step] === "ok";
      case "error":
        return outcomes[cond.step] === "error";
      case "not":
        return !this.#evalCond(cond.cond, outcomes);
      case "and":
        return cond.conds.every((c) => this.#evalCond(c, outcomes));
      case "or":
        return cond.conds.some((c) => this.#evalCond(c, outcomes));
      case "is_autocommit":
        return !this.#db.inTransaction;
    }
  }

  /**
   * Hrana `sequence`: several statements without arguments or results
   * (executeMultiple). Stops at the first failing statement; earlier ones stay
   * applied, like libsql-server.
   * @param {string} sql
   */
  sequence(sql) {
    try {
      this.#db.exec(sql);
    } finally {
      // Migrations arrive this way: whatever ran may have changed the schema.
      this.#statements.clear();
    }
  }

  /**
   * Hrana `describe`: parameters and result columns of a statement, without
   * running it.
   * @param {string} sql
   * @returns {DescribeResult}
   */
  describe(sql) {
    ensureSingleStatement(sql);
    const stmt = this.#db.prepare(sql);
    const explain = isExplain(sql);
    return {
      params: sqlParameters(sql).map(({ name }) => ({ name })),
      cols: stmt.columns().map((c) => ({ name: c.name, decltype: c.type ?? null })),
      is_explain: explain,
      is_readonly: explain || this.#isReadonly(sql),
    };
  }

  /**
   * Equivalent of sqlite3_stmt_readonly(), which the `libsql` package does not
   * expose: SQLite marks a program as writing when it opens a write
   * transaction or contains Checkpoint/Vacuum/JournalMode opcodes.
   * @param {string} sql
   */
  #isReadonly(sql) {
    try {
      const explain = this.#db.prepare(`EXPLAIN ${sql}`).raw(true);
      const program = /** @type {unknown[][]} */ (explain.all([]));
      resetExplain(explain, []);
      return !program.some(
        ([, opcode, , p2]) =>
          (opcode === "Transaction" && Number(p2) !== 0) || opcode === "Checkpoint" || opcode === "Vacuum" || opcode === "JournalMode",
      );
    } catch {
      return false;
    }
  }
}
