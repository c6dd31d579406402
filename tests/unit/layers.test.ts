/**
 * The layers of app/ (ADR 057, docs/architecture.md), checked on the import graph the
 * TypeScript compiler resolves (tools/import-graph.ts): every path form, `import type` and dynamic
 * imports count.
 * - The edge: app/routes, app/http, app/components and root/entry/routes.ts may use React Router.
 * - The domain (every other folder of app/, and app/env.server.ts): services take plain input and
 *   return outcomes, so they never import React Router, @react-router/*, app/http, app/components
 *   or app/routes.
 * - app/http is the routes' plumbing and never imports components (nor routes).
 * - No import cycle, types included, and no two domain folders import each other, directly or round
 *   a loop: the folders have one dependency order (ADR 057).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { importGraph, type ImportEdge } from "../../tools/import-graph";

const EDGE_UNITS = new Set(["routes", "http", "components", "root.tsx", "entry.server.tsx", "entry.client.tsx", "routes.ts"]);

/** "accounts" for app/accounts/…, "env.server.ts" for a file directly in app/, null outside app/. */
function unitOf(file: string): string | null {
  if (!file.startsWith("app/")) return null;
  return file.slice("app/".length).split("/")[0]!;
}

const isDomain = (file: string) => {
  const unit = unitOf(file);
  return unit !== null && !EDGE_UNITS.has(unit);
};
const isReactRouter = (edge: ImportEdge) =>
  /^(react-router|@react-router\/)/.test(edge.specifier) || /node_modules\/(react-router|@react-router)\//.test(edge.to);
const describeEdge = (edge: ImportEdge) => `${edge.from} → ${edge.specifier}`;

let edges: ImportEdge[] = [];
let appEdges: ImportEdge[] = [];

beforeAll(() => {
  edges = importGraph();
  appEdges = edges.filter((edge) => edge.from.startsWith("app/"));
}, 120_000);

describe("the import graph", () => {
  it("is the whole program, relative and aliased paths resolved", () => {
    expect(new Set(appEdges.map((edge) => edge.from)).size).toBeGreaterThan(300);
    expect(appEdges).toContainEqual(expect.objectContaining({ from: "app/root.tsx", specifier: "react-router" }));
    expect(appEdges.some((edge) => edge.specifier.startsWith("./") && edge.to.startsWith("app/"))).toBe(true);
    expect(appEdges.some((edge) => edge.specifier.startsWith("~/") && edge.to.startsWith("app/"))).toBe(true);
  });
});

describe("domain code", () => {
  it("does not import React Router, @react-router/*, app/http, app/components or app/routes", () => {
    const offenders = appEdges.filter((edge) => isDomain(edge.from) && (isReactRouter(edge) || EDGE_UNITS.has(unitOf(edge.to) ?? "")));
    expect(offenders.map(describeEdge)).toEqual([]);
  });

  it("has no two folders that import each other, directly or round a loop (one dependency order, ADR 057)", () => {
    const betweenFolders = appEdges.flatMap((edge) => {
      const [from, to] = [unitOf(edge.from)!, unitOf(edge.to) ?? ""];
      return isDomain(edge.from) && isDomain(edge.to) && from !== to ? [{ ...edge, from, to }] : [];
    });
    expect(cyclesOf(betweenFolders)).toEqual([]);
  });
});

describe("app/http", () => {
  it("does not import components or routes", () => {
    const offenders = appEdges.filter((edge) => unitOf(edge.from) === "http" && ["components", "routes"].includes(unitOf(edge.to) ?? ""));
    expect(offenders.map(describeEdge)).toEqual([]);
  });
});

describe("the project's modules", () => {
  it("import no cycle, types included", () => {
    // React Router's generated route types (.react-router/) and each route import one another by design.
    const generated = (file: string) => file.includes("node_modules/") || file.startsWith(".react-router/");
    const own = edges.filter((edge) => !generated(edge.to) && !generated(edge.from));
    expect(cyclesOf(own)).toEqual([]);
  });
});

/** The strongly connected components of more than one file (Tarjan), each sorted: every import cycle. */
function cyclesOf(graphEdges: ImportEdge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of graphEdges) {
    if (from === to) continue;
    if (!next.has(from)) next.set(from, new Set());
    next.get(from)!.add(to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const imported of next.get(file) ?? []) {
      if (!index.has(imported)) {
        visit(imported);
        low.set(file, Math.min(low.get(file)!, low.get(imported)!));
      } else if (onStack.has(imported)) low.set(file, Math.min(low.get(file)!, index.get(imported)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const file of next.keys()) if (!index.has(file)) visit(file);
  return cycles;
}
