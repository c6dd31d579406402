import { describe, expect, it } from "vitest";
import { createAvatarPool, drawAvatar } from "./avatars";

const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, index) => byte === b[index]);

describe("seed avatars", () => {
  it("draw the same photo for the same person and pose, another photo for another pose", () => {
    const traits = { gender: "female", hairColor: "red" } as const;
    expect(equal(drawAvatar(7, traits, 1).thumb, drawAvatar(7, traits, 1).thumb)).toBe(true);
    expect(equal(drawAvatar(7, traits, 0).thumb, drawAvatar(7, traits, 1).thumb)).toBe(false);
  });

  it("give a member's photos one person in several poses (the pool keys on person and pose)", () => {
    const avatar = createAvatarPool(4);
    const traits = { gender: "male", hairColor: "brown" } as const;
    expect(avatar(traits, 2, 1)).toBe(avatar(traits, 6, 1)); // variants wrap: the same person, the same pose
    expect(avatar(traits, 2, 0)).not.toBe(avatar(traits, 2, 1));
    expect(avatar(traits, 2, 0)).toBe(avatar(traits, 2));
  });
});
