/**
 * Translating in components (ADR 028): `useTranslation()` gives `t` and the language, `Trans` puts
 * links into a sentence. The React tree renders with a translator built from the same strings on
 * the server and in the browser (ADR 002, ADR 033), so hydration matches. It reads
 * i18next's resource format with the subset of i18next the locale files use — namespaces
 * (`signup:title`), nested keys, `{{name}}` interpolation without escaping, plurals by `count`
 * through Intl.PluralRules (`_one`, `_few`, `_many`, `_other`), `defaultValue` and `returnObjects` —
 * in about 1 KB instead of i18next's 18 KB; a unit test checks every string against i18next.
 * Server code (loaders, mails, pushes) keeps i18next through remix-i18next.
 */
import { cloneElement, createContext, Fragment, useContext, type ReactElement, type ReactNode } from "react";
import { pluralRules } from "~/i18n/intl";

/** A language's namespaces (common, signup, …), each a tree of strings as in `locales/<lng>/<ns>.json`. */
export type Resources = Record<string, Record<string, unknown>>;

export type TranslateOptions = { count?: number; defaultValue?: string; returnObjects?: boolean; [value: string]: unknown };

export type Translate = {
  (key: string, options?: TranslateOptions & { returnObjects?: false }): string;
  (key: string, options: TranslateOptions & { returnObjects: true }): unknown;
};

export type Translator = { language: string; t: Translate };

const DEFAULT_NAMESPACE = "common";

const lookUp = (tree: unknown, path: string): unknown =>
  path
    .split(".")
    .reduce<unknown>(
      (node, part) => (node !== null && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined),
      tree,
    );

const interpolate = (text: string, values: TranslateOptions): string =>
  text.replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (match, name: string) => {
    const value = lookUp(values, name);
    return value === undefined || value === null ? match : String(value);
  });

/** A translator for one language (the root loader's `locale`, with app/i18n/translation-store.ts's resources). */
export function createTranslator(language: string, resources: Resources): Translator {
  const plurals = pluralRules(language);
  const t = ((fullKey: string, options: TranslateOptions = {}) => {
    const separator = fullKey.indexOf(":");
    const hasNamespace = separator > 0 && fullKey.slice(0, separator) in resources;
    const namespace = hasNamespace ? fullKey.slice(0, separator) : DEFAULT_NAMESPACE;
    const key = hasNamespace ? fullKey.slice(separator + 1) : fullKey;
    const tree = resources[namespace];
    const { count } = options;
    let found = typeof count === "number" ? lookUp(tree, `${key}_${plurals.select(count)}`) : undefined;
    found ??= lookUp(tree, key);
    if (options.returnObjects && found !== null && typeof found === "object") return found;
    if (typeof found === "string") return interpolate(found, options);
    return options.defaultValue === undefined ? key : interpolate(options.defaultValue, options);
  }) as Translate;
  return { language, t };
}

const TranslatorContext = createContext<Translator | null>(null);

export function TranslationProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

const untranslated: Translator = { language: "", t: ((key: string) => key) as Translate };

/** `t`, the language (`i18n.language`, as with react-i18next), and `ready`: false outside the provider (the root loader failed). */
export function useTranslation() {
  const translator = useContext(TranslatorContext);
  const { language, t } = translator ?? untranslated;
  return { t, i18n: { language }, ready: translator !== null };
}

/**
 * A translated sentence with elements in it: `<terms>the conditions</terms>` in the text becomes
 * `components.terms` with the sentence's words as its content.
 */
export function Trans({ i18nKey, components }: { i18nKey: string; components: Record<string, ReactElement> }) {
  const { t } = useTranslation();
  const parts = t(i18nKey).split(/<(\w+)>(.*?)<\/\1>/s);
  // split() with two groups: text, tag, inner text, text, tag, inner text, …, text.
  const nodes: ReactNode[] = [];
  for (let index = 0; index < parts.length; index += 3) {
    if (parts[index]) nodes.push(parts[index]);
    const tag = parts[index + 1];
    if (tag === undefined) continue;
    const element = components[tag];
    nodes.push(element ? cloneElement(element, { key: index }, parts[index + 2]) : parts[index + 2]);
  }
  return <Fragment>{nodes}</Fragment>;
}
