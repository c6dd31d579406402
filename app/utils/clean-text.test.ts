import { describe, expect, it } from "vitest";
import { cleanLine, cleanParagraphs, hasVisibleLetter } from "./clean-text";

/** Every invisible or deceptive character a hardening probe of the forms got through. */
const SMUGGLED = [
  "\u061C",
  "\u2060",
  "\uFEFF",
  "\u00AD",
  "\u180E",
  "\u2061",
  "\u3164",
  "\u200B",
  "\u200E",
  "\u202E",
  "\u2066",
  "\u0000",
  "\u0007",
  "\u{E0041}",
  "\u{E007F}",
  "\u2800",
];

describe("cleanParagraphs (messages, about-me)", () => {
  it.each(SMUGGLED.map((c) => [c.codePointAt(0)!.toString(16)]))("drops U+%s", (hex) => {
    const c = String.fromCodePoint(parseInt(hex, 16));
    expect(cleanParagraphs(`Hal${c}lo${c}`)).toBe("Hallo");
  });

  it("turns line and paragraph separators into line breaks, keeping at most one empty line", () => {
    expect(cleanParagraphs("Hoi\u2028daar\u2029\r\n\n\n\nDoei  \n")).toBe("Hoi\ndaar\n\nDoei");
  });

  it("keeps emoji sequences, skin tones, variation selectors and subdivision flags", () => {
    for (const emoji of ["👩‍❤️‍💋‍👨", "👩🏽‍💻", "❤️", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🇳🇱"]) expect(cleanParagraphs(`Hoi ${emoji}`)).toBe(`Hoi ${emoji}`);
  });

  it("drops a joiner outside an emoji sequence and tags outside a flag", () => {
    expect(cleanParagraphs("a\u200Db \u200D")).toBe("ab");
    expect(cleanParagraphs("tag\u{E0068}\u{E0069}")).toBe("tag");
  });

  it("keeps accents and scripts, in composed form, but cuts stacks of combining marks", () => {
    expect(cleanParagraphs("Zoe\u0308 Łódź 日本 مرحبا")).toBe("Zoë Łódź 日本 مرحبا");
    expect(cleanParagraphs("q\u0301\u0302\u0303\u0304\u0305\u0306x")).toBe("q\u0301\u0302\u0303x");
  });
});

describe("cleanLine (names, subjects)", () => {
  it("makes one line with single plain spaces", () => {
    expect(cleanLine("  Eva\u00A0\u2003van\n\tDijk\u2028 ")).toBe("Eva van Dijk");
  });

  it("leaves nothing of a name made of invisible characters", () => {
    expect(cleanLine("\u200B\u200B\u3164\uFEFF")).toBe("");
    expect(cleanLine(`${"\u202E".repeat(30)}Eva`)).toBe("Eva");
  });
});

describe("hasVisibleLetter", () => {
  it("asks for a letter in any script", () => {
    expect(hasVisibleLetter("Ēva")).toBe(true);
    expect(hasVisibleLetter("김민지")).toBe(true);
    expect(hasVisibleLetter("123 !!")).toBe(false);
    expect(hasVisibleLetter("❤️❤️")).toBe(false);
  });
});
