import { describe, expect, it } from "vitest";
import { likeModalDelay } from "./like-modal-delay";

describe("like modal delay (?t=)", () => {
  it("accepts whole seconds from 0 to 600", () => {
    expect(likeModalDelay("0")).toBe(0);
    expect(likeModalDelay("15")).toBe(15);
    expect(likeModalDelay("600")).toBe(600);
  });

  it("ignores anything else", () => {
    for (const value of [null, "", "601", "-1", "1.5", "1e2", " 5", "abc", "0x10", "9999"]) expect(likeModalDelay(value)).toBeNull();
  });
});
