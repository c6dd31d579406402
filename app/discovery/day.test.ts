import { describe, expect, it } from "vitest";
import { startOfDay, startOfNextDay } from "~/utils/day";
import { formatResetTime } from "./reset-time";

const AMSTERDAM = "Europe/Amsterdam";

describe("startOfDay in Europe/Amsterdam", () => {
  it("is local midnight in winter (UTC+1)", () => {
    expect(startOfDay(new Date("2025-01-15T12:00:00Z"), AMSTERDAM).toISOString()).toBe("2025-01-14T23:00:00.000Z");
  });

  it("is local midnight in summer (UTC+2)", () => {
    expect(startOfDay(new Date("2025-07-15T12:00:00Z"), AMSTERDAM).toISOString()).toBe("2025-07-14T22:00:00.000Z");
  });

  it("keeps a moment just before midnight on the day before", () => {
    // 23:59:59 local on 14 January is 22:59:59 UTC.
    expect(startOfDay(new Date("2025-01-14T22:59:59Z"), AMSTERDAM).toISOString()).toBe("2025-01-13T23:00:00.000Z");
    expect(startOfDay(new Date("2025-01-14T23:00:00Z"), AMSTERDAM).toISOString()).toBe("2025-01-14T23:00:00.000Z");
  });

  it("uses winter time for the midnight of the day the clocks go forward (30 March 2025)", () => {
    // After 02:00 CET the clocks jump to 03:00 CEST; the day still began at 00:00 CET = 23:00 UTC.
    for (const moment of [
      "2025-03-29T23:30:00Z",
      "2025-03-30T00:59:00Z",
      "2025-03-30T01:00:00Z",
      "2025-03-30T12:00:00Z",
      "2025-03-30T21:59:59Z",
    ]) {
      expect(startOfDay(new Date(moment), AMSTERDAM).toISOString(), moment).toBe("2025-03-29T23:00:00.000Z");
    }
    expect(startOfDay(new Date("2025-03-30T22:00:00Z"), AMSTERDAM).toISOString()).toBe("2025-03-30T22:00:00.000Z");
  });

  it("uses summer time for the midnight of the day the clocks go back (26 October 2025)", () => {
    for (const moment of [
      "2025-10-25T22:00:00Z",
      "2025-10-26T00:30:00Z",
      "2025-10-26T01:30:00Z",
      "2025-10-26T12:00:00Z",
      "2025-10-26T22:59:59Z",
    ]) {
      expect(startOfDay(new Date(moment), AMSTERDAM).toISOString(), moment).toBe("2025-10-25T22:00:00.000Z");
    }
    expect(startOfDay(new Date("2025-10-26T23:00:00Z"), AMSTERDAM).toISOString()).toBe("2025-10-26T23:00:00.000Z");
  });

  it("works in other zones", () => {
    expect(startOfDay(new Date("2025-06-01T03:00:00Z"), "America/New_York").toISOString()).toBe("2025-05-31T04:00:00.000Z");
    expect(startOfDay(new Date("2025-06-01T03:00:00Z"), "UTC").toISOString()).toBe("2025-06-01T00:00:00.000Z");
  });
});

describe("startOfNextDay", () => {
  it("is the next local midnight on ordinary days", () => {
    expect(startOfNextDay(new Date("2025-01-15T12:00:00Z"), AMSTERDAM).toISOString()).toBe("2025-01-15T23:00:00.000Z");
    expect(startOfNextDay(new Date("2025-01-15T22:59:59Z"), AMSTERDAM).toISOString()).toBe("2025-01-15T23:00:00.000Z");
  });

  it("is the next midnight on the 23-hour and the 25-hour day", () => {
    expect(startOfNextDay(new Date("2025-03-29T23:30:00Z"), AMSTERDAM).toISOString()).toBe("2025-03-30T22:00:00.000Z");
    // Half past midnight on the 25-hour day: 24 hours later is still the same local day.
    expect(startOfNextDay(new Date("2025-10-25T22:30:00Z"), AMSTERDAM).toISOString()).toBe("2025-10-26T23:00:00.000Z");
  });

  it("is always after now and at most 25 hours away", () => {
    for (let hour = 0; hour < 24 * 400; hour += 7) {
      const now = new Date(Date.UTC(2025, 0, 1) + hour * 3600 * 1000);
      const next = startOfNextDay(now, AMSTERDAM).getTime();
      expect(next).toBeGreaterThan(now.getTime());
      expect(next - now.getTime()).toBeLessThanOrEqual(25 * 3600 * 1000);
      expect(startOfDay(new Date(next), AMSTERDAM).getTime()).toBe(next);
    }
  });
});

describe("formatResetTime", () => {
  it("shows the weekday and the local time with the zone, in the member's language", () => {
    const midnight = new Date("2025-01-16T23:00:00Z"); // Friday 17 January, 00:00 CET
    expect(formatResetTime(midnight, "nl", AMSTERDAM)).toBe("vrijdag, 00:00 CET");
    expect(formatResetTime(midnight, "en", AMSTERDAM)).toMatch(/Friday/);
    expect(formatResetTime(midnight, "de", AMSTERDAM)).toMatch(/Freitag/);
  });

  it("puts the weekday in the case its preposition takes: Polish genitive after od, Finnish essive before alkaen", () => {
    const wednesday = new Date("2025-01-14T23:00:00Z"); // Wednesday 15 January, 00:00 CET
    expect(formatResetTime(wednesday, "pl", AMSTERDAM)).toMatch(/^środy\b/);
    expect(formatResetTime(wednesday, "pl", AMSTERDAM)).not.toMatch(/środa/);
    expect(formatResetTime(wednesday, "fi", AMSTERDAM)).toMatch(/^keskiviikkona\b/);
    const sunday = new Date("2025-01-18T23:00:00Z"); // Sunday 19 January, 00:00 CET
    expect(formatResetTime(sunday, "pl", AMSTERDAM)).toMatch(/^niedzieli/);
  });

  it("writes the time of day as Danish and Finnish running text does: kl. 00.00, klo 00.00", () => {
    const midnight = new Date("2025-01-16T23:00:00Z"); // Friday 17 January, 00:00 CET
    expect(formatResetTime(midnight, "da", AMSTERDAM)).toMatch(/^fredag kl\. 00\.00 \S+$/);
    expect(formatResetTime(midnight, "fi", AMSTERDAM)).toMatch(/^perjantaina klo 00\.00 \S+$/);
    const evening = new Date("2025-01-17T16:30:00Z"); // Friday 17:30 CET
    expect(formatResetTime(evening, "da", AMSTERDAM)).toMatch(/^fredag kl\. 17\.30 /);
  });
});
