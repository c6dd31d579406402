import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { supportedLanguages } from "../../app/i18n/languages";
import { serverOnlyNamespaces } from "../../app/i18n/namespaces";
import { translationFiles } from "../../tools/vite-plugin-translation-assets";

const locales = resolve(__dirname, "../../locales");
const localeFile = (language: string, namespace: string) =>
  JSON.parse(readFileSync(resolve(locales, language, `${namespace}.json`), "utf8"));
const namespacesOf = (language: string) =>
  readdirSync(resolve(locales, language))
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.slice(0, -".json".length));

describe("the browser's translations files (ADR 033)", () => {
  const files = translationFiles(locales);

  it("hold, per language, every namespace but the server-only ones, as the locale files say", () => {
    expect(files.map((file) => file.language)).toEqual([...supportedLanguages]);
    for (const file of files) {
      const resources = JSON.parse(file.source) as Record<string, unknown>;
      const browserNamespaces = namespacesOf(file.language).filter((namespace) => !serverOnlyNamespaces.has(namespace));
      expect(Object.keys(resources).sort()).toEqual(browserNamespaces.sort());
      for (const namespace of browserNamespaces) expect(resources[namespace]).toEqual(localeFile(file.language, namespace));
    }
  });

  it("leave out the server-only namespaces", () => {
    for (const file of files) for (const namespace of serverOnlyNamespaces) expect(JSON.parse(file.source)).not.toHaveProperty(namespace);
  });

  it("are named by their content, so a browser may cache each for good", () => {
    for (const file of files) expect(file.fileName).toMatch(new RegExp(`^assets/translations-${file.language}-[0-9a-f]{10}\\.json$`));
    expect(new Set(files.map((file) => file.fileName)).size).toBe(files.length);
    expect(translationFiles(locales)).toEqual(files);
  });
});
