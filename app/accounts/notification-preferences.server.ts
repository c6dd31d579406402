/**
 * Notification preferences (product.md §10): every notification type of product.md §3 can be
 * switched off per channel (push, e-mail). Only switched-off channels are stored: no row means
 * enabled.
 */
import { and, eq } from "drizzle-orm";
import { notificationTypes } from "#drizzle/schema";
import { schema, type Database } from "~/db/client.server";
import { NOTIFICATION_CHANNELS, preferenceField, type NotificationChannel } from "./notification-channels";
import { listFormat } from "~/i18n/intl";

export { notificationTypes };
export type NotificationType = (typeof notificationTypes)[number];

export type ChannelSettings = Record<NotificationChannel, boolean>;
export type NotificationPreferences = Record<NotificationType, ChannelSettings>;

export async function loadNotificationPreferences(db: Database, userId: number): Promise<NotificationPreferences> {
  return notificationPreferencesOf(await notificationPreferencesQuery(db, userId));
}

/** The member's rows of preferences, to read in a batch of one's own (`notificationPreferencesOf` reads them). */
export function notificationPreferencesQuery(db: Database, userId: number) {
  return db.select().from(schema.notificationPreferences).where(eq(schema.notificationPreferences.userId, userId));
}

/** Every type and channel, on unless the member's rows switch it off. */
export function notificationPreferencesOf(rows: (typeof schema.notificationPreferences.$inferSelect)[]): NotificationPreferences {
  const preferences = Object.fromEntries(notificationTypes.map((type) => [type, { push: true, email: true }])) as NotificationPreferences;
  for (const row of rows) preferences[row.type][row.channel] = row.enabled;
  return preferences;
}

/** One type with the channels the member switched off (product.md §3 `notifications_disabled (list)`). */
export type DisabledNotification = { type: NotificationType; channels: NotificationChannel[] };

/** The switched-off (type, channel) pairs, run in the batch of a page's chrome (member-chrome.server.ts). */
export function disabledNotificationsQuery(db: Database, userId: number) {
  return db
    .select({ type: schema.notificationPreferences.type, channel: schema.notificationPreferences.channel })
    .from(schema.notificationPreferences)
    .where(and(eq(schema.notificationPreferences.userId, userId), eq(schema.notificationPreferences.enabled, false)));
}

/**
 * The types a member switched off on the notifications page, in the page's order, each with its
 * switched-off channels; empty when everything is on.
 */
export function readDisabledNotifications(rows: { type: string; channel: string }[]): DisabledNotification[] {
  return notificationTypes.flatMap((type) => {
    const channels = NOTIFICATION_CHANNELS.filter((channel) => rows.some((row) => row.type === type && row.channel === channel));
    return channels.length > 0 ? [{ type, channels }] : [];
  });
}

/**
 * What the disabled-notifications alert says is off, in the member's language, e.g. "Likes (Push
 * and E-mail), News (E-mail)"; null when nothing is. Composed here so the browser ships no code for it.
 */
export function describeDisabledNotifications(
  list: DisabledNotification[],
  t: (key: string, values?: Record<string, string>) => string,
  locale: string,
) {
  if (list.length === 0) return null;
  const and = listFormat(locale, { style: "long", type: "conjunction" });
  const items = list.map(({ type, channels }) =>
    t("settings:alert.switchedOffItem", {
      type: t(`settings:notifications.types.${type}`),
      channels: and.format(channels.map((channel) => t(`settings:notifications.channels.${channel}`))),
    }),
  );
  return t("settings:alert.switchedOff", { list: items.join(", ") });
}

/** Reads the checkbox table of the notifications page: a ticked box is an enabled channel. */
export function preferencesFromForm(formData: FormData): NotificationPreferences {
  return Object.fromEntries(
    notificationTypes.map((type) => [
      type,
      Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, formData.get(preferenceField(type, channel)) === "on"])),
    ]),
  ) as NotificationPreferences;
}

/** Stores a whole table: the switched-off channels get a row, the others none. */
export async function saveNotificationPreferences(db: Database, userId: number, preferences: NotificationPreferences) {
  const off = notificationTypes.flatMap((type) =>
    NOTIFICATION_CHANNELS.filter((channel) => !preferences[type][channel]).map((channel) => ({ userId, type, channel, enabled: false })),
  );
  const clear = db.delete(schema.notificationPreferences).where(eq(schema.notificationPreferences.userId, userId));
  if (off.length === 0) await clear;
  else await db.batch([clear, db.insert(schema.notificationPreferences).values(off)]);
}

/** The "turn off all e-mails" shortcut: every type's e-mail channel off, push untouched. */
export async function turnOffAllEmails(db: Database, userId: number) {
  await db
    .insert(schema.notificationPreferences)
    .values(notificationTypes.map((type) => ({ userId, type, channel: "email" as const, enabled: false })))
    .onConflictDoUpdate({
      target: [schema.notificationPreferences.userId, schema.notificationPreferences.type, schema.notificationPreferences.channel],
      set: { enabled: false },
    });
}

/** Lets e-mail through again after a bounce, complaint (fbl) or one-click unsubscribe. */
export async function reenableEmail(db: Database, userId: number) {
  await db.update(schema.users).set({ emailDisabledReason: null }).where(eq(schema.users.id, userId));
}

/** Whether a member gets notifications of a type on a channel (no row means yes). */
export async function channelEnabledFor(
  db: Database,
  userId: number,
  type: NotificationType,
  channel: NotificationChannel,
): Promise<boolean> {
  const row = await db.query.notificationPreferences.findFirst({
    where: and(
      eq(schema.notificationPreferences.userId, userId),
      eq(schema.notificationPreferences.type, type),
      eq(schema.notificationPreferences.channel, channel),
    ),
  });
  return row?.enabled ?? true;
}

/** Whether a member gets e-mails of a type (no row means yes). */
export const emailEnabledFor = (db: Database, userId: number, type: NotificationType) => channelEnabledFor(db, userId, type, "email");

/** The unsubscribe link of a notification e-mail: that type's e-mails off, everything else untouched. */
export async function turnOffEmailFor(db: Database, userId: number, type: NotificationType) {
  await db
    .insert(schema.notificationPreferences)
    .values({ userId, type, channel: "email", enabled: false })
    .onConflictDoUpdate({
      target: [schema.notificationPreferences.userId, schema.notificationPreferences.type, schema.notificationPreferences.channel],
      set: { enabled: false },
    });
}
