import { describe, expect, it } from "vitest";
import { backoff, FIRST_RETRY_MS, MAX_RETRY_MS, retryDelay, STEADY_MS } from "./reconnect-backoff";

const lowest = () => 0;
const highest = () => 0.999_999;

describe("the live-chat socket's reconnect schedule (ADR 044)", () => {
  it("doubles from 1 s and stops at 30 s", () => {
    const ceilings = Array.from({ length: 9 }, (_, failures) => retryDelay(failures, highest));
    expect(ceilings).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000]);
    expect(retryDelay(1_000, highest)).toBe(MAX_RETRY_MS);
  });

  it("draws each wait from the upper half of its step, so sockets closed together spread out", () => {
    expect(retryDelay(0, lowest)).toBe(FIRST_RETRY_MS / 2);
    expect(retryDelay(3, lowest)).toBe(4_000);
    expect(retryDelay(20, lowest)).toBe(MAX_RETRY_MS / 2);
    expect(retryDelay(2, () => 0.5)).toBe(3_000);
    const waits = new Set(Array.from({ length: 50 }, () => retryDelay(4)));
    expect(waits.size).toBeGreaterThan(10);
    for (const wait of waits) {
      expect(wait).toBeGreaterThanOrEqual(8_000);
      expect(wait).toBeLessThanOrEqual(16_000);
    }
  });

  it("never waits less than half a second, whatever it is given", () => {
    expect(retryDelay(-3, lowest)).toBe(500);
    expect(retryDelay(Number.NaN, lowest)).toBeGreaterThanOrEqual(500);
  });

  it("backs off while the socket cannot connect or drops right after opening", () => {
    const schedule = backoff(highest);
    expect([schedule.next(0), schedule.next(0), schedule.next(200), schedule.next(0)]).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(schedule.next(STEADY_MS - 1)).toBe(16_000);
    expect(schedule.next(0)).toBe(30_000);
  });

  it("starts from the first step again after a socket that stayed open", () => {
    const schedule = backoff(highest);
    for (let i = 0; i < 8; i += 1) schedule.next(0);
    expect(schedule.next(STEADY_MS)).toBe(1_000);
    expect(schedule.next(0)).toBe(2_000);
    expect(schedule.next(60 * 60_000)).toBe(1_000);
  });
});
