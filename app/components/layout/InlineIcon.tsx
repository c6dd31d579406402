/**
 * Icons drawn inline in the text colour, for what shows in the first screen of every page (the tab
 * bar, the language menu) and for visitors' pages, which do not fetch the sprite (`/icons.svg`, the
 * other icons). Not CSS masks with SVG data URLs: Chromium builds a separate SVG document for each
 * such image during the page's first style pass, about 6 ms each before anything paints (issue 34).
 */
const PATHS = {
  search: (
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </>
  ),
  heart: (
    <path d="M12 20.5s-7.5-4.6-9.2-9.4C1.6 7.6 3.9 4.5 7.3 4.5c2 0 3.6 1.1 4.7 2.8 1.1-1.7 2.7-2.8 4.7-2.8 3.4 0 5.7 3.1 4.5 6.6-1.7 4.8-9.2 9.4-9.2 9.4Z" />
  ),
  chat: (
    <>
      <path d="M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v10a1.5 1.5 0 0 1-1.5 1.5H9l-5 4v-15.5Z" />
      <path d="M8 9h8M8 12.5h5" />
    </>
  ),
  globe: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z" />
    </>
  ),
  passkey: (
    <>
      <circle cx="8" cy="9" r="4" />
      <path d="M2 21v-1a6 6 0 0 1 9-5.2" />
      <circle cx="18" cy="12" r="2.5" />
      <path d="M18 14.5V21l1.5-1.5L18 18" />
    </>
  ),
};

export type InlineIconName = keyof typeof PATHS;

/** `size`: its width and height in pixels, where CSS does not size it (`.nav-icon` does). */
export function InlineIcon({ name, className, size }: { name: InlineIconName; className?: string; size?: number }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name]}
    </svg>
  );
}
