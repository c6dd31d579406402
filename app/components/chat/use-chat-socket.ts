import { useEffect, useRef, useState } from "react";
import { ACCOUNT_CLOSED, type LiveEvent, SESSION_ENDED } from "~/chat/live-events";

/**
 * The member's live-chat socket (ADR 027), hand-written to stay within the chat pages' JavaScript
 * budget: calls `onEvent` with each event of the member's inbox and, after a reconnect, once with
 * `null` (events may have been missed: reload). It reconnects after a drop or a deploy, after 1 s
 * doubling up to 30 s. Returns whether the socket is open; while it is not, pages keep polling.
 * The chat screens use it directly; every other signed-in page through the default layout's
 * deferred part (app/components/layout/deferred.tsx), loaded after hydration.
 */
export function useChatSocket(onEvent: (event: LiveEvent | null) => void, enabled = true): boolean {
  const [open, setOpen] = useState(false);
  const latest = useRef(onEvent);
  latest.current = onEvent;
  useEffect(() => {
    if (!enabled) return;
    let socket: WebSocket;
    let retry: ReturnType<typeof setTimeout>;
    let delay = 1e3;
    let opened = false;
    let stopped = false;
    const connect = () => {
      // "https:" → wss, "http:" → ws
      socket = new WebSocket(`ws${location.protocol.slice(4, -1)}://${location.host}/api/chat-socket`);
      socket.onopen = () => {
        delay = 1e3;
        setOpen(true);
        if (opened) latest.current(null);
        opened = true;
      };
      socket.onmessage = ({ data }) => latest.current(JSON.parse(data));
      socket.onclose = ({ code }) => {
        setOpen(false);
        // The account is gone (ADR 029) or the session ended (ADR 038): nothing to reconnect to.
        if (stopped || code === ACCOUNT_CLOSED || code === SESSION_ENDED) return;
        retry = setTimeout(connect, delay);
        delay = Math.min(delay * 2, 3e4);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket.close();
    };
  }, [enabled]);
  return open;
}
