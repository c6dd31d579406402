/**
 * The console's words (ADR 054): the `admin` namespace stays on the server for every other page
 * (app/i18n/namespaces.ts) — members never download it. The console's layout loader sends it with
 * its data, and this provider lets `t("admin:…")` find it beside the shared namespaces, so the
 * console's components and the shared form components translate as anywhere else.
 */
import { useMemo, type ReactNode } from "react";
import { createTranslator, TranslationProvider, useTranslation, type Translate, type TranslateOptions } from "~/i18n/translation";

export type AdminStrings = Record<string, unknown>;

export function AdminTranslation({ strings, children }: { strings: AdminStrings; children: ReactNode }) {
  const parent = useTranslation();
  const language = parent.i18n.language;
  const parentT = parent.t;
  const translator = useMemo(() => {
    const admin = createTranslator(language, { admin: strings });
    // One signature for both overloads of Translate (plain strings, and objects with returnObjects).
    const pick = (key: string) => (key.startsWith("admin:") ? admin.t : parentT) as (key: string, options?: TranslateOptions) => unknown;
    const t = ((key: string, options?: TranslateOptions) => pick(key)(key, options)) as Translate;
    return { language, t };
  }, [language, parentT, strings]);
  return <TranslationProvider translator={translator}>{children}</TranslationProvider>;
}
