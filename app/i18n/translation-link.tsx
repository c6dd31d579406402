/**
 * The page's preload of its language's translations file (ADR 033): fetched while the scripts
 * download, so hydration does not wait for it; app/entry.client.tsx finds it by its attribute.
 * Only hydration needs it, not the first paint: low priority leaves the bandwidth of a slow phone
 * connection to the stylesheet, the font and the first photos.
 */
export const TRANSLATIONS_LINK_ATTRIBUTE = "data-translations";

export function TranslationsPreload({ language, href }: { language: string; href: string }) {
  return (
    <link
      rel="preload"
      as="fetch"
      crossOrigin="anonymous"
      fetchPriority="low"
      href={href}
      {...{ [TRANSLATIONS_LINK_ATTRIBUTE]: language }}
    />
  );
}
