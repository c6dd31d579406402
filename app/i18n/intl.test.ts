import { describe, expect, it } from "vitest";
import { dateTimeFormat, displayNames, numberFormat, pluralRules } from "./intl";

describe("reused Intl formatters", () => {
  it("builds a formatter once per locale and options, and formats as a new one would", () => {
    const options = { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Amsterdam" } as const;
    expect(dateTimeFormat("nl-NL", options)).toBe(dateTimeFormat("nl-NL", { ...options }));
    expect(dateTimeFormat("nl-NL", options)).not.toBe(dateTimeFormat("de-DE", options));
    expect(dateTimeFormat("nl-NL", options)).not.toBe(dateTimeFormat("nl-NL", { ...options, timeZone: "UTC" }));
    const instant = new Date("2026-11-26T13:05:00Z");
    expect(dateTimeFormat("nl-NL", options).format(instant)).toBe(new Intl.DateTimeFormat("nl-NL", options).format(instant));
    expect(numberFormat("de-DE", { style: "currency", currency: "EUR" }).format(49.95)).toBe(
      new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(49.95),
    );
    expect(displayNames("nl-NL", { type: "region" }).of("BE")).toBe("België");
    expect(pluralRules("pl-PL").select(3)).toBe("few");
  });

  it("does not keep a formatter that could not be built", () => {
    expect(() => dateTimeFormat("nl-NL", { timeZone: "Nowhere/Atlantis" })).toThrow(RangeError);
    expect(() => dateTimeFormat("nl-NL", { timeZone: "Nowhere/Atlantis" })).toThrow(RangeError);
  });
});
