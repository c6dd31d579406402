/**
 * What every page of a signed-in member shows around its content (product.md §2 default layout):
 * the navigation's badges, the welcome time bonus (product.md §4) and the notification types the
 * member switched off (the disabled-notifications alert). The root loader asks on every page, so
 * the four queries travel in one batch: one round trip to the database instead of three.
 */
import type { Database } from "~/db/client.server";
import { disabledNotificationsQuery, readDisabledNotifications, type DisabledNotification } from "./notification-preferences.server";
import { navCountQueries, readNavCounts, type NavCounts } from "./nav-counts.server";
import { timeBonusOf, timeBonusQuery, type TimeBonus } from "~/payments/time-bonus.server";

export type MemberChrome = { counts: NavCounts; timeBonus: TimeBonus | null; disabledNotifications: DisabledNotification[] };

export async function memberChrome(
  db: Database,
  input: { userId: number; paidUser: boolean; profileId: number | null; siteId: number; now: Date },
): Promise<MemberChrome> {
  const { userId, profileId, siteId, now } = input;
  const chrome = (counts: NavCounts, switchedOff: { type: string; channel: string }[], bonus: TimeBonus[]): MemberChrome => ({
    counts,
    // Asked even of a member who paid (who has none): it costs nothing in the batch.
    timeBonus: timeBonusOf(bonus, input.paidUser),
    disabledNotifications: readDisabledNotifications(switchedOff),
  });
  const switchedOffQuery = disabledNotificationsQuery(db, userId);
  const bonusQuery = timeBonusQuery(db, { userId, now });
  if (profileId === null) {
    // A member still signing up has no profile yet, so no badges to count.
    const [switchedOff, bonus] = await db.batch([switchedOffQuery, bonusQuery]);
    return chrome({ unreadMessages: 0, newLikes: 0 }, switchedOff, bonus);
  }
  const [switchedOff, bonus, unread, likes] = await db.batch([switchedOffQuery, bonusQuery, ...navCountQueries(db, profileId, siteId)]);
  return chrome(readNavCounts(unread, likes), switchedOff, bonus);
}
