/**
 * The events an inbox (the member's Durable Object, workers/inbox.ts, ADR 027) relays to the
 * member's open tabs. They only say that something changed: the page reloads its data from the
 * loader, which stays the one source of truth for messages.
 */
export type LiveEvent = { type: "message"; conversationId: number } | { type: "typing"; conversationId: number; profileId: number };

/** An event from the socket, or null for anything else (a pong, a malformed frame). */
export function parseLiveEvent(raw: unknown): LiveEvent | null {
  if (typeof raw !== "string") return null;
  try {
    const event = JSON.parse(raw) as Partial<LiveEvent>;
    if (typeof event.conversationId !== "number") return null;
    if (event.type === "message") return { type: "message", conversationId: event.conversationId };
    if (event.type === "typing" && typeof event.profileId === "number")
      return { type: "typing", conversationId: event.conversationId, profileId: event.profileId };
  } catch {
    // not an event
  }
  return null;
}
