// A small SQLite-compatible lexer, just precise enough for what the Hrana
// server has to know about a SQL text *before* handing it to SQLite:
//
// - how many statements it contains (Hrana `execute`/`batch` steps must hold
//   exactly one statement, like libsql-server's SQL_NO_STATEMENT /
//   SQL_MANY_STATEMENTS errors; the `libsql` package would silently ignore
//   everything after the first statement),
// - which bind parameters it declares, with SQLite's numbering rules (the
//   `libsql` package exposes neither parameter names nor counts, and its
//   object binding aborts the whole process on nameless `?` parameters, so
//   named arguments are converted to a positional array here),
// - whether it is an EXPLAIN statement (for `describe`).
//
// Statement boundaries follow the state machine of SQLite's sqlite3_complete(),
// so semicolons inside CREATE TRIGGER ... BEGIN ... END bodies do not split.

/**
 * @typedef {"ws" | "semi" | "word" | "variable" | "other"} TokenKind
 * @typedef {{ kind: TokenKind, text: string }} Token
 * @typedef {{ index: number, name: string | null }} SqlParam
 */

/** @param {string} c */
function isIdChar(c) {
  return /[A-Za-z0-9_$]/.test(c) || c.charCodeAt(0) > 0x7f;
}

/** @param {string} c */
function isIdStart(c) {
  return /[A-Za-z_]/.test(c) || c.charCodeAt(0) > 0x7f;
}

/** @param {string} c */
function isSpace(c) {
  return c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f" || c === "\v";
}

/**
 * Index just past a quoted run starting at `start` (which holds the opening
 * quote). A doubled closing quote is an escaped quote. Unterminated quotes run
 * to the end of the text (SQLite reports the error when preparing).
 * @param {string} sql @param {number} start @param {string} close
 */
function endOfQuoted(sql, start, close) {
  let i = start + 1;
  while (i < sql.length) {
    if (sql.charAt(i) === close) {
      if (close !== "]" && sql.charAt(i + 1) === close) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i += 1;
  }
  return sql.length;
}

/**
 * Index just past a `:name`, `@name` or `$name` parameter, including SQLite's
 * TCL-style `::` separators and `(...)` suffix.
 * @param {string} sql @param {number} start
 */
function endOfNamedVariable(sql, start) {
  let i = start + 1;
  let n = 0;
  while (i < sql.length) {
    const c = sql.charAt(i);
    if (isIdChar(c)) {
      n += 1;
      i += 1;
    } else if (c === "(" && n > 0) {
      // `$name(suffix)`: the suffix ends at `)`; whitespace first makes the
      // token illegal, which SQLite reports when preparing.
      let j = i + 1;
      while (j < sql.length && !isSpace(sql.charAt(j)) && sql.charAt(j) !== ")") j += 1;
      return sql.charAt(j) === ")" ? j + 1 : j;
    } else if (c === ":" && sql.charAt(i + 1) === ":") {
      i += 2;
    } else {
      break;
    }
  }
  return i;
}

/**
 * Length-and-kind of the token at `i`.
 * @param {string} sql @param {number} i
 * @returns {{ kind: TokenKind, end: number }}
 */
function scanToken(sql, i) {
  const c = sql.charAt(i);
  const next = sql.charAt(i + 1);
  if (isSpace(c)) {
    let j = i + 1;
    while (j < sql.length && isSpace(sql.charAt(j))) j += 1;
    return { kind: "ws", end: j };
  }
  if (c === "-" && next === "-") {
    const nl = sql.indexOf("\n", i);
    return { kind: "ws", end: nl < 0 ? sql.length : nl + 1 };
  }
  if (c === "/" && next === "*") {
    const close = sql.indexOf("*/", i + 2);
    return { kind: "ws", end: close < 0 ? sql.length : close + 2 };
  }
  if (c === ";") return { kind: "semi", end: i + 1 };
  if (c === "'" || c === '"' || c === "`") return { kind: "other", end: endOfQuoted(sql, i, c) };
  if (c === "[") return { kind: "other", end: endOfQuoted(sql, i, "]") };
  if (c === "?") {
    let j = i + 1;
    while (j < sql.length && /[0-9]/.test(sql.charAt(j))) j += 1;
    return { kind: "variable", end: j };
  }
  if (c === ":" || c === "@" || c === "$") {
    const end = endOfNamedVariable(sql, i);
    return { kind: end > i + 1 ? "variable" : "other", end };
  }
  if (isIdStart(c) || /[0-9]/.test(c)) {
    // Identifiers, keywords and numeric literals (x'..' blobs lex as a word
    // followed by a string, which is fine for our purposes).
    let j = i + 1;
    while (j < sql.length && isIdChar(sql.charAt(j))) j += 1;
    return { kind: "word", end: j };
  }
  return { kind: "other", end: i + 1 };
}

/**
 * Splits SQL text into tokens. Never throws: anything unusual becomes an
 * "other" token and SQLite reports the real error later.
 * @param {string} sql
 * @returns {Token[]}
 */
export function tokenize(sql) {
  /** @type {Token[]} */
  const tokens = [];
  let i = 0;
  while (i < sql.length) {
    const { kind, end } = scanToken(sql, i);
    tokens.push({ kind, text: sql.slice(i, end) });
    i = end;
  }
  return tokens;
}

// sqlite3_complete() token classes and transition table.
const T_SEMI = 0,
  T_WS = 1,
  T_OTHER = 2,
  T_EXPLAIN = 3,
  T_CREATE = 4,
  T_TEMP = 5,
  T_TRIGGER = 6,
  T_END = 7;
const TRANSITIONS = [
  /* 0 INVALID */ [1, 0, 2, 3, 4, 2, 2, 2],
  /* 1 START   */ [1, 1, 2, 3, 4, 2, 2, 2],
  /* 2 NORMAL  */ [1, 2, 2, 2, 2, 2, 2, 2],
  /* 3 EXPLAIN */ [1, 3, 3, 2, 4, 2, 2, 2],
  /* 4 CREATE  */ [1, 4, 2, 2, 2, 4, 5, 2],
  /* 5 TRIGGER */ [6, 5, 5, 5, 5, 5, 5, 5],
  /* 6 SEMI    */ [6, 6, 5, 5, 5, 5, 5, 7],
  /* 7 END     */ [1, 7, 5, 5, 5, 5, 5, 5],
];
const STATE_START = 1;

// SQLite's default SQLITE_MAX_VARIABLE_NUMBER; larger `?NNN` fail to prepare.
const MAX_VARIABLE_NUMBER = 32766;

/** @param {Token} token */
function tokenClass(token) {
  if (token.kind === "semi") return T_SEMI;
  if (token.kind === "ws") return T_WS;
  if (token.kind !== "word") return T_OTHER;
  switch (token.text.toLowerCase()) {
    case "explain":
      return T_EXPLAIN;
    case "create":
      return T_CREATE;
    case "temp":
    case "temporary":
      return T_TEMP;
    case "trigger":
      return T_TRIGGER;
    case "end":
      return T_END;
    default:
      return T_OTHER;
  }
}

/**
 * Number of non-empty statements in `sql` (`;;` and comments do not count).
 * @param {string} sql
 */
export function countStatements(sql) {
  let state = 0;
  let hasContent = false;
  let count = 0;
  for (const token of tokenize(sql)) {
    const cls = tokenClass(token);
    if (cls !== T_WS && cls !== T_SEMI) hasContent = true;
    const next = /** @type {number[]} */ (TRANSITIONS[state])[cls] ?? 0;
    if (cls === T_SEMI && next === STATE_START) {
      if (hasContent) count += 1;
      hasContent = false;
    }
    state = next;
  }
  return hasContent ? count + 1 : count;
}

/**
 * The bind parameters of a statement, numbered like SQLite does
 * (sqlite3ExprAssignVarNumber): `?` takes the next number, `?NNN` takes NNN,
 * a repeated `:name` reuses its first number. `name` is what
 * sqlite3_bind_parameter_name() would return (`null` for a bare `?`).
 * Returns one entry per index from 1 to the highest index used.
 * @param {string} sql
 * @returns {SqlParam[]}
 */
export function sqlParameters(sql) {
  /** @type {Map<number, string | null>} */
  const names = new Map();
  /** @type {Map<string, number>} */
  const indexByName = new Map();
  let maxIndex = 0;
  for (const token of tokenize(sql)) {
    if (token.kind !== "variable") continue;
    const text = token.text;
    if (text === "?") {
      maxIndex += 1;
      names.set(maxIndex, null);
    } else if (text.startsWith("?")) {
      const index = Number(text.slice(1));
      if (!Number.isSafeInteger(index) || index < 1 || index > MAX_VARIABLE_NUMBER) continue;
      maxIndex = Math.max(maxIndex, index);
      if (!names.get(index)) names.set(index, text);
    } else if (!indexByName.has(text)) {
      maxIndex += 1;
      indexByName.set(text, maxIndex);
      names.set(maxIndex, text);
    }
  }
  /** @type {SqlParam[]} */
  const params = [];
  for (let index = 1; index <= maxIndex; index += 1) {
    params.push({ index, name: names.get(index) ?? null });
  }
  return params;
}

/**
 * The statement's first keyword in lower case (`select`, `explain`, `create`, …), or null.
 * @param {string} sql
 */
export function leadingKeyword(sql) {
  const first = tokenize(sql).find((t) => t.kind !== "ws" && t.kind !== "semi");
  return first !== undefined && first.kind === "word" ? first.text.toLowerCase() : null;
}

/**
 * True if the first keyword of the statement is EXPLAIN.
 * @param {string} sql
 */
export function isExplain(sql) {
  return leadingKeyword(sql) === "explain";
}
