/**
 * What a member typed into a text area before the page hydrated survives the hydration.
 *
 * React's hydration sets a `<textarea>`'s value back to the text the server rendered (text inputs
 * keep what was typed, text areas do not), and the page paints before its scripts arrive (ADR 034):
 * on a slow phone, a member can start their "about me" or a chat message in that time. The entry
 * notes every text area whose value differs from the server's text just before it hydrates, and
 * puts those values back right after, announced as the member's own input so the form's state,
 * validation and counters see it (even where hydration left the text in place).
 */
const typed = new Map<HTMLTextAreaElement, string>();

/** Notes the text areas the member has typed into (their value is no longer the server's text). */
export function rememberTypedText(root: ParentNode = document) {
  for (const area of root.querySelectorAll("textarea")) {
    if (area.value !== area.defaultValue) typed.set(area, area.value);
  }
}

/** Puts the noted values back where hydration replaced them, as input events React and Conform hear. */
export function restoreTypedText() {
  const setNatively = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
  for (const [area, value] of typed) {
    if (!area.isConnected || !setNatively) continue;
    // React hears an input event as a change only when the value differs from the last one it saw
    // (React watches the element's own `value` property): show it another value first, then set the
    // member's through the prototype, unseen. Hydration may even have kept the typed text (an empty
    // server text), and the page's state must still learn of it.
    area.value = value === "" ? " " : "";
    setNatively.call(area, value);
    area.dispatchEvent(new Event("input", { bubbles: true }));
  }
  typed.clear();
}
