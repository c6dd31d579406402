/**
 * product.md §8: when a piece of the page's code fails to load (a deploy replaced it, the network
 * dropped), the page reloads once, at most once every 60 s, so a chunk that is really gone ends on
 * the error page instead of reloading forever. React Router reloads by itself when a route module
 * fails; this covers the components loaded with `lazy(() => import(…))`, whose failed import Vite
 * reports as the `vite:preloadError` event. Imported once, by the root.
 */
export const RELOAD_AT_MOST_EVERY_MS = 60_000;
const RELOADED_AT = "chunk-reload";

/** Reloads the page unless it reloaded for a failed chunk within the last 60 s. */
export function reloadOnce(storage: Pick<Storage, "getItem" | "setItem">, reload: () => void, now = Date.now()) {
  if (now - Number(storage.getItem(RELOADED_AT)) < RELOAD_AT_MOST_EVERY_MS) return;
  storage.setItem(RELOADED_AT, String(now));
  reload();
}

// Where sessionStorage is blocked, reading it throws here: no reload, the error page shows.
if (typeof window !== "undefined") addEventListener("vite:preloadError", () => reloadOnce(sessionStorage, () => location.reload()));
