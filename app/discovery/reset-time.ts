/**
 * When a daily allowance comes back, for the member: the weekday and time in the site's time zone
 * (the zone the limit is counted in), with the zone's short name, in the member's language —
 * e.g. "vrijdag 00:00 CET".
 */
import { localeTag } from "~/i18n/format";

export function formatResetTime(resetsAt: Date, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(localeTag(language), {
    weekday: "long",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(resetsAt);
}
