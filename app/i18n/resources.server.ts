/**
 * Every locale file, bundled into the Worker: `locales/<lng>/<namespace>.json`.
 */
import type { Resource } from "i18next";
import { supportedLanguages } from "~/i18n/languages";
import { isBrowserNamespace } from "~/i18n/namespaces";

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

/** The namespaces the browser needs to render every page (app/i18n/namespaces.ts). */
export function clientResources(language: string) {
  const all = (resources[language] ?? {}) as Record<string, Record<string, unknown>>;
  return Object.fromEntries(Object.entries(all).filter(([namespace]) => isBrowserNamespace(namespace)));
}
