/**
 * What a request answers when the database did not answer it in time (app/db/availability.server.ts):
 * 503 with `Retry-After`, never a 500 or a hung request. The database is what the site's settings,
 * the session and the translations' choice come from, so this page needs none of them: its
 * language comes from the `locale` cookie (else the default site's, Dutch), and it is plain HTML.
 *
 * - a JSON call (`/api/…`): the one error shape, `{ error: "temporarily_unavailable", message }`;
 * - a React Router data request (`….data`, a client-side navigation): a bare 503, which the page
 *   already running shows as its own translated error page (ErrorPage, status 503);
 * - a page: a small translated page with a "try again" link.
 */
import { detectLanguage } from "~/i18n/detect-language";
import { plainTextT } from "~/i18n/plain-text.server";
import { NO_STORE } from "./api-errors.server";
import { localeCookie } from "./cookies.server";
import * as urls from "~/urls";

/** Seconds a client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 60;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

export function unavailableResponse(request: Request): Response {
  const url = new URL(request.url);
  const headers = new Headers({ "Retry-After": String(RETRY_AFTER_SECONDS), ...NO_STORE });
  const language = detectLanguage({
    cookieLocale: localeCookie.read(request),
    // The site (and its language) is in the database: without it, the default site's.
    domainLanguage: "nl",
  });
  const t = plainTextT("common", language);

  if (url.pathname.startsWith(urls.apiArea)) {
    headers.set("Content-Type", "application/json; charset=utf-8");
    return new Response(JSON.stringify({ error: "temporarily_unavailable", message: t("errors.unavailable") }), { status: 503, headers });
  }
  if (url.pathname.endsWith(".data") || !(request.headers.get("Accept") ?? "").includes("text/html")) {
    headers.set("Content-Type", "text/plain; charset=utf-8");
    return new Response(t("errors.unavailable"), { status: 503, headers });
  }
  headers.set("Content-Type", "text/html; charset=utf-8");
  const again = `${url.pathname}${url.search}`;
  const html = `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t("errors.unavailableTitle"))}</title>
<style>body{margin:0;font-family:system-ui,sans-serif;color:#1f2933;background:#fff}main{max-width:32rem;margin:0 auto;padding:4rem 1.25rem;text-align:center}h1{font-size:1.5rem}p{line-height:1.5}a{display:inline-block;margin-top:1rem;padding:.75rem 1.5rem;border-radius:999px;background:#c2185b;color:#fff;text-decoration:none;font-weight:600}</style>
</head>
<body>
<main>
<h1>${escapeHtml(t("errors.unavailableTitle"))}</h1>
<p>${escapeHtml(t("errors.unavailable"))}</p>
<a href="${escapeHtml(again)}">${escapeHtml(t("errors.tryAgain"))}</a>
</main>
</body>
</html>`;
  return new Response(request.method === "HEAD" ? null : html, { status: 503, headers });
}
