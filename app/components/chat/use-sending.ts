/**
 * Whether the chat's form is on its way (a message, a gift, a GIF), for the buttons that send it.
 * A send that has not been answered within SEND_STALLED_MS stops counting: on a phone whose
 * connection hung between networks, the send button would otherwise stay disabled until the
 * browser gives up, minutes later. Sending again carries the same client key (the key changes only
 * once a send is answered), so the server stores and charges the message once, whichever try
 * arrives; React Router drops the earlier try.
 */
import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

export const SEND_STALLED_MS = 15_000;

export function useSending(): boolean {
  const submitting = useNavigation().state === "submitting";
  const [stalled, setStalled] = useState(false);
  useEffect(() => {
    setStalled(false);
    if (!submitting) return;
    const timer = setTimeout(() => setStalled(true), SEND_STALLED_MS);
    return () => clearTimeout(timer);
  }, [submitting]);
  return submitting && !stalled;
}
