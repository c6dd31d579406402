/**
 * Who followed a short link, for counting a click once per visitor, link and day (ADR 040). Pure,
 * so the day boundary is tested without a clock.
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { startOfDay } from "~/utils/day";

/** Who clicked, as the request tells: the client address (`clientIp`) and the user agent. */
export type ShortLinkVisitor = { ip: string; userAgent: string };

/**
 * The key in `rate_limit_events` that says "this visitor followed this link on this day" (the
 * site's calendar day in `timeZone`); `link` names the link (`{site id}/{token}`). The address is only in the hash, and the hash covers the
 * link and the day too, so one visitor has unrelated keys on other links and days.
 */
export function shortLinkVisitKey(link: string, visitor: ShortLinkVisitor, now: Date, timeZone: string): string {
  const day = Math.floor(startOfDay(now, timeZone).getTime() / 1000);
  const digest = sha256(new TextEncoder().encode(`${link}\n${day}\n${visitor.ip}\n${visitor.userAgent}`));
  return `short-link:${link}:${day}:${encodeHexLowerCase(digest).slice(0, 32)}`;
}
