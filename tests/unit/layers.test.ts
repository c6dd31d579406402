/**
 * The layers of app/ (docs/architecture.md): routes and the HTTP edge (app/http) may use React
 * Router; the services of the domain folders take plain input and return outcomes, so they neither
 * import React Router nor reach back into the edge.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const app = new URL("../../app/", import.meta.url).pathname;
const EDGE = ["routes", "http", "components", "root.tsx", "entry.server.tsx", "entry.client.tsx", "routes.ts"];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const services = filesUnder(app).filter((path) => !EDGE.includes(relative(app, path).split("/")[0]!));

describe("services", () => {
  it("exist (the scan reads the domain folders)", () => {
    expect(services.length).toBeGreaterThan(50);
  });

  it("do not import React Router or the HTTP edge", () => {
    const offenders = services.filter((path) => /from "(react-router|~\/http\/[^"]*)"/.test(readFileSync(path, "utf8")));
    expect(offenders.map((path) => relative(app, path))).toEqual([]);
  });
});
