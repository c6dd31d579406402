/**
 * The page-hidden beacon of product.md §7 for a page that wants lander analytics (a lander calls
 * this hook once): the first time the page is hidden (the visitor leaves, closes the tab or
 * switches away) the browser sends the empty beacon `POST /api/page-hidden.php`, which records
 * the page (its address is the beacon's Referer) with the visitor's traffic source.
 */
import { useEffect } from "react";

export const PAGE_HIDDEN_URL = "/api/page-hidden.php";

export function usePageHiddenBeacon() {
  useEffect(() => {
    let sent = false;
    const onVisibilityChange = () => {
      if (sent || document.visibilityState !== "hidden" || typeof navigator.sendBeacon !== "function") return;
      sent = true;
      navigator.sendBeacon(PAGE_HIDDEN_URL, new Blob(["{}"], { type: "application/json" }));
    };
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => document.removeEventListener("visibilitychange", onVisibilityChange);
  }, []);
}
