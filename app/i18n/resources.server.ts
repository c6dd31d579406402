/**
 * Every locale file, bundled into the Worker: `locales/<lng>/<namespace>.json`.
 *
 * Bundled as their text and parsed on first use, once per isolate (ADR 056): building every
 * language's objects when the Worker starts was a large part of its startup CPU, and a request
 * needs one language's namespaces.
 */
import type { Resource, ResourceLanguage } from "i18next";
import { supportedLanguages } from "~/i18n/languages";
import { isBrowserNamespace } from "~/i18n/namespaces";

const files = import.meta.glob<string>("../../locales/*/*.json", { eager: true, query: "?raw", import: "default" });

export const resources: Resource = {};
for (const [path, text] of Object.entries(files)) {
  const match = /locales\/([a-z]{2})\/([a-z-]+)\.json$/.exec(path);
  if (!match) continue;
  const [, language, namespace] = match as unknown as [string, string, string];
  if (!(supportedLanguages as readonly string[]).includes(language)) continue;
  let parsed: ResourceLanguage | undefined;
  Object.defineProperty((resources[language] ??= {}), namespace, {
    enumerable: true,
    get: () => (parsed ??= JSON.parse(text) as ResourceLanguage),
  });
}

/** Every namespace found (common, pages, auth, …), the same for every language (a test checks). */
export const namespaces = Object.keys(resources[supportedLanguages[0]] ?? {});

/** The namespaces the browser needs to render every page (app/i18n/namespaces.ts). */
export function clientResources(language: string) {
  const all = (resources[language] ?? {}) as Record<string, Record<string, unknown>>;
  return Object.fromEntries(
    Object.keys(all)
      .filter(isBrowserNamespace)
      .map((namespace) => [namespace, all[namespace]!]),
  );
}
