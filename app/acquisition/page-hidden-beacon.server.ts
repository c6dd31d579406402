/**
 * The page-hidden beacon of product.md §7, for lander analytics: the first time the page is hidden
 * (the visitor leaves, closes the tab or switches away) the browser sends the empty
 * `POST /api/page-hidden.php`, which records the page (the beacon's Referer) with the visitor's
 * traffic source. Landers load no script files (ADR 030), so the beacon is one small inline script
 * (./page-hidden-beacon.inline.js, as it is) that app/http/document.server.ts writes at the end of
 * <body>, with the page's CSP nonce, when a matched route's `handle` says `pageHiddenBeacon: true`.
 */
import source from "./page-hidden-beacon.inline.js?raw";

export const PAGE_HIDDEN_BEACON = source.trim();

/** Whether a page of these matched routes' handles sends the beacon. */
export function wantsPageHiddenBeacon(handles: readonly unknown[]): boolean {
  return handles.some((handle) => (handle as { pageHiddenBeacon?: unknown } | undefined)?.pageHiddenBeacon === true);
}

export function pageHiddenBeaconTag(nonce: string): string {
  return `<script nonce="${nonce}">${PAGE_HIDDEN_BEACON}</script>`;
}
