import { describe, expect, it } from "vitest";
import { exportFileName } from "./data-export.server";

describe("data export file name", () => {
  it("is <site>-data-<date>.json with a safe site name", () => {
    expect(exportFileName("Flirtparadijs", new Date("2026-03-04T10:00:00Z"))).toBe("flirtparadijs-data-2026-03-04.json");
    expect(exportFileName("Reife Liebe & Co.", new Date("2026-03-04T23:30:00Z"))).toBe("reife-liebe-co-data-2026-03-04.json");
    expect(exportFileName("«»", new Date("2026-03-04T00:00:00Z"))).toBe("site-data-2026-03-04.json");
  });
});
