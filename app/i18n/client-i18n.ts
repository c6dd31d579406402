/**
 * The i18next instance the React tree renders with, on the server and in the browser alike,
 * built synchronously from the resources the root loader sends (so hydration matches).
 */
import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";

export function createClientI18n(language: string, resources: Record<string, Record<string, unknown>>): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    resources: { [language]: resources },
    fallbackLng: false,
    defaultNS: "common",
    ns: Object.keys(resources),
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}
