/**
 * Live chat (ADR 027): telling members' inboxes — one Durable Object per profile, workers/inbox.ts —
 * that something changed, so their open tabs reload. A notification is a courtesy: one that fails
 * is logged and never fails what caused it (the page polls when it has no socket).
 */
import type { LiveEvent } from "./live-events";

/** The inbox binding (wrangler.toml `INBOX`), as much of it as the notifier uses. */
export type InboxNamespace = {
  idFromName(name: string): DurableObjectId;
  get(id: DurableObjectId): {
    notify(event: LiveEvent): Promise<number> | number;
    disconnect(): Promise<number> | number;
    fetch(request: Request): Promise<Response>;
  };
};

/** The inbox of a profile: its Durable Object, named by the profile id. */
export function inboxOf(namespace: InboxNamespace, profileId: number) {
  return namespace.get(namespace.idFromName(String(profileId)));
}

/** Closes every open socket of a profile (its account was deleted); never throws. */
export async function disconnectInbox(namespace: InboxNamespace | undefined, profileId: number): Promise<void> {
  if (!namespace) return;
  try {
    await inboxOf(namespace, profileId).disconnect();
  } catch (error) {
    console.error("inbox disconnect failed", error);
  }
}

/** Tells each profile's inbox about the event; never throws. */
export async function notifyInboxes(namespace: InboxNamespace | undefined, profileIds: number[], event: LiveEvent): Promise<void> {
  if (!namespace) return;
  const results = await Promise.allSettled([...new Set(profileIds)].map((profileId) => inboxOf(namespace, profileId).notify(event)));
  for (const result of results) {
    if (result.status === "rejected") console.error("inbox notification failed", event.type, result.reason);
  }
}
