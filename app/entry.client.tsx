/**
 * The browser's entry: React Router's default, once the page's translations are at hand (ADR 033).
 * It starts after the server's HTML has been painted, its first screenful of photos included: the
 * page's inline app/browser/start-scripts.inline.js starts React Router's scripts then (ADR 063).
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

const link = document.querySelector<HTMLLinkElement>(`link[${TRANSLATIONS_LINK_ATTRIBUTE}]`);
const language = link?.getAttribute(TRANSLATIONS_LINK_ATTRIBUTE);
const translations = link && language ? loadResources(language, link.href) : Promise.resolve();
translations.then(hydrate, (error: unknown) => {
  console.error(error);
  reloadOnce(sessionStorage, () => location.reload());
});
