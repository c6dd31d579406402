/**
 * The notification channels and the form field of each type and channel, without zod: the
 * notifications page (browser) and its service (server) share them.
 */

/** Notification channels (product.md §10: web push and e-mail, each switchable per type). */
export const NOTIFICATION_CHANNELS = ["push", "email"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The checkbox of one type and channel on the notifications page, e.g. `email.new_messages`. */
export function preferenceField(type: string, channel: NotificationChannel): string {
  return `${channel}.${type}`;
}
