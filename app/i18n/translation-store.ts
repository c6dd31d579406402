/**
 * Each language's browser translations, once at hand (ADR 033). They are not in the pages: the
 * build writes them as one cacheable file per language (tools/vite-plugin-translation-assets.ts).
 * The Worker renders with the strings it bundles (app/entry.server.tsx provides them); the browser
 * fetches its language's file, preloaded by the page, before hydrating (app/entry.client.tsx), and
 * a new language's file before it renders in that language (the root's clientLoader).
 */
import type { Resources } from "./translation";

const known = new Map<string, Resources>();

export function provideResources(language: string, resources: Resources) {
  known.set(language, resources);
}

export const resourcesOf = (language: string): Resources | undefined => known.get(language);

/** A language's translations, fetched from `url` unless they are at hand; rejects when the file cannot be had. */
export async function loadResources(language: string, url: string): Promise<Resources> {
  const resources = known.get(language);
  if (resources) return resources;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`translations ${url}: HTTP ${response.status}`);
  const fetched = (await response.json()) as Resources;
  known.set(language, fetched);
  return fetched;
}
