/**
 * The browser's entry: React Router's default, once the page's translations are at hand (ADR 033)
 * and the server's HTML has been painted, its first screenful of photos included (ADR 046).
 * The page preloads its language's translations file; hydrating renders the same strings the server
 * did. Should the file not load (a deploy replaced it, the network dropped), the page reloads once
 * as for a missing chunk (product.md §8); until then it works as served, with links and forms.
 */
import { startTransition, StrictMode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { TRANSLATIONS_LINK_ATTRIBUTE } from "~/i18n/translation-link";
import { loadResources } from "~/i18n/translation-store";
import { reloadOnce } from "~/utils/reload-on-chunk-error";
import { rememberTypedText, restoreTypedText } from "~/utils/typed-text";

/** Renders nothing; its effect runs once the document has hydrated. */
function AfterHydration() {
  useEffect(restoreTypedText, []);
  return null;
}

function hydrate() {
  // What the member typed into a text area before now would be replaced by the server's text.
  rememberTypedText();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
        <AfterHydration />
      </StrictMode>,
    );
  });
}

/**
 * The server's HTML is painted before React takes the page over: when the scripts arrive before
 * the first frame (a fast connection, a slow phone), hydrating at once would hold the first paint
 * until the whole page has hydrated. A hidden tab has no frames: it waits at most 100 ms.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timeout = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timeout);
        resolve();
      }, 0),
    );
  });
}

/** How long hydration waits for the first screenful's photos at most: a photo that never comes must not keep the page from working. */
const FIRST_PHOTOS_WAIT_MS = 3_000;
/** The member's first input ends the wait for the photos. */
const FIRST_INPUTS = ["pointerdown", "keydown"] as const;

/**
 * The first screenful's photos (`fetchpriority="high"`: the search's and the likes' first tiles, a
 * profile's photo, the photo manager's first row) are what a member opened the page for, and on a
 * phone its largest paint. Hydrating is a second or more of main-thread work on a slow phone; a
 * photo that arrives meanwhile waits for it before it shows (issue 34: render delays of 0.9–1.9 s).
 * So hydration waits until they have loaded (or failed), at most FIRST_PHOTOS_WAIT_MS, or until the
 * member first touches a key or the screen (they want the page to work now, photos or not); the page
 * works with links and forms until then (ADR 034).
 */
function afterFirstPhotos(): Promise<void> {
  const pending = [...document.images].filter((image) => image.fetchPriority === "high" && !image.complete);
  if (pending.length === 0) return Promise.resolve();
  return new Promise((resolve) => {
    let left = pending.length;
    const done = () => {
      clearTimeout(timeout);
      for (const type of FIRST_INPUTS) removeEventListener(type, done, true);
      resolve();
    };
    const timeout = setTimeout(done, FIRST_PHOTOS_WAIT_MS);
    for (const type of FIRST_INPUTS) addEventListener(type, done, { capture: true, passive: true, once: true });
    const settled = () => {
      left -= 1;
      if (left === 0) done();
    };
    for (const image of pending) {
      image.addEventListener("load", settled, { once: true });
      image.addEventListener("error", settled, { once: true });
    }
  });
}

const link = document.querySelector<HTMLLinkElement>(`link[${TRANSLATIONS_LINK_ATTRIBUTE}]`);
const language = link?.getAttribute(TRANSLATIONS_LINK_ATTRIBUTE);
const translations = link && language ? loadResources(language, link.href) : Promise.resolve();
Promise.all([translations, afterFirstPhotos().then(afterFirstPaint)]).then(hydrate, (error: unknown) => {
  console.error(error);
  reloadOnce(sessionStorage, () => location.reload());
});
