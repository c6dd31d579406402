/**
 * Stores the last opened chat (product.md §3 chat state); the chat screen's half of
 * `last-opened-chat.ts`, kept apart so the chat screen's bundle carries only this.
 */
export const LAST_OPENED_CHAT_KEY = "last-opened-chat";

/** The conversation, its partner's profile and when it was opened (unix seconds). */
export type LastOpenedChat = { conversationId: number; profileId: number; at: number };

export function rememberOpenedChat(conversationId: number, profileId: number, now = Date.now()) {
  const value: LastOpenedChat = { conversationId, profileId, at: Math.floor(now / 1000) };
  try {
    localStorage.setItem(LAST_OPENED_CHAT_KEY, JSON.stringify(value));
  } catch {
    // Storage unavailable (private mode): nothing to resume later.
  }
}
