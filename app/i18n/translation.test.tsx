import { renderToStaticMarkup } from "react-dom/server";
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { supportedLanguages } from "./languages";
import { clientResources } from "./resources.server";
import { createTranslator, Trans, TranslationProvider } from "./translation";

/** Every string's key in a namespace tree, plural forms folded into their base key (`likes_one` → `likes`); lists are read whole (`returnObjects`). */
function keysOf(tree: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([name, value]) => {
    const key = `${prefix}${name.replace(/_(zero|one|two|few|many|other)$/, "")}`;
    if (Array.isArray(value)) return [];
    return value !== null && typeof value === "object" ? keysOf(value as Record<string, unknown>, `${key}.`) : [key];
  });
}

/** What the browser rendered with before: i18next, set up as the root used to. */
async function i18nextFor(language: string, resources: Record<string, Record<string, unknown>>) {
  const instance = createInstance();
  await instance.init({
    lng: language,
    resources: { [language]: resources },
    fallbackLng: false,
    defaultNS: "common",
    ns: Object.keys(resources),
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

const counts = [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101, 1.5];

describe("the components' translator reads the locale files as i18next does", () => {
  for (const language of supportedLanguages) {
    it(`gives i18next's string for every key, count and value in ${language}`, async () => {
      const resources = clientResources(language) as Record<string, Record<string, unknown>>;
      const expected = await i18nextFor(language, resources);
      const { t } = createTranslator(language, resources);
      let checked = 0;
      for (const [namespace, tree] of Object.entries(resources)) {
        for (const key of new Set(keysOf(tree))) {
          const fullKey = namespace === "common" ? key : `${namespace}:${key}`;
          const values = { name: "Anna", count: 7, amount: "€ 5", site: "Liefde.nl", list: "a, b" };
          expect(t(fullKey), fullKey).toEqual(expected(fullKey));
          expect(t(fullKey, values), fullKey).toEqual(expected(fullKey, values));
          for (const count of counts)
            expect(t(fullKey, { ...values, count }), `${fullKey} ${count}`).toEqual(expected(fullKey, { ...values, count }));
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(500);
    });
  }

  it("returns arrays and objects when asked, the default value or the key when a string is missing", async () => {
    const resources = clientResources("nl") as Record<string, Record<string, unknown>>;
    const expected = await i18nextFor("nl", resources);
    const { t } = createTranslator("nl", resources);
    expect(t("chat:icebreakers.lines", { returnObjects: true })).toEqual(expected("chat:icebreakers.lines", { returnObjects: true }));
    expect(t("payments:methods.unknown", { defaultValue: "unknown" })).toBe("unknown");
    expect(t("signup:nothing.here")).toBe(expected("signup:nothing.here"));
    expect(t("nothing.here")).toBe(expected("nothing.here"));
  });

  it("puts the links into a terms sentence", () => {
    const resources = clientResources("nl") as Record<string, Record<string, unknown>>;
    const key = findTermsKey(resources);
    const html = renderToStaticMarkup(
      <TranslationProvider translator={createTranslator("nl", resources)}>
        <Trans i18nKey={key} components={{ terms: <a href="/pages/terms">terms</a> }} />
      </TranslationProvider>,
    );
    expect(html).toMatch(/^[^<]+<a href="\/pages\/terms">[^<]+<\/a>/);
    expect(html).not.toContain("&lt;");
  });
});

/** The first string of the client namespaces holding a `<terms>` link. */
function findTermsKey(resources: Record<string, Record<string, unknown>>): string {
  for (const [namespace, tree] of Object.entries(resources)) {
    for (const key of keysOf(tree)) {
      const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree);
      if (typeof value === "string" && value.includes("<terms>")) return namespace === "common" ? key : `${namespace}:${key}`;
    }
  }
  throw new Error("no terms sentence");
}
