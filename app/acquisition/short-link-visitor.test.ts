import { describe, expect, it } from "vitest";
import { shortLinkVisitKey } from "./short-link-visitor";

const visitor = { ip: "203.0.113.7", userAgent: "Mozilla/5.0 Firefox/140.0" };
const amsterdam = "Europe/Amsterdam";

describe("shortLinkVisitKey", () => {
  it("is the same for one visitor all day long in the site's time zone, and another after local midnight", () => {
    // 00:10 and 23:50 in Amsterdam (summer time: UTC+2) are one day; 00:10 the next morning is another.
    const morning = shortLinkVisitKey("1/news", visitor, new Date("2026-07-14T22:10:00Z"), amsterdam);
    const evening = shortLinkVisitKey("1/news", visitor, new Date("2026-07-15T21:50:00Z"), amsterdam);
    const nextMorning = shortLinkVisitKey("1/news", visitor, new Date("2026-07-15T22:10:00Z"), amsterdam);
    expect(evening).toBe(morning);
    expect(nextMorning).not.toBe(morning);
    // In UTC the first two are on different days.
    expect(shortLinkVisitKey("1/news", visitor, new Date("2026-07-14T22:10:00Z"), "UTC")).not.toBe(
      shortLinkVisitKey("1/news", visitor, new Date("2026-07-15T21:50:00Z"), "UTC"),
    );
  });

  it("tells visitors and links apart, and holds no address", () => {
    const now = new Date("2026-07-15T12:00:00Z");
    const key = shortLinkVisitKey("1/news", visitor, now, amsterdam);
    expect(key).toMatch(/^short-link:1\/news:\d+:[0-9a-f]{32}$/);
    expect(key).not.toContain(visitor.ip);
    expect(shortLinkVisitKey("1/news", { ...visitor, userAgent: "Safari" }, now, amsterdam)).not.toBe(key);
    expect(shortLinkVisitKey("1/news", { ...visitor, ip: "203.0.113.8" }, now, amsterdam)).not.toBe(key);
    expect(shortLinkVisitKey("1/other", visitor, now, amsterdam).split(":")[3]).not.toBe(key.split(":")[3]);
  });
});
