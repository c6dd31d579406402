/**
 * The project's import graph as the TypeScript compiler resolves it (ADR 057): `tsc -p
 * tsconfig.cloudflare.json --explainFiles --noCheck` lists every file of the program with why it
 * is in it ("Imported via '<specifier>' from file '<importer>'"), which covers relative and aliased
 * paths, `import type`, `import("…")` types and dynamic imports alike. TypeScript 7 has no JS
 * compiler API, so the listing is the interface. `--noCheck` skips type checking: the graph is
 * what resolution finds, and a type error elsewhere does not hide it.
 *
 * Read fresh on every call (nothing cached between runs): tests/unit/layers.test.ts asserts the
 * layers on it.
 */
import { spawnSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export type ImportEdge = {
  /** The importing file, relative to the project root ("app/routes/home.tsx"). */
  from: string;
  /** The file the import resolved to ("app/http/guards.server.ts", "node_modules/react-router/…"). */
  to: string;
  /** The specifier as written ("~/http/guards.server", "../http/guards.server", "react-router"). */
  specifier: string;
};

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Runs the compiler once over the Worker's program and returns every import edge in it. */
export function importGraph(project = "tsconfig.cloudflare.json"): ImportEdge[] {
  const tsc = resolve(root, "node_modules/.bin/tsc");
  const result = spawnSync(tsc, ["-p", project, "--explainFiles", "--noEmit", "--noCheck"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  const edges = parseExplainFiles(result.stdout);
  if (edges.length === 0)
    throw new Error(`tsc --explainFiles listed no imports (exit ${result.status}):\n${result.stdout}${result.stderr}`);
  return edges;
}

/**
 * The listing names a file on an unindented line and each reason it is included on the indented
 * lines below it; an "Imported via" reason is an edge from the importer to that file.
 */
export function parseExplainFiles(listing: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  let file: string | null = null;
  for (const line of listing.split(/\r?\n/)) {
    if (!/^\s/.test(line)) {
      file = line.trim() || null;
      continue;
    }
    const reason = /^\s+Imported via (["'])(.*?)\1 from file '([^']+)'/.exec(line);
    if (reason && file) edges.push({ from: reason[3]!, to: file, specifier: reason[2]! });
  }
  return edges;
}
