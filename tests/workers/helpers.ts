import { exports } from "cloudflare:workers";

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

export function htmlLang(html: string) {
  return /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1];
}
