/**
 * The browser's translations as static files (ADR 033): for each language, its browser namespaces
 * (app/i18n/namespaces.ts) as one JSON file named by its content's hash,
 * `/assets/translations-<lng>-<hash>.json`. The client build writes them beside the scripts, where
 * the static assets serve them (no Worker CPU) and browsers cache them for good; the Worker gets the
 * addresses from `virtual:translation-assets`. The dev server answers the same addresses.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Plugin } from "vite";
import { supportedLanguages } from "../app/i18n/languages";
import { isBrowserNamespace } from "../app/i18n/namespaces";

const VIRTUAL_ID = "virtual:translation-assets";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

export type TranslationFile = { language: string; fileName: string; source: string };

export function translationFiles(localesDir: string): TranslationFile[] {
  return supportedLanguages.map((language) => {
    const folder = join(localesDir, language);
    const namespaces = readdirSync(folder)
      .filter((file) => file.endsWith(".json"))
      .map((file) => file.slice(0, -".json".length))
      .filter(isBrowserNamespace)
      .sort();
    const resources = Object.fromEntries(
      namespaces.map((namespace) => [namespace, JSON.parse(readFileSync(join(folder, `${namespace}.json`), "utf8"))]),
    );
    const source = JSON.stringify(resources);
    const hash = createHash("sha256").update(source).digest("hex").slice(0, 10);
    return { language, fileName: `assets/translations-${language}-${hash}.json`, source };
  });
}

export function translationAssets(): Plugin {
  let localesDir = "";
  const files = () => translationFiles(localesDir);
  return {
    name: "translation-assets",
    configResolved(config) {
      localesDir = resolve(config.root, "locales");
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      for (const file of files()) this.addWatchFile(join(localesDir, file.language));
      const urls = Object.fromEntries(files().map((file) => [file.language, `/${file.fileName}`]));
      return `export const translationUrls = ${JSON.stringify(urls)};`;
    },
    generateBundle() {
      if (this.environment?.name !== "client") return;
      for (const file of files()) this.emitFile({ type: "asset", fileName: file.fileName, source: file.source });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const file = files().find((candidate) => request.url === `/${candidate.fileName}`);
        if (!file) return next();
        response.setHeader("Content-Type", "application/json");
        response.end(file.source);
      });
    },
  };
}
