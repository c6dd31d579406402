import { useEffect, useRef, useState } from "react";
import { ACCOUNT_CLOSED, type LiveEvent, SESSION_ENDED } from "~/live/live-events";
import { backoff } from "./reconnect-backoff";

/** How often an open socket asks the inbox whether it is still there (answered without waking it, ADR 027). */
const HEARTBEAT_MS = 30_000;

/**
 * The member's live-chat socket (ADR 027, ADR 044), hand-written to stay within the chat pages'
 * JavaScript budget: calls `onEvent` with each event of the member's inbox and, each time a socket
 * opens after an earlier attempt closed or failed, once with `null` (events may have been missed:
 * reload). After a drop, a deploy, a reset inbox or a refused handshake it tries again with backoff
 * (reconnect-backoff.ts: 1 s doubling to 30 s, with jitter); a socket whose inbox stops answering
 * the heartbeat counts as dropped. It stops for good when the account is gone (4001) or the session
 * ended (4002). Returns whether the socket is open; while it is not, pages keep polling.
 * The chat screens use it directly; every other signed-in page through the default layout's
 * deferred part (app/components/layout/deferred.tsx), loaded after hydration.
 */
export function useChatSocket(onEvent: (event: LiveEvent | null) => void, enabled = true): boolean {
  const [open, setOpen] = useState(false);
  const latest = useRef(onEvent);
  latest.current = onEvent;
  useEffect(() => {
    if (!enabled) return;
    const schedule = backoff();
    let socket: WebSocket;
    let retry: ReturnType<typeof setTimeout>;
    let heartbeat: ReturnType<typeof setInterval>;
    let attempts = 0;
    let stopped = false;
    const connect = () => {
      // The first socket comes with the page's data; any later one may have missed events.
      const reload = attempts++ > 0;
      let openedAt = 0;
      let answered = true;
      // "https:" → wss, "http:" → ws
      const current = new WebSocket(`ws${location.protocol.slice(4, -1)}://${location.host}/api/chat-socket`);
      socket = current;
      const closed = (code: number) => {
        current.onclose = current.onmessage = null;
        clearInterval(heartbeat);
        setOpen(false);
        // The account is gone (ADR 029) or the session ended (ADR 038): nothing to reconnect to.
        if (stopped || code === ACCOUNT_CLOSED || code === SESSION_ENDED) return;
        retry = setTimeout(connect, schedule.next(openedAt && Date.now() - openedAt));
      };
      current.onopen = () => {
        openedAt = Date.now();
        setOpen(true);
        if (reload) latest.current(null);
        // A socket that died without a close (a network switch, a sleeping laptop) stays "open"
        // here: no answer to the last ping by the next beat means it is gone.
        heartbeat = setInterval(() => {
          if (!answered) {
            closed(1006);
            current.close();
            return;
          }
          answered = false;
          current.send("ping");
        }, HEARTBEAT_MS);
      };
      current.onmessage = ({ data }) => {
        answered = true;
        if (data !== "pong") latest.current(JSON.parse(data));
      };
      current.onclose = ({ code }) => closed(code);
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      socket.close();
    };
  }, [enabled]);
  return open;
}
