import { describe, expect, it } from "vitest";
import { nearCopies, similarity, shingles } from "./spam-signals";

describe("near copies of a first message", () => {
  const text = "Hoi schat, ik zag je profiel en vond je echt heel leuk. Zin om te kletsen?";

  it("counts the same text, also with other capitals, punctuation or a name swapped in", () => {
    const earlier = [
      "hoi schat ik zag je profiel en vond je echt heel leuk zin om te kletsen",
      "Hoi schat, ik zag je profiel en vond je echt heel leuk! Zin om te kletsen, Anna?",
      "Hé, hoe was je dag?",
    ];
    expect(nearCopies(text, earlier, 0.8)).toBe(2);
  });

  it("tells different messages apart", () => {
    expect(similarity(shingles("Wat een mooie foto bij de zee!"), shingles("Ik hou ook van wandelen in het bos."))).toBe(0);
    expect(nearCopies("Hoi", ["Hallo", "Hey"], 0.8)).toBe(0);
  });
});
