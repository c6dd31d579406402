import { describe, expect, it } from "vitest";
import { backoffSeconds, nextAttemptAt, retryAfterSeconds } from "./retry";

const NOW = new Date("2026-11-21T12:00:00Z");

describe("back-off", () => {
  it("doubles from a minute and stops growing at an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((attempt) => backoffSeconds(attempt))).toEqual([
      60, 120, 240, 480, 960, 1920, 3600, 3600, 3600,
    ]);
    expect(backoffSeconds(0)).toBe(60);
  });

  it("waits at least as long as the service asked", () => {
    expect(nextAttemptAt(NOW, 1)).toEqual(new Date("2026-11-21T12:01:00Z"));
    expect(nextAttemptAt(NOW, 1, 900)).toEqual(new Date("2026-11-21T12:15:00Z"));
    // A shorter wait than the back-off does not hurry the retry.
    expect(nextAttemptAt(NOW, 3, 5)).toEqual(new Date("2026-11-21T12:04:00Z"));
  });
});

describe("Retry-After", () => {
  it("reads seconds and HTTP dates", () => {
    expect(retryAfterSeconds("120", NOW)).toBe(120);
    expect(retryAfterSeconds(" 0 ", NOW)).toBe(0);
    expect(retryAfterSeconds("Sat, 21 Nov 2026 12:10:00 GMT", NOW)).toBe(600);
  });

  it("ignores what it cannot read, never goes below zero, and is capped", () => {
    expect(retryAfterSeconds(null, NOW)).toBeUndefined();
    expect(retryAfterSeconds("", NOW)).toBeUndefined();
    expect(retryAfterSeconds("soon", NOW)).toBeUndefined();
    expect(retryAfterSeconds("-5", NOW)).toBeUndefined();
    expect(retryAfterSeconds("Sat, 21 Nov 2026 11:00:00 GMT", NOW)).toBe(0);
    expect(retryAfterSeconds("9999999", NOW)).toBe(86400);
    expect(retryAfterSeconds("9999999", NOW, 600)).toBe(600);
  });
});
