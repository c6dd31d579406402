import { useEffect } from "react";

/**
 * spec §4 "The app badge equals unread messages plus new likes": every page of a signed-in member
 * sets the installed app's badge whenever those counts change (a poll, the live socket, a push, a
 * read chat), and clears it at zero; the service worker sets it when a push arrives while no page is
 * open. Browsers without the Badging API ignore it.
 */
export function useAppBadge(count: number) {
  useEffect(() => {
    const badging = navigator as Navigator & { setAppBadge?(count: number): Promise<void>; clearAppBadge?(): Promise<void> };
    if (!badging.setAppBadge || !badging.clearAppBadge) return;
    (count > 0 ? badging.setAppBadge(count) : badging.clearAppBadge()).catch(() => undefined);
  }, [count]);
}
