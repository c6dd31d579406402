/**
 * Every locale file, bundled into the Worker: `locales/<lng>/<namespace>.json`.
 */
import type { Resource } from "i18next";
import { supportedLanguages } from "~/i18n/languages";

const files = import.meta.glob<{ default: Record<string, unknown> }>("../../locales/*/*.json", { eager: true });

export const resources: Resource = {};
for (const [path, module] of Object.entries(files)) {
  const match = /locales\/([a-z]{2})\/([a-z-]+)\.json$/.exec(path);
  if (!match) continue;
  const [, language, namespace] = match as unknown as [string, string, string];
  if (!(supportedLanguages as readonly string[]).includes(language)) continue;
  (resources[language] ??= {})[namespace] = module.default;
}

/** Every namespace found (common, pages, auth, …), the same for every language (a test checks). */
export const namespaces = Object.keys(resources[supportedLanguages[0]] ?? {});

/**
 * Long content that pages render on the server and the browser never needs as strings; the landers
 * render without scripts (ADR 030), so their copy never travels to the browser either, nor do the
 * consent banner's and the conversion report's texts (rendered on the server, ADR 031).
 */
const serverOnlyNamespaces = new Set(["pages", "mail", "push", "landers", "acquisition"]);

/** The namespaces the browser needs to render every page. */
export function clientResources(language: string) {
  const all = (resources[language] ?? {}) as Record<string, Record<string, unknown>>;
  return Object.fromEntries(Object.entries(all).filter(([namespace]) => !serverOnlyNamespaces.has(namespace)));
}

const clientJson = new Map<string, string>();

/**
 * `clientResources` as one JSON text, made once per language and Worker instance: what the root
 * loader sends with every page (ADR 002, ADR 028). React Router serializes a string almost for
 * free, where the same strings as an object tree cost about 5 ms of CPU a page (README
 * "Performance"); `readResources` in app/i18n/translation.tsx reads it back.
 */
export function clientResourcesJson(language: string): string {
  let json = clientJson.get(language);
  if (json === undefined) {
    json = JSON.stringify(clientResources(language));
    clientJson.set(language, json);
  }
  return json;
}
