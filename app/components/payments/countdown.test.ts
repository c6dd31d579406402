import { describe, expect, it } from "vitest";
import { formatCountdown, secondsLeft } from "./countdown";

describe("the time-bonus countdown", () => {
  it("shows hours, minutes and seconds", () => {
    expect(formatCountdown(14_400)).toBe("4:00:00");
    expect(formatCountdown(14_399)).toBe("3:59:59");
    expect(formatCountdown(65)).toBe("0:01:05");
    expect(formatCountdown(0)).toBe("0:00:00");
  });

  it("counts whole seconds left and stops at zero", () => {
    const now = Date.parse("2026-11-25T10:00:00Z");
    expect(secondsLeft("2026-11-25T14:00:00Z", now)).toBe(14_400);
    expect(secondsLeft("2026-11-25T10:00:00.400Z", now)).toBe(1);
    expect(secondsLeft("2026-11-25T09:00:00Z", now)).toBe(0);
  });
});
