/**
 * Third-party scripts and the visitor's consent (product.md §10 "Acquisition", the cookie policy's
 * section on analytics): a site may name a tracking tag and a behaviour-analytics script in its
 * settings (none by default). They load only after the visitor accepted them in the cookie banner;
 * the page's Content-Security-Policy then allows exactly their hosts, and nothing more otherwise.
 */
import { z } from "zod";

const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, "a host name, e.g. stats.example.com");

export const thirdPartyScriptSchema = z.object({
  /** `tracking`: the advertiser's tracking tag; `analytics`: behaviour analytics (heat maps, recordings). */
  purpose: z.enum(["tracking", "analytics"]),
  /** The script's https address (its host is allowed as a script source). */
  src: z.url({ protocol: /^https$/ }).max(500),
  /** Further hosts the script sends its measurements to or loads images from (connect-src, img-src). */
  hosts: z.array(hostName).max(5).default([]),
});
export type ThirdPartyScript = z.infer<typeof thirdPartyScriptSchema>;

export const thirdPartyScriptsSchema = z.array(thirdPartyScriptSchema).max(4).default([]);

/** The visitor's choice in the `consent` cookie: accepted, refused, or not asked yet (null). */
export type Consent = "accepted" | "refused" | null;

export function consentOf(cookieValue: string | null): Consent {
  return cookieValue === "accepted" || cookieValue === "refused" ? cookieValue : null;
}

/** The scripts this visitor loads: the site's, after consent; none otherwise. */
export function scriptsToLoad(scripts: readonly ThirdPartyScript[], consent: Consent): readonly ThirdPartyScript[] {
  return consent === "accepted" ? scripts : [];
}

/** The sources these scripts need, by CSP directive (origins, deduplicated). */
export function cspSources(scripts: readonly ThirdPartyScript[]): { script: string[]; connect: string[]; img: string[] } {
  const script = new Set<string>();
  const other = new Set<string>();
  for (const item of scripts) {
    const origin = new URL(item.src).origin;
    script.add(origin);
    other.add(origin);
    for (const host of item.hosts) other.add(`https://${host}`);
  }
  return { script: [...script], connect: [...other], img: [...other] };
}

/** Whether the banner asks: the site loads third-party scripts and the visitor has not chosen yet. */
export const shouldAsk = (scripts: readonly ThirdPartyScript[], consent: Consent) => scripts.length > 0 && consent === null;
