import { describe, expect, it } from "vitest";
import { shouldShowEntryWarning, type EntryWarningInput } from "./rules";

const visitor: EntryWarningInput = {
  layout: "default",
  loggedIn: false,
  dismissed: false,
  enabled: true,
  country: "NL",
  configuredCountries: ["NL", "BE"],
  pageOptsOut: false,
};

describe("entry warning", () => {
  it("shows to a logged-out visitor from a configured country", () => {
    expect(shouldShowEntryWarning(visitor)).toBe(true);
  });

  it("shows once: never again after dismissal, nor to members", () => {
    expect(shouldShowEntryWarning({ ...visitor, dismissed: true })).toBe(false);
    expect(shouldShowEntryWarning({ ...visitor, loggedIn: true })).toBe(false);
  });

  it("respects enable_site_entry_popup and the configured countries", () => {
    expect(shouldShowEntryWarning({ ...visitor, enabled: false })).toBe(false);
    expect(shouldShowEntryWarning({ ...visitor, country: "FR" })).toBe(false);
    expect(shouldShowEntryWarning({ ...visitor, country: null })).toBe(false);
  });

  it("shows on the bare layouts for NL and DE only", () => {
    for (const layout of ["chat", "lander", "empty"] as const) {
      expect(shouldShowEntryWarning({ ...visitor, layout, country: "DE", configuredCountries: [] })).toBe(true);
      expect(shouldShowEntryWarning({ ...visitor, layout, country: "BE", configuredCountries: ["BE"] })).toBe(false);
    }
  });

  it("is hidden on pages that opt out (complete-signup, reset-password)", () => {
    expect(shouldShowEntryWarning({ ...visitor, pageOptsOut: true })).toBe(false);
  });
});
