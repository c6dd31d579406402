/**
 * The events an inbox (the member's Durable Object, workers/inbox.ts, ADR 027) relays to the
 * member's open tabs. They only say that something changed: the page reloads its data from the
 * loader, which stays the one source of truth for messages.
 */
export type LiveEvent =
  | { type: "message"; conversationId: number }
  | { type: "typing"; conversationId: number; profileId: number }
  /** The partner opened the conversation and saw the member's messages. */
  | { type: "seen"; conversationId: number };
