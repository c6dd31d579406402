import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { translationFiles } from "../../tools/vite-plugin-translation-assets";
import { supportedLanguages } from "./languages";
import { serverOnlyNamespaces } from "./namespaces";
import { clientResources } from "./resources.server";

describe("the browser's translations files (ADR 033)", () => {
  const files = translationFiles(resolve(__dirname, "../../locales"));

  it("hold, per language, exactly the strings the Worker renders pages with", () => {
    expect(files.map((file) => file.language)).toEqual([...supportedLanguages]);
    for (const file of files) expect(JSON.parse(file.source)).toEqual(clientResources(file.language));
  });

  it("leave out the server-only namespaces", () => {
    for (const file of files) for (const namespace of serverOnlyNamespaces) expect(JSON.parse(file.source)).not.toHaveProperty(namespace);
  });

  it("are named by their content, so a browser may cache each for good", () => {
    for (const file of files) expect(file.fileName).toMatch(new RegExp(`^assets/translations-${file.language}-[0-9a-f]{10}\\.json$`));
    expect(new Set(files.map((file) => file.fileName)).size).toBe(files.length);
    expect(translationFiles(resolve(__dirname, "../../locales"))).toEqual(files);
  });
});
