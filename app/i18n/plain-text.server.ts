/**
 * Texts outside a page or a mail, in a member's language: a push (shown by the operating system)
 * and a text message. They are plain text, so nothing is HTML-escaped. One i18next instance per
 * namespace and language, made on first use; an unknown language falls back to Dutch.
 */
import { createInstance, type TFunction } from "i18next";
import { defaultLanguage, isLanguage } from "~/i18n/languages";
import { resources } from "~/i18n/resources.server";

const instances = new Map<string, TFunction>();

export function plainTextT(namespace: string, language: string): TFunction {
  const lng = isLanguage(language) ? language : defaultLanguage;
  const cacheKey = `${namespace}:${lng}`;
  let t = instances.get(cacheKey);
  if (!t) {
    const instance = createInstance();
    void instance.init({
      lng,
      resources,
      ns: [namespace],
      defaultNS: namespace,
      fallbackLng: false,
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    t = instance.t;
    instances.set(cacheKey, t);
  }
  return t;
}
