/**
 * Every address is written once (ADR 058): routes and components build theirs with React Router's
 * typed `href()`, whose patterns the type checker holds to app/routes.ts; code that may not import
 * React Router takes its addresses from app/urls.ts, whose entries this file holds to app/routes.ts.
 * Anywhere else in app/, a string that starts with a path ("/members", `/chats/${id}`) fails here.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { parseSync } from "vite";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import * as urls from "~/urls";

const root = new URL("../../", import.meta.url).pathname;
const app = join(root, "app");

/** Where a path may be spelled out: the route table, the address module of code without React Router. */
const ADDRESS_MODULES = ["routes.ts", "urls.ts"];

/**
 * Path-like strings that are not addresses of this app, each with its reason. Files under public/
 * (the icon sprite, favicon, service worker, payment method icons, stickers, brand pictures) are
 * static assets, not routes, and pass by the first segment of their path.
 */
const NOT_ADDRESSES: Record<string, { strings: RegExp; reason: string }> = {
  "payments/mollie.server.ts": { strings: /^\/(payments|methods|refunds|customers)\b/, reason: "paths of Mollie's REST API" },
  "http/chat-socket.server.ts": {
    strings: /^\/api\/chat-socket$/,
    reason: "the live chat socket: the Worker answers it before React Router (workers/app.ts)",
  },
  "acquisition/tracking.server.ts": {
    strings: /^\/_root$/,
    reason: "React Router's name of the root route's data request (`/_root.data`), read to count the home page",
  },
};

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

type Node = { type?: string; start?: number; [key: string]: unknown };

/** Every string literal and the start of every template literal, except the pattern given to `href()`. */
function stringsOf(source: string, file: string): { text: string; at: number }[] {
  const { program, errors } = parseSync(file, source, { lang: file.endsWith(".tsx") ? "tsx" : "ts" });
  if (errors.length > 0) throw new Error(`${file}: ${errors[0]?.message}`);
  const found: { text: string; at: number }[] = [];
  const patterns = new Set<unknown>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== "object") return;
    const n = node as Node;
    if (n.type === "CallExpression" && (n.callee as Node).type === "Identifier" && (n.callee as { name: string }).name === "href") {
      patterns.add((n.arguments as unknown[])[0]);
    }
    if (!patterns.has(n)) {
      if (n.type === "Literal" && typeof n.value === "string") found.push({ text: n.value, at: n.start ?? 0 });
      if (n.type === "TemplateLiteral") {
        const first = (n.quasis as { value: { cooked: string | null; raw: string } }[])[0];
        if (first) found.push({ text: first.value.cooked ?? first.value.raw, at: n.start ?? 0 });
      }
    }
    for (const [key, value] of Object.entries(n)) if (key !== "parent") visit(value);
  };
  visit(program);
  return found;
}

const lineOf = (source: string, at: number) => source.slice(0, at).split("\n").length;
const isStaticAsset = (path: string) => existsSync(join(root, "public", path.split(/[/?#]/)[1] ?? ""));

/**
 * Whether a route pattern (`/credits/:id/:paymentmethod?`) matches a path. React Router's own
 * `matchPath` is not imported: its types bring React's DOM stand-ins into the Node project.
 */
function matches(pattern: string, path: string): boolean {
  const source = pattern
    .split("/")
    .slice(1)
    .map((segment) => {
      if (segment === "*") return "(?:/.*)?";
      if (segment.startsWith(":")) return segment.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+";
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    })
    .join("");
  return new RegExp(`^${source || "/"}$`).test(path);
}

/** The full path patterns of app/routes.ts. */
function routePaths(entries: readonly RouteConfigEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? prefix : `${prefix}/${entry.path}`;
    const own = entry.path !== undefined || entry.index ? [path || "/"] : [];
    return [...own, ...routePaths(entry.children ?? [], path)];
  });
}

describe("addresses", () => {
  it("are written only in app/routes.ts, app/urls.ts and href() calls", () => {
    const written: string[] = [];
    for (const file of sourcesUnder(app)) {
      const name = relative(app, file);
      if (ADDRESS_MODULES.includes(name)) continue;
      const source = readFileSync(file, "utf8");
      for (const { text, at } of stringsOf(source, file)) {
        if (!/^\/[A-Za-z_]/.test(text) || isStaticAsset(text) || NOT_ADDRESSES[name]?.strings.test(text)) continue;
        written.push(`app/${name}:${lineOf(source, at)} ${text}`);
      }
    }
    expect(written).toEqual([]);
  });

  it("of app/urls.ts are routes of app/routes.ts", () => {
    // Not the catch-alls: an address that only they match is a page that does not exist.
    const patterns = routePaths(routes).filter((path) => path !== "/:token" && path !== "/*");
    const { apiArea, photosArea, lander, memberLander, ...addresses } = urls;
    // Ids, tokens and pages take any value; the landers only their own names.
    const examples = (value: unknown): string[] =>
      typeof value === "string"
        ? [value]
        : typeof value === "function"
          ? [value(...Array.from({ length: value.length }, () => "7"))]
          : Object.values(value as object).flatMap(examples);
    const landers = [
      lander("video"),
      lander("tinderswipe"),
      ...["landing", "signup", "landing2", "landing3"].map((variant) => memberLander(7, variant)),
    ];
    const unknown = [...examples(addresses), ...landers].filter((url) => {
      const { pathname } = new URL(url, "https://example.com");
      return !patterns.some((pattern) => matches(pattern, pathname));
    });
    expect(unknown).toEqual([]);
    // An area is the start of routes' paths.
    for (const area of [apiArea, photosArea]) expect(patterns.some((pattern) => pattern.startsWith(area))).toBe(true);
  });

  it("catch a path spelled out in app/ (the scan reads literals, templates and JSX attributes)", () => {
    const template = "`/chats/$" + "{id}`";
    const sample = `const a = "/members"; const b = ${template}; <Link to="/premium" />; href("/members/:id", { id });`;
    expect(stringsOf(sample, "sample.tsx").map(({ text }) => text)).toEqual(["/members", "/chats/", "/premium"]);
  });
});
