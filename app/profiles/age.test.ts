import { expect, it } from "vitest";
import { ageOn } from "./age";

it("counts whole years, turning a year older on the birthday", () => {
  expect(ageOn("2000-06-15", new Date("2026-06-14T12:00:00Z"))).toBe(25);
  expect(ageOn("2000-06-15", new Date("2026-06-15T12:00:00Z"))).toBe(26);
});
