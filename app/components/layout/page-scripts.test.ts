import { describe, expect, it } from "vitest";
import { pageLoadsScripts } from "./page-scripts";

describe("pages without scripts (ADR 030)", () => {
  it("leave the scripts out when a matched route says so in its handle", () => {
    expect(pageLoadsScripts([{ handle: undefined }, { handle: { scripts: false } }, { handle: undefined }])).toBe(false);
  });

  it("load them otherwise", () => {
    expect(pageLoadsScripts([{ handle: undefined }, { handle: { hideEntryWarning: true } }, { handle: { scripts: true } }])).toBe(true);
    expect(pageLoadsScripts([])).toBe(true);
  });
});
