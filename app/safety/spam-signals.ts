/**
 * Whether a first message looks like spam (ADR 053): the same or nearly the same text sent to many
 * members in a short time. Pure: the caller hands in the sender's recent first messages (already in
 * `messages`, nothing is copied) and the site's thresholds.
 */
import { foldText } from "./message-check";

/** The text as a set of word trigrams, lower case, accents and punctuation ignored. */
export function shingles(text: string): Set<string> {
  const words = foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
  if (words.length < 3) return new Set([words.join(" ")]);
  const grams = new Set<string>();
  for (let n = 0; n + 3 <= words.length; n++) grams.add(words.slice(n, n + 3).join(" "));
  return grams;
}

/** Jaccard similarity of two shingle sets: 1 for the same text (after folding), 0 for nothing in common. */
export function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const gram of a) if (b.has(gram)) shared += 1;
  const union = a.size + b.size - shared;
  return union === 0 ? 1 : shared / union;
}

/** How many of `earlier` are the same or nearly the same as `text` (the new message itself not counted). */
export function nearCopies(text: string, earlier: string[], threshold: number): number {
  const mine = shingles(text);
  return earlier.filter((other) => similarity(mine, shingles(other)) >= threshold).length;
}
