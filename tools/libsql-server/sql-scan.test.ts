import { describe, expect, it } from "vitest";
import { countStatements, isExplain, sqlParameters } from "./sql-scan.mjs";

describe("countStatements", () => {
  it.each([
    ["", 0],
    ["  -- only a comment\n /* and another */ ;;", 0],
    ["SELECT 1", 1],
    ["SELECT 1;", 1],
    ["SELECT 1; -- trailing comment", 1],
    ["SELECT 1;; ;", 1],
    ["SELECT 1; SELECT 2", 2],
    ["SELECT ';' AS a, \"x;y\", `b;`, [c;d] FROM t", 1],
    ["SELECT 'it''s; fine'; SELECT 2;", 2],
    ["SELECT 1 /* ; */ -- ;\n", 1],
    ["CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO u VALUES (1); UPDATE u SET x = 2; END;", 1],
    ["CREATE TEMP TRIGGER tr AFTER INSERT ON t BEGIN DELETE FROM u; END; SELECT 1", 2],
    ["EXPLAIN CREATE TRIGGER tr AFTER INSERT ON t BEGIN DELETE FROM u; END", 1],
    ['CREATE TABLE "end" (x); SELECT 1', 2],
  ])("%j has %i statement(s)", (sql, expected) => {
    expect(countStatements(sql)).toBe(expected);
  });
});

describe("sqlParameters", () => {
  it("numbers parameters like SQLite", () => {
    expect(sqlParameters("SELECT ?, :a, ?, @b, :a, $c, ?5")).toEqual([
      { index: 1, name: null },
      { index: 2, name: ":a" },
      { index: 3, name: null },
      { index: 4, name: "@b" },
      { index: 5, name: "$c" },
    ]);
    expect(sqlParameters("SELECT ?3, ?")).toEqual([
      { index: 1, name: null },
      { index: 2, name: null },
      { index: 3, name: "?3" },
      { index: 4, name: null },
    ]);
  });

  it("ignores look-alikes in strings, identifiers and comments", () => {
    expect(sqlParameters("SELECT ':x', \"?\" -- :y\n, /* @z */ a$b, :real")).toEqual([{ index: 1, name: ":real" }]);
  });

  it("handles TCL-style $ names", () => {
    expect(sqlParameters("SELECT $a::b, $c(d), $a::b")).toEqual([
      { index: 1, name: "$a::b" },
      { index: 2, name: "$c(d)" },
    ]);
  });
});

describe("isExplain", () => {
  it("detects EXPLAIN after comments", () => {
    expect(isExplain("/* hi */ explain query plan SELECT 1")).toBe(true);
    expect(isExplain("SELECT 'explain'")).toBe(false);
  });
});
