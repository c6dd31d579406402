import { env, exports } from "cloudflare:workers";

/** A request to the Worker under test, as a browser on `host` would send it. */
export function get(path: string, options: { host?: string; country?: string; cookie?: string; acceptLanguage?: string } = {}) {
  const headers = new Headers();
  if (options.country) headers.set("CF-IPCountry", options.country);
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (options.acceptLanguage) headers.set("Accept-Language", options.acceptLanguage);
  return exports.default.fetch(new Request(`http://${options.host ?? "localhost"}${path}`, { headers, redirect: "manual" }));
}

export function post(path: string, form: Record<string, string>, options: { host?: string; cookie?: string } = {}) {
  const origin = `http://${options.host ?? "localhost"}`;
  const headers = new Headers({ Origin: origin, "Content-Type": "application/x-www-form-urlencoded" });
  if (options.cookie) headers.set("Cookie", options.cookie);
  return exports.default.fetch(
    new Request(`${origin}${path}`, { method: "POST", headers, body: new URLSearchParams(form), redirect: "manual" }),
  );
}

/** The `name=value` pairs of a response's cookies, ready for the next request's Cookie header. */
export const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");

export function htmlLang(html: string) {
  return /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1];
}

type SqlValue = string | number | null;

/**
 * Runs one SQL statement against the test database over Hrana HTTP (the same protocol the Worker
 * uses), for tests that build their own data. Returns the rows as arrays of plain values.
 * Tests reach the database only this way or through the Worker: importing app modules that load
 * libSQL's client into a test file made that file fail to load now and then (its WebSocket shim
 * resolved to Node's `ws`).
 */
export async function sql(query: string, args: SqlValue[] = []): Promise<SqlValue[][]> {
  const encode = (value: SqlValue) =>
    value === null
      ? { type: "null" }
      : typeof value === "number"
        ? { type: "integer", value: String(Math.trunc(value)) }
        : { type: "text", value };
  const response = await fetch(`${env.DATABASE_URL}/v2/pipeline`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ requests: [{ type: "execute", stmt: { sql: query, args: args.map(encode) } }, { type: "close" }] }),
  });
  const body = (await response.json()) as {
    results: ({ type: "ok"; response: { result: { rows: { value?: string }[][] } } } | { type: "error"; error: { message: string } })[];
  };
  const [result] = body.results;
  if (!result || result.type === "error") throw new Error(result?.error.message ?? "no result");
  return result.response.result.rows.map((row) => row.map((cell) => cell.value ?? null));
}

/** The `<main>` element of a rendered page (what a visitor reads, without the hydration data). */
export function mainContent(html: string) {
  return /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? "";
}
