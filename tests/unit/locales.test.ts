import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Structural checks for every i18next namespace in `locales/<lng>/<ns>.json`.
 *
 * Dutch (nl) is the reference language. For every namespace file that exists in
 * `locales/nl/`, every interface language must have the same file, it must parse,
 * and its flattened key set (array entries by index) must equal nl's once plural
 * keys are normalised:
 *
 * - a key `x_one` / `x_other` / … in nl stands for the plural group `x`; each
 *   language must have exactly the forms `Intl.PluralRules(lng)` lists for it
 *   (`x_ordinal_*` groups use the ordinal rules);
 * - every non-plural key of nl must be present, and nothing else;
 * - no value may be an empty string;
 * - every entry uses the same set of `{{placeholders}}` as nl (for a plural group
 *   the union over its forms, since e.g. `count` may be left out of `_one`).
 */

const LOCALES_DIR = fileURLToPath(new URL("../../locales/", import.meta.url));
const LANGUAGES = ["da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"] as const;
const REFERENCE = "nl";
const PLURAL_SUFFIX = /^(.+)_(zero|one|two|few|many|other)$/;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Namespace file names (e.g. `common.json`) present in the reference folder. */
const NAMESPACES = readdirSync(join(LOCALES_DIR, REFERENCE), { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith(".json"))
  .map((entry) => entry.name)
  .sort();

function filePath(lng: string, ns: string): string {
  return join(LOCALES_DIR, lng, ns);
}

/** Reads and parses a locale file, throwing an error that names the file. */
function load(lng: string, ns: string): Json {
  const file = filePath(lng, ns);
  if (!existsSync(file)) throw new Error(`${lng}/${ns}: file is missing`);
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Json;
  } catch (error) {
    throw new Error(`${lng}/${ns}: invalid JSON (${(error as Error).message})`);
  }
}

/**
 * Flattens nested objects and arrays into `a.b.0.c` → leaf value.
 * Plural detection needs to know whether a path segment is an object key, so
 * array indices are recorded separately.
 */
interface Leaf {
  value: Json;
  /** Last segment is a key of an object (not an array index). */
  objectKey: boolean;
  parent: string;
  key: string;
}

function flatten(value: Json, prefix = "", out = new Map<string, Leaf>(), objectKey = false): Map<string, Leaf> {
  const dot = prefix.lastIndexOf(".");
  const parent = dot === -1 ? "" : prefix.slice(0, dot);
  const key = dot === -1 ? prefix : prefix.slice(dot + 1);
  const child = (segment: string) => (prefix ? `${prefix}.${segment}` : segment);
  if (Array.isArray(value)) {
    if (value.length === 0) out.set(prefix, { value, objectKey, parent, key });
    for (const [index, item] of value.entries()) flatten(item, child(String(index)), out, false);
  } else if (value !== null && typeof value === "object") {
    const keys = Object.keys(value);
    if (keys.length === 0) out.set(prefix, { value, objectKey, parent, key });
    for (const [k, v] of Object.entries(value)) flatten(v, child(k), out, true);
  } else {
    out.set(prefix, { value, objectKey, parent, key });
  }
  return out;
}

/** Sorted, de-duplicated interpolation names: `{{name}}`, `{{- name}}`, `{{name, format}}`. */
function placeholders(value: Json): string[] {
  if (typeof value !== "string") return [];
  const names = [...value.matchAll(/\{\{\s*-?\s*([^{}]+?)\s*\}\}/g)].map((m) => (m[1] ?? "").split(",")[0]!.trim());
  return [...new Set(names)].sort();
}

/** `x_one` → { base: "x", category: "one" }; null for other keys. */
function pluralKey(key: string): { base: string; category: string } | null {
  const match = PLURAL_SUFFIX.exec(key);
  return match ? { base: match[1]!, category: match[2]! } : null;
}

function pluralCategories(lng: string, ordinal: boolean): string[] {
  return [...new Intl.PluralRules(lng, { type: ordinal ? "ordinal" : "cardinal" }).resolvedOptions().pluralCategories].sort();
}

interface Reference {
  /** Non-plural leaves: path → value. */
  plain: Map<string, Json>;
  /** Plural groups: group path (without suffix) → nl values per form. */
  groups: Map<string, Map<string, Json>>;
}

/** Splits a flattened map into plain keys and plural groups (`x_other` marks a group). */
function analyse(flat: Map<string, Leaf>): Reference {
  const groupNames = new Set<string>();
  for (const leaf of flat.values()) {
    const plural = leaf.objectKey ? pluralKey(leaf.key) : null;
    if (plural?.category === "other") groupNames.add(leaf.parent ? `${leaf.parent}.${plural.base}` : plural.base);
  }
  const plain = new Map<string, Json>();
  const groups = new Map<string, Map<string, Json>>();
  for (const [path, leaf] of flat) {
    const plural = leaf.objectKey ? pluralKey(leaf.key) : null;
    const group = plural ? (leaf.parent ? `${leaf.parent}.${plural.base}` : plural.base) : null;
    if (plural && group && groupNames.has(group)) {
      if (!groups.has(group)) groups.set(group, new Map());
      groups.get(group)!.set(plural.category, leaf.value);
    } else {
      plain.set(path, leaf.value);
    }
  }
  return { plain, groups };
}

function expectedPaths(reference: Reference, lng: string): Set<string> {
  const paths = new Set(reference.plain.keys());
  for (const group of reference.groups.keys()) {
    for (const category of pluralCategories(lng, group.endsWith("_ordinal"))) paths.add(`${group}_${category}`);
  }
  return paths;
}

function typeOf(value: Json): string {
  return Array.isArray(value) ? "array" : value === null ? "null" : typeof value;
}

function union(values: Iterable<Json>): string[] {
  const names = new Set<string>();
  for (const value of values) for (const name of placeholders(value)) names.add(name);
  return [...names].sort();
}

const fmt = (names: string[]) => (names.length ? names.map((n) => `{{${n}}}`).join(", ") : "none");

describe("locales", () => {
  it("has at least one namespace in the reference language", () => {
    expect(NAMESPACES.length, `no *.json files in locales/${REFERENCE}/`).toBeGreaterThan(0);
  });

  describe.each(NAMESPACES)("%s", (ns) => {
    describe.each(LANGUAGES)("%s", (lng) => {
      const where = `${lng}/${ns}`;

      it("exists and parses as a JSON object", () => {
        expect(existsSync(filePath(lng, ns)), `${where}: file is missing`).toBe(true);
        const data = load(lng, ns);
        expect(data !== null && typeof data === "object" && !Array.isArray(data), `${where}: top level must be an object`).toBe(true);
      });

      it(`has exactly the keys of ${REFERENCE} (plural forms per Intl.PluralRules)`, () => {
        const reference = analyse(flatten(load(REFERENCE, ns)));
        const actual = new Set(flatten(load(lng, ns)).keys());
        const expected = expectedPaths(reference, lng);
        const problems: string[] = [];
        for (const path of [...expected].sort()) {
          if (!actual.has(path)) problems.push(`${where}: missing key "${path}"`);
        }
        for (const path of [...actual].sort()) {
          if (expected.has(path)) continue;
          const plural = pluralKey(path);
          const note =
            plural && reference.groups.has(plural.base)
              ? ` (plural form "${plural.category}" is not used in ${lng}; expected ${pluralCategories(lng, plural.base.endsWith("_ordinal")).join(", ")})`
              : "";
          problems.push(`${where}: unexpected key "${path}"${note}`);
        }
        expect(problems).toEqual([]);
      });

      it("has no empty strings and the same value types as the reference", () => {
        const refTypes = new Map<string, string>();
        for (const [path, leaf] of flatten(load(REFERENCE, ns))) refTypes.set(path, typeOf(leaf.value));
        const problems: string[] = [];
        for (const [path, leaf] of flatten(load(lng, ns))) {
          const type = typeOf(leaf.value);
          // Plural forms nl does not have (e.g. `_few`) are compared with nl's `_other`.
          const refType =
            refTypes.get(path) ??
            (leaf.objectKey && PLURAL_SUFFIX.test(leaf.key) ? refTypes.get(path.replace(/_[a-z]+$/, "_other")) : undefined);
          if (type === "string" && (leaf.value as string).trim() === "") problems.push(`${where}: "${path}" is empty`);
          if (refType !== undefined && refType !== type) problems.push(`${where}: "${path}" is a ${type}, expected a ${refType}`);
        }
        expect(problems).toEqual([]);
      });

      it(`uses the same {{placeholders}} as ${REFERENCE} in every entry`, () => {
        const reference = analyse(flatten(load(REFERENCE, ns)));
        const target = analyse(flatten(load(lng, ns)));
        const flat = flatten(load(lng, ns));
        const problems: string[] = [];
        for (const [path, value] of reference.plain) {
          const leaf = flat.get(path);
          if (!leaf) continue; // reported by the key test
          const want = placeholders(value);
          const got = placeholders(leaf.value);
          if (want.join("\n") !== got.join("\n")) problems.push(`${where}: "${path}" uses ${fmt(got)}, expected ${fmt(want)}`);
        }
        for (const [group, forms] of reference.groups) {
          const want = union(forms.values());
          const targetForms = target.groups.get(group);
          if (!targetForms) continue; // reported by the key test
          const got = union(targetForms.values());
          if (want.join("\n") !== got.join("\n")) {
            problems.push(`${where}: plural group "${group}_*" uses ${fmt(got)}, expected ${fmt(want)}`);
          }
        }
        expect(problems).toEqual([]);
      });
    });
  });
});
