/**
 * What every page of a signed-in member shows around its content (product.md §2 default layout):
 * the navigation's badges, the welcome time bonus (product.md §4) and the notification types the
 * member switched off (the disabled-notifications alert). The root loader asks on every page, so
 * the four queries travel in one batch: one round trip to the database instead of three.
 */
import type { Database } from "~/db/client.server";
import { disabledNotificationsQuery, readDisabledNotifications, type DisabledNotification } from "./notification-preferences.server";
import { navCountQueries, readNavCounts, type NavCounts } from "./nav-counts.server";
import { timeBonusQuery, type TimeBonus } from "~/payments/time-bonus.server";

export type MemberChrome = { counts: NavCounts; timeBonus: TimeBonus | null; disabledNotifications: DisabledNotification[] };

export async function memberChrome(
  db: Database,
  input: { userId: number; paidUser: boolean; profileId: number | null; siteId: number; now: Date },
): Promise<MemberChrome> {
  const { userId, profileId, siteId, now } = input;
  const [unread, likes] = navCountQueries(db, profileId ?? 0, siteId);
  const [switchedOff, bonus, unreadRows, likeRows] = await db.batch([
    disabledNotificationsQuery(db, userId),
    // A member who paid has no welcome bonus (activeTimeBonus); asking costs nothing in the batch.
    timeBonusQuery(db, { userId, now }),
    unread,
    likes,
  ]);
  return {
    counts: profileId === null ? { unreadMessages: 0, newLikes: 0 } : readNavCounts(unreadRows, likeRows),
    timeBonus: input.paidUser ? null : (bonus[0] ?? null),
    disabledNotifications: readDisabledNotifications(switchedOff),
  };
}
