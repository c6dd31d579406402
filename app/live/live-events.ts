/**
 * The events an inbox (the member's Durable Object, workers/inbox.ts, ADR 027) relays to the
 * member's open tabs. They only say that something changed: the page reloads its data from the
 * loader, which stays the one source of truth for messages.
 */
export type LiveEvent =
  | { type: "message"; conversationId: number }
  | { type: "typing"; conversationId: number; profileId: number }
  /** The partner opened the conversation and saw the member's messages. */
  | { type: "seen"; conversationId: number }
  /**
   * This profile is no longer reachable for the member (a block, either way): their chat is gone.
   * It does not say why, so a blocked member learns no more than from a deleted profile's 404.
   */
  | { type: "gone"; profileId: number };

/** The close code of sockets ended because the account is gone (deleted): the browser does not reconnect. */
export const ACCOUNT_CLOSED = 4001;

/**
 * The close code of sockets whose session ended (logout, a password change or reset, a ban, expiry;
 * ADR 038): the browser does not reconnect, and the page's next request finds no session.
 */
export const SESSION_ENDED = 4002;
