import { describe, expect, it } from "vitest";
import { auditAction } from "./audit-kinds";

describe("an audit entry's action", () => {
  it("is its own text when it has no detail", () => {
    expect(auditAction("refund")).toEqual({ key: "refund", profileId: null });
  });

  it("names a complaint's new status", () => {
    expect(auditAction("status:in_progress")).toEqual({ key: "status_in_progress", profileId: null });
  });

  it("names a conversation decision and the member it was about", () => {
    expect(auditAction("remove_photos:4711")).toEqual({ key: "remove_photos", profileId: "4711" });
  });
});
