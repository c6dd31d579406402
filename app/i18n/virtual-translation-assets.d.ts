/** tools/vite-plugin-translation-assets.ts: each language's browser translations file, by language. */
declare module "virtual:translation-assets" {
  export const translationUrls: Record<string, string>;
}
