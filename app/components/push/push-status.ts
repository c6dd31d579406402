import { useSyncExternalStore } from "react";

/**
 * Whether this browser is subscribed to push, as the push alert found out (product.md §4: polling
 * slows down then). A store of its own: the alert renders with the page, the polling loads after it.
 */
let subscribed = false;
const listeners = new Set<() => void>();

export function setPushSubscribed(value: boolean) {
  if (value === subscribed) return;
  subscribed = value;
  for (const listener of listeners) listener();
}

export function usePushSubscribed(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => subscribed,
    () => false,
  );
}
