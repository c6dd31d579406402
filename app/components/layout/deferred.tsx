/**
 * The parts of the default layout that are never needed for the first paint, loaded after the page
 * (React.lazy in default.tsx), so no page's first-load JavaScript carries them (ADR 026): the
 * live-chat socket that reloads the user, chats and likes when a message arrives (ADR 029), the
 * same reload when the service worker reports a push, the polling (5 s after load, then every 60 s,
 * socket or not), idle prefetching of the member's next likely pages and the two modals that open
 * later (the like modal after `?t=` seconds, the time-bonus modal after 40 s). The profile-photo and
 * push alerts render with the page (ADR 046).
 */
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { useChatSocket } from "~/components/chat/use-chat-socket";
import { LikeModal } from "~/components/discovery/LikeModal";
import { TimeBonusModal } from "~/components/payments/TimeBonusModal";
import { listenForPushes } from "~/components/push/push-messages";
import { usePushSubscribed } from "~/components/push/push-status";
import { useRootData } from "~/root";
import { IdlePrefetch } from "./IdlePrefetch";
import { MEMBER_LINKS } from "./member-links";
import { usePolling } from "./use-polling";

/** product.md §4/§9: the user, chats and likes are refreshed every 60 s… */
const POLL_MS = 60_000;
/** …or every 300 s when this browser is subscribed to push: news then arrives by push. */
const PUSH_POLL_MS = 300_000;

/** Where a member most likely goes next: the navigation's pages (search, messages, likes). */
const LIKELY_NEXT_PAGES = MEMBER_LINKS.map((link) => link.to);

/**
 * product.md §4: a new message reloads the user (the unread badge), the chats and the likes at once,
 * through the member's live-chat socket (ADR 027, 029) and through a push the service worker reports
 * (spec §4). Polling keeps the rest fresh (credits, the time bonus) whatever the socket does: 5 s after
 * load, then every 60 s, every 300 s while this browser is subscribed to push (spec §9).
 */
export default function LiveUpdates() {
  const pushSubscribed = usePushSubscribed();
  const signedIn = Boolean(useRootData()?.user);
  const { revalidate } = useRevalidator();
  useChatSocket((event) => {
    if (event === null || event.type === "message" || event.type === "gone") void revalidate();
  }, signedIn);
  const reload = useRef(revalidate);
  reload.current = revalidate;
  useEffect(() => (signedIn ? listenForPushes(() => void reload.current()) : undefined), [signedIn]);
  usePolling({ enabled: signedIn, intervalMs: pushSubscribed ? PUSH_POLL_MS : POLL_MS });
  return signedIn ? <IdlePrefetch pages={LIKELY_NEXT_PAGES} /> : null;
}

export function DeferredModals() {
  return (
    <>
      <LikeModal />
      <TimeBonusModal />
    </>
  );
}
