import { describe, expect, it } from "vitest";
import { dialablePhone, displayPhone } from "./Footer";
import { badgeText, creditsBadgeTone } from "./NavBadge";

describe("navigation and footer details", () => {
  it("caps badges at 99+", () => {
    expect(badgeText(5)).toBe("5");
    expect(badgeText(99)).toBe("99");
    expect(badgeText(100)).toBe("99+");
  });

  it("shows the credit balance at 10 or fewer: warning above 0, danger at 0", () => {
    expect(creditsBadgeTone(11)).toBeNull();
    expect(creditsBadgeTone(10)).toBe("warning");
    expect(creditsBadgeTone(1)).toBe("warning");
    expect(creditsBadgeTone(0)).toBe("danger");
  });

  it("shows the support phone without dashes and spaces", () => {
    expect(displayPhone("+31 (0)20-123 4567")).toBe("+31(0)201234567");
  });

  it("dials the support phone in E.164: no spaces, dashes or trunk (0)", () => {
    expect(dialablePhone("+31 (0)20-123 4567")).toBe("+31201234567");
    expect(dialablePhone("+49 (0)30-1234 5670")).toBe("+493012345670");
    expect(dialablePhone("+44 (0)20 7946 0123")).toBe("+442079460123");
    expect(dialablePhone("0031 20 123 4567")).toBe("+31201234567");
    expect(dialablePhone("020-123 4567")).toBe("0201234567");
  });
});
