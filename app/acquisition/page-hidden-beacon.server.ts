/**
 * The page-hidden beacon of product.md §7: when a page is hidden (the visitor leaves, closes the tab
 * or switches away) the browser sends `POST /api/page-hidden.php` with the empty JSON object `{}`,
 * which records the page (the beacon's Referer) with the visitor's traffic source. Every page sends
 * it, once per address (a member's page that moves on within React sends it again for the next
 * one). Landers and visitors' public pages load no script files (ADR 030, 032), so the beacon is one
 * small inline script (./page-hidden-beacon.inline.js, as it is) that app/http/document.server.ts
 * writes at the end of every page's <body> (not an error page's) with the page's CSP nonce.
 */
import source from "./page-hidden-beacon.inline.js?raw";

export const PAGE_HIDDEN_BEACON = source.trim();

export function pageHiddenBeaconTag(nonce: string): string {
  return `<script nonce="${nonce}">${PAGE_HIDDEN_BEACON}</script>`;
}
