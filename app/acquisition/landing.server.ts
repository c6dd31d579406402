/**
 * Visits of acquisition pages and what became of them (product.md §10 "Acquisition"): each visit
 * of a lander, the home page or pricing is a row; the visit a visitor arrived through travels in
 * the `landing` cookie and is tied to the account at signup, so the conversion report can follow
 * it to activation and the first purchase. Page events (the page-hidden beacon, a bounce named by
 * the `lb` query parameter) are lander analytics.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";

const MAX_PAGE = 200;
const MAX_SLUG = 60;

/** A page as the report groups it: a site path, without query, at most 200 characters. */
export function pagePath(value: string | null | undefined): string | null {
  if (!value?.startsWith("/") || value.startsWith("//")) return null;
  const path = value.split(/[?#]/, 1)[0]!;
  if (path.length > MAX_PAGE || !/^[\w./~-]*$/.test(path)) return null;
  return path;
}

/** A lander slug (locale and niche, e.g. `nl-2`): letters, digits and dashes, else none. */
export function landerSlug(value: string | null | undefined): string | null {
  return value && value.length <= MAX_SLUG && /^[\w-]+$/.test(value) ? value.toLowerCase() : null;
}

/** A visit id as the `landing` cookie carries it (128 random bits, base64url). */
export const isVisitId = (value: string | null): value is string => value !== null && /^[\w-]{22}$/.test(value);

export function newVisitId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The visit an acquisition page counts: its page without the slug, and the slug. */
export type LandingVisit = { page: string; slug: string | null };

export type LandingInput = { siteId: number; page: string; slug?: string | null; network: string | null; now: Date };

/** Records one visit (with `id` when the caller chose it already); its id, or null when the page is not a usable path. */
export async function recordVisit(db: Database, input: LandingInput, id = newVisitId()): Promise<string | null> {
  const page = pagePath(input.page);
  if (!page) return null;
  await db.insert(schema.landingVisits).values({
    id,
    siteId: input.siteId,
    page,
    slug: landerSlug(input.slug),
    network: input.network,
    createdAt: input.now,
  });
  return id;
}

/** The new account came through this visit (once: a visit leads to at most one signup). */
export async function claimVisit(db: Database, input: { siteId: number; visitId: string; userId: number }): Promise<void> {
  await db
    .update(schema.landingVisits)
    .set({ userId: input.userId })
    .where(
      and(eq(schema.landingVisits.id, input.visitId), eq(schema.landingVisits.siteId, input.siteId), isNull(schema.landingVisits.userId)),
    );
}

/**
 * product.md §9: a page event counts for a landing visit, at most this many times per page and
 * kind (ADR 060): enough for a visitor who switches tabs, leaves and comes back, while one visitor
 * cannot inflate a lander's figures, and people sharing an address (an office, a mobile carrier's
 * CGNAT) never stop one another's counts.
 */
export const PAGE_EVENTS_PER_VISIT_PAGE = 20;

export type PageEventInput = {
  siteId: number;
  kind: "hidden" | "bounce";
  page: string;
  network: string | null;
  visitId: string | null;
  now: Date;
};

/**
 * `unattributed`: no landing visit to count it for (no `landing` cookie), so nothing is recorded;
 * `rate_limited`: the visit is not this site's, or its page reported this kind of event
 * `PAGE_EVENTS_PER_VISIT_PAGE` times already.
 */
export type PageEventOutcome = "recorded" | "rate_limited" | "invalid" | "unattributed";

/** One statement: the limit is checked in the INSERT that records the event (ADR 060). */
export async function recordPageEvent(db: Database, input: PageEventInput): Promise<PageEventOutcome> {
  const page = pagePath(input.page);
  if (!page) return "invalid";
  if (!input.visitId) return "unattributed";
  const at = Math.floor(input.now.getTime() / 1000);
  const recorded = await db.all<{ id: number }>(sql`
    INSERT INTO page_events (site_id, kind, page, network, visit_id, created_at)
    SELECT ${input.siteId}, ${input.kind}, ${page}, ${input.network}, ${input.visitId}, ${at}
    WHERE EXISTS (SELECT 1 FROM landing_visits WHERE id = ${input.visitId} AND site_id = ${input.siteId})
      AND (SELECT count(*) FROM page_events WHERE visit_id = ${input.visitId} AND page = ${page} AND kind = ${input.kind})
        < ${PAGE_EVENTS_PER_VISIT_PAGE}
    RETURNING id`);
  return recorded.length === 1 ? "recorded" : "rate_limited";
}
