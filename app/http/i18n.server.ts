/**
 * remix-i18next middleware: detects the language (see detect-language.ts) and gives each request
 * its own i18next instance.
 */
import { createI18nextMiddleware } from "remix-i18next";
import { getRequestSite } from "~/http/context.server";
import { detectLanguage } from "~/i18n/detect-language";
import { defaultLanguage, supportedLanguages } from "~/i18n/languages";
import { namespaces, resources } from "~/i18n/resources.server";
import { localeCookie } from "./cookies.server";

export const [i18nextMiddleware, getLocale, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage: defaultLanguage,
    order: ["custom"],
    async findLocale({ request, context }) {
      return detectLanguage({
        urlLocale: new URL(request.url).searchParams.get("lang"),
        cookieLocale: localeCookie.read(request),
        domainLanguage: getRequestSite(context).domainLanguage,
      });
    },
  },
  i18next: {
    resources,
    supportedLngs: [...supportedLanguages],
    fallbackLng: false,
    ns: namespaces,
    defaultNS: "common",
    interpolation: { escapeValue: false },
  },
});
