/**
 * The page's preload of its language's translations file (ADR 033): fetched while the scripts
 * download, so hydration does not wait for it; app/entry.client.tsx finds it by its attribute.
 * Only hydration needs it, not the first paint: it is written inert (`TRANSLATIONS_DEFERRED_REL`)
 * and app/browser/start-scripts.inline.js makes it a preload when it starts the scripts (ADR 063),
 * leaving the bandwidth of a slow phone connection to the stylesheet, the font and the first photos.
 */
export const TRANSLATIONS_LINK_ATTRIBUTE = "data-translations";
export const TRANSLATIONS_DEFERRED_REL = "x-preload";

export function TranslationsPreload({ language, href }: { language: string; href: string }) {
  return (
    <link rel={TRANSLATIONS_DEFERRED_REL} as="fetch" crossOrigin="anonymous" href={href} {...{ [TRANSLATIONS_LINK_ATTRIBUTE]: language }} />
  );
}
