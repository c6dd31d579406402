import { useEffect, useState } from "react";

/** What counts as using the page; each one also restarts the wait below. */
const INTERACTIONS = ["pointerdown", "click", "scroll", "keydown"] as const;
/** How long the page must be still after the member used it before something new appears on it. */
export const SETTLE_MS = 1_000;

/** Once per document: client-side navigations keep it, as the member already used the page. */
let interacted = false;

/**
 * Whether the member has used the page (clicked, tapped, scrolled or typed) and then let it rest
 * for a second. The alerts that ask something of the member (turn on push, add a photo) wait for
 * it: they do not greet a page that has just opened (browsers advise asking for notification
 * permission after the member engaged), the page's largest first content stays what the member
 * came for (Lighthouse's LCP: the alerts arrive after hydration and would otherwise be the
 * largest late paint), and they never slide under a finger that is pressing or scrolling.
 */
export function useFirstInteraction(): boolean {
  const [engaged, setEngaged] = useState(interacted);
  useEffect(() => {
    if (engaged) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const used = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        interacted = true;
        setEngaged(true);
      }, SETTLE_MS);
    };
    for (const type of INTERACTIONS) window.addEventListener(type, used, { passive: true, capture: true });
    return () => {
      clearTimeout(timer);
      for (const type of INTERACTIONS) window.removeEventListener(type, used, { capture: true });
    };
  }, [engaged]);
  return engaged;
}
