/**
 * The cookie banner (product.md §10 "Acquisition", ADR 031): plain HTML the server adds to the end
 * of a page — a form that posts the visitor's answer to `/consent`, which keeps it in the `consent`
 * cookie and comes back to the page. No JavaScript of its own, so it costs the first load nothing
 * and works before (and without) hydration. React leaves it alone: it sits after the app in <body>.
 */
import * as urls from "~/urls";

export type BannerTexts = {
  label: string;
  text: string;
  policy: string;
  accept: string;
  refuse: string;
  /** On the cookie policy page, the current answer ("You accepted …"), when there is one. */
  current?: string;
};

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** The banner's HTML; `returnTo` is the page (path and query) the answer comes back to. */
export function consentBannerHtml(texts: BannerTexts, returnTo: string): string {
  const current = texts.current ? `<p class="consent-banner__current">${escapeHtml(texts.current)}</p>` : "";
  return [
    `<section class="consent-banner" id="consent-banner" aria-label="${escapeHtml(texts.label)}">`,
    `<form method="post" action="${urls.consent}" class="consent-banner__form">`,
    `<p class="consent-banner__text">${escapeHtml(texts.text)} <a href="${urls.page("cookies")}">${escapeHtml(texts.policy)}</a></p>`,
    current,
    `<input type="hidden" name="returnTo" value="${escapeHtml(returnTo)}">`,
    `<div class="consent-banner__actions">`,
    `<button type="submit" name="choice" value="refused" class="btn btn-outline">${escapeHtml(texts.refuse)}</button>`,
    `<button type="submit" name="choice" value="accepted" class="btn btn-primary">${escapeHtml(texts.accept)}</button>`,
    `</div></form></section>`,
  ].join("");
}

/** The `<script>` tags of the accepted third-party scripts (async, with the page's nonce). */
export function thirdPartyScriptTags(sources: readonly string[], nonce: string): string {
  return sources.map((src) => `<script async src="${escapeHtml(src)}" nonce="${escapeHtml(nonce)}"></script>`).join("");
}
