/**
 * React Router's typed `href()` (ADR 058) checks an address against app/routes.ts when the types are
 * checked; at runtime it only fills the parameters in. This build step does that filling where the
 * call is written, so no page ships the `href` function or a call per address:
 * - `href("/login")` and `href("/pages/:page", { page: "terms" })` become the string itself;
 * - `href("/members/:id", { id: String(profile.id) })` becomes
 *   `"/members/" + encodeURIComponent(String(profile.id))` (an optional parameter adds its segment
 *   only when it is not null or undefined, as `href` does).
 * `encodeURIComponent` escapes a little more than `href` (also `$&+,;=:@`); React Router decodes
 * both the same way, and the ids, keys and words this app passes contain none of them. A call this
 * step cannot read (a splat, a parameter object that is not a plain literal) is left to React
 * Router. React Router is not imported here: its types would bring React's DOM stand-ins into the
 * Node project's type check.
 */
import type { Plugin } from "vite";

/** `href("…")` or `href("…", { … })` with an object literal without nested braces. */
const CALL = /\bhref\(\s*"([^"\\]*)"\s*(?:,\s*\{([^{}]*)\}\s*)?\)/g;
const IMPORTS_HREF = /import\s*\{[^}]*\bhref\b[^}]*\}\s*from\s*"react-router"/;
const KEY = /^\s*([A-Za-z_$][\w$]*|"[^"\\]*")\s*(?::([\s\S]*))?$/;
const STRING = /^\s*"([^"\\]*)"\s*$/;

/** The entries of an object literal's body, split at its top-level commas; null if a string or bracket is unbalanced. */
function entriesOf(body: string): string[] | null {
  const entries: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (quote) {
      if (char === "\\") i++;
      else if (char === quote) quote = null;
    } else if (char === '"' || char === "'" || char === "`") quote = char;
    else if ("([".includes(char)) depth++;
    else if (")]".includes(char)) depth--;
    else if (char === "," && depth === 0) {
      entries.push(body.slice(start, i));
      start = i + 1;
    }
  }
  if (quote || depth !== 0) return null;
  entries.push(body.slice(start));
  return entries.filter((entry) => entry.trim() !== "");
}

/** The expression `href(path, params)` stands for, or null when this step leaves the call alone. */
function compile(path: string, body: string | undefined): string | null {
  if (path.includes("*")) return null;
  const params = new Map<string, { literal: string } | { code: string }>();
  for (const entry of entriesOf(body ?? "") ?? [null]) {
    const match = entry === null ? null : KEY.exec(entry);
    if (!match) return null;
    const name = match[1]!.replace(/"/g, "");
    const value = match[2] ?? name;
    const literal = STRING.exec(value);
    params.set(name, literal ? { literal: literal[1]! } : { code: value.trim() });
  }
  const parts: string[] = [];
  let text = "";
  let rest = path;
  for (let match = /\/:([\w-]+)(\?)?/.exec(rest); match; match = /\/:([\w-]+)(\?)?/.exec(rest)) {
    text += rest.slice(0, match.index);
    rest = rest.slice(match.index + match[0].length);
    const value = params.get(match[1]!);
    const optional = match[2] !== undefined;
    if (!value) {
      if (!optional) return null;
    } else if ("literal" in value) text += `/${encodeURIComponent(value.literal)}`;
    else {
      parts.push(JSON.stringify(text));
      text = "";
      parts.push(
        optional
          ? `((value) => value == null ? "" : "/" + encodeURIComponent(value))(${value.code})`
          : `"/" + encodeURIComponent(${value.code})`,
      );
    }
  }
  text += rest;
  if (parts.length === 0) return JSON.stringify(text || "/");
  if (text) parts.push(JSON.stringify(text));
  return `(${parts.filter((part) => part !== '""').join(" + ")})`;
}

/** The module with its `href()` calls written out; null when it has none this step can read. */
export function inlineHrefs(code: string): string | null {
  if (!IMPORTS_HREF.test(code)) return null;
  let changed = false;
  const result = code.replace(CALL, (call, path: string, body: string | undefined) => {
    const compiled = compile(path, body);
    if (compiled === null) return call;
    changed = true;
    return compiled;
  });
  return changed ? result : null;
}

export function staticHref(): Plugin {
  return {
    name: "static-href",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]app[\\/].*\.tsx?$/.test(id) || id.includes("node_modules")) return null;
      const inlined = inlineHrefs(code);
      return inlined === null ? null : { code: inlined, map: null };
    },
  };
}
