/**
 * The parts of the default layout that are never needed for the first paint, loaded after the page
 * (React.lazy in default.tsx), so no page's first-load JavaScript carries them (ADR 026): the
 * live-chat socket that reloads the user, chats and likes when a message arrives (ADR 029), the
 * polling that stands in for it while it is closed (it starts 5 s after load anyway) and the two
 * modals that open later (the like modal after `?t=` seconds, the time-bonus modal after 40 s). The
 * profile-photo and push alerts render with the page (ADR 046).
 */
import { useRevalidator } from "react-router";
import { useChatSocket } from "~/components/chat/use-chat-socket";
import { LikeModal } from "~/components/discovery/LikeModal";
import { TimeBonusModal } from "~/components/payments/TimeBonusModal";
import { usePushSubscribed } from "~/components/push/push-status";
import { useRootData } from "~/root";
import { usePolling } from "./use-polling";

/** product.md §4/§9: the user, chats and likes are refreshed every 60 s… */
const POLL_MS = 60_000;
/** …or every 300 s when this browser is subscribed to push: news then arrives by push. */
const PUSH_POLL_MS = 300_000;

/**
 * product.md §4: a new message reloads the user (the unread badge), the chats and the likes at once,
 * through the member's live-chat socket (ADR 027, 029); while no socket is open, polling every 60 s,
 * every 300 s while this browser is subscribed to push (product.md §9).
 */
export default function LiveUpdates() {
  const pushSubscribed = usePushSubscribed();
  const signedIn = Boolean(useRootData()?.user);
  const { revalidate } = useRevalidator();
  const live = useChatSocket((event) => {
    if (event === null || event.type === "message" || event.type === "gone") void revalidate();
  }, signedIn);
  usePolling({ enabled: signedIn && !live, intervalMs: pushSubscribed ? PUSH_POLL_MS : POLL_MS });
  return null;
}

export function DeferredModals() {
  return (
    <>
      <LikeModal />
      <TimeBonusModal />
    </>
  );
}
