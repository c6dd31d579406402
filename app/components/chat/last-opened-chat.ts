/**
 * product.md §3 "Chat state: last opened chat profile and date". Kept in localStorage, not on
 * conversation_members: whether /chats resumes a conversation depends on the screen width (the
 * desktop two-column breakpoint), which only the browser knows, so the decision is made there
 * anyway; the chat state of product.md §3 is client state; and it needs no migration nor an extra write on
 * every opened conversation. The cost: it is per device, and the overview marks it after hydration.
 */
import { LAST_OPENED_CHAT_KEY, type LastOpenedChat } from "./remember-opened-chat";

export { LAST_OPENED_CHAT_KEY, type LastOpenedChat };

/** product.md §9 breakpoints: from 992 px the chats are a desktop (two-column) screen. */
export const DESKTOP_QUERY = "(min-width: 992px)";

/** Navigation state of the chat screen's back link: the member asked for the overview, no resuming. */
export type ChatsNavigationState = { fromChat?: boolean };

export function parseLastOpenedChat(raw: string | null): LastOpenedChat | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== "object") return null;
    const { conversationId, profileId, at } = value as Record<string, unknown>;
    if (![conversationId, profileId, at].every((n) => Number.isSafeInteger(n) && (n as number) > 0)) return null;
    return { conversationId: conversationId as number, profileId: profileId as number, at: at as number };
  } catch {
    return null;
  }
}

export function readLastOpenedChat(): LastOpenedChat | null {
  try {
    return parseLastOpenedChat(localStorage.getItem(LAST_OPENED_CHAT_KEY));
  } catch {
    return null;
  }
}

/**
 * Which conversation /chats should open instead of the overview: the last opened one, on a desktop
 * screen, unless the member came back from a conversation on purpose, and only while it is still
 * in their list (removed or blocked chats are not resumed).
 */
export function conversationToResume(
  last: LastOpenedChat | null,
  listed: readonly number[],
  options: { desktop: boolean; fromChat: boolean },
): number | null {
  if (!last || !options.desktop || options.fromChat) return null;
  return listed.includes(last.conversationId) ? last.conversationId : null;
}
