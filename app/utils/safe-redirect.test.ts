import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirectPath("/pages/faq?x=1")).toBe("/pages/faq?x=1");
  });
  it("refuses other origins and junk", () => {
    for (const value of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", null, 42, "/a\nb"]) {
      expect(safeRedirectPath(value)).toBe("/");
    }
  });
});
