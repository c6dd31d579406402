/**
 * Calendar days in a site's time zone (product.md §10: the free swipe likes reset at midnight in
 * the site's time zone). Pure, so both the server and the tests use it; daylight saving time is
 * handled by taking the zone's offset at midnight itself, not at the current instant.
 */
import { dateTimeFormat } from "~/i18n/intl";

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallClock(instant: Date, timeZone: string): WallClock {
  const parts = dateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute"), second: get("second") };
}

/** The zone's offset from UTC at an instant, in milliseconds (Amsterdam: +1 h in winter, +2 h in summer). */
function zoneOffset(instant: Date, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** Midnight (the start of the local day that contains `now`) in a time zone, as a UTC instant. */
export function startOfDay(now: Date, timeZone: string): Date {
  const { year, month, day } = wallClock(now, timeZone);
  const midnightAsUtc = Date.UTC(year, month - 1, day);
  // First guess with today's offset, then correct with the offset in force at that midnight
  // (they differ on the days the clocks change).
  const guess = midnightAsUtc - zoneOffset(now, timeZone);
  return new Date(midnightAsUtc - zoneOffset(new Date(guess), timeZone));
}

/** The next local midnight after `now`: when today's daily allowance resets. */
export function startOfNextDay(now: Date, timeZone: string): Date {
  // A local day lasts 23 to 25 hours, so 26 hours after today's midnight is always tomorrow.
  const today = startOfDay(now, timeZone);
  return startOfDay(new Date(today.getTime() + 26 * 3600 * 1000), timeZone);
}
