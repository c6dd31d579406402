/**
 * One cleaning for every free-text field a member fills in (profile name, about-me, chat messages,
 * complaints, delete remarks): what reaches another person is the text the writer could see.
 *
 * Removed: control characters (line breaks and tabs kept where a field has lines), bidirectional
 * overrides and isolates, zero-width and other invisible format characters, soft hyphens, fillers
 * that render as blanks (Hangul fillers, Mongolian vowel separator, Braille blank), tag characters,
 * and stacks of combining marks beyond three on one letter ("zalgo"). Kept: the zero-width joiner
 * inside emoji sequences (👩‍❤️‍👨), variation selectors (❤️), and the tag characters of the
 * subdivision flags (🏴󠁧󠁢󠁳󠁣󠁴󠁿). Exotic spaces become plain spaces; the text is put in Unicode NFC.
 */

/** Invisible or deceptive code points that no field keeps (besides the contextual ones below). */
const INVISIBLE =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: U+034F and the variation selectors are listed on purpose, one by one.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B\u200E\u200F\u202A-\u202E\u2060-\u206F\u2800\u3164\uFEFF\uFFA0\uFFF0-\uFFFB\u{1D173}-\u{1D17A}\u{E0100}-\u{E01EF}]/gu;

/** A zero-width joiner or non-joiner is kept only between two emoji (ZWJ) or two letters (ZWNJ). */
const JOINER_OUT_OF_PLACE =
  /(?<!\p{Extended_Pictographic}[\u{1F3FB}-\u{1F3FF}\uFE0F]?)\u200D|\u200D(?!\p{Extended_Pictographic})|(?<!\p{L}\p{M}*)\u200C|\u200C(?!\p{L})/gu;

/** Tag characters are kept only in a flag's tag sequence: 🏴 followed by tags and the cancel tag. */
const TAG_OUT_OF_PLACE = /(?<!\u{1F3F4}[\u{E0020}-\u{E007E}]*)[\u{E0000}-\u{E007F}]/gu;

/** More than three combining marks on one letter only serve to spill over the lines around it. */
const MARK_STACK = /(\p{M}{3})\p{M}+/gu;

/** Spaces of other widths (no-break, em, ideographic, …) and the line separators of one-line fields. */
const ODD_SPACE = /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/gu;
const LINE_SEPARATOR = /\r\n?|[\u0085\u2028\u2029]/gu;

function stripInvisible(value: string): string {
  return value
    .normalize("NFC")
    .replace(TAG_OUT_OF_PLACE, "")
    .replace(JOINER_OUT_OF_PLACE, "")
    .replace(INVISIBLE, "")
    .replace(MARK_STACK, "$1")
    .replace(ODD_SPACE, " ");
}

/** A one-line field (a name, a subject): no line breaks, single spaces, trimmed. */
export function cleanLine(value: string): string {
  return stripInvisible(value.replace(LINE_SEPARATOR, " ").replace(/[\t\n]/g, " "))
    .replace(/ {2,}/g, " ")
    .trim();
}

/** A text with lines (a message, about-me): line breaks and tabs kept, at most one empty line in a row. */
export function cleanParagraphs(value: string): string {
  return stripInvisible(value.replace(LINE_SEPARATOR, "\n"))
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** A name must show at least one letter: not only digits, punctuation, emoji or blanks. */
export function hasVisibleLetter(value: string): boolean {
  return /\p{L}/u.test(value);
}

/** For an optional field: a text that cleaning leaves empty is no text. */
export const optionalText =
  (clean: (value: string) => string) =>
  (value: string): string | undefined =>
    clean(value) || undefined;
