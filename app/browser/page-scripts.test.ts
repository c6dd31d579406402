import { describe, expect, it } from "vitest";
import { pageInlineScripts, pageLoadsScripts, renderedWithScripts } from "./page-scripts";

describe("pages without React Router's scripts (ADR 030, ADR 032)", () => {
  it("leave the scripts out when a matched route says `scripts: false`, signed in or not", () => {
    const matches = [{ handle: undefined }, { handle: { scripts: false } }, { handle: undefined }];
    expect(pageLoadsScripts(matches, false)).toBe(false);
    expect(pageLoadsScripts(matches, true)).toBe(false);
  });

  it('leave them out for visitors only when a matched route says `scripts: "signed-in"`', () => {
    const matches = [
      { handle: { inlineScripts: ["language-menu"] } },
      { handle: { scripts: "signed-in", inlineScripts: ["passkey-login"] } },
    ];
    expect(pageLoadsScripts(matches, false)).toBe(false);
    expect(pageLoadsScripts(matches, true)).toBe(true);
    expect(pageInlineScripts(matches, false)).toEqual(["language-menu", "passkey-login"]);
    expect(pageInlineScripts(matches, true)).toEqual(["start-scripts"]);
  });

  it("load them otherwise, with only the inline script that starts them (ADR 063)", () => {
    const matches = [
      { handle: { inlineScripts: ["signup-dialog"] } },
      { handle: { hideEntryWarning: true } },
      { handle: { scripts: true } },
    ];
    expect(pageLoadsScripts(matches, false)).toBe(true);
    expect(pageInlineScripts(matches, false)).toEqual(["start-scripts"]);
    expect(pageLoadsScripts([], false)).toBe(true);
  });

  it("are rendered with them in the browser, where the document has hydrated already", () => {
    const matches = [{ handle: { scripts: "signed-in" } }];
    expect(renderedWithScripts(matches, false)).toBe(false);
    const global = globalThis as { document?: unknown };
    global.document = {};
    try {
      expect(renderedWithScripts(matches, false)).toBe(true);
    } finally {
      delete global.document;
    }
  });
});
