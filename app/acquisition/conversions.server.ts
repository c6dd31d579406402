/**
 * The conversion report (product.md §10 "Acquisition"): per acquisition page, slug and network,
 * the visits of a period and what the visitors did next — bounced, signed up, confirmed their
 * address (activation), paid for the first time. A visit counts in the period it happened; its
 * signup, activation and first purchase count with it whenever they came (a cohort).
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";

export type ConversionRow = {
  page: string;
  slug: string | null;
  network: string | null;
  visits: number;
  bounces: number;
  signups: number;
  activations: number;
  firstPurchases: number;
};

export type Period = { from: Date; to: Date };

/** The most rows one report shows (the busiest first). */
export const REPORT_ROWS = 200;

export async function conversionReport(db: Database, siteId: number, period: Period): Promise<ConversionRow[]> {
  const from = Math.floor(period.from.getTime() / 1000);
  const to = Math.floor(period.to.getTime() / 1000);
  // The row as SQLite names it: the report's columns, first_purchases in snake case.
  const rows = await db.all<Omit<ConversionRow, "firstPurchases"> & { first_purchases: number }>(sql`
    SELECT v.page, v.slug, v.network,
      count(*) AS visits,
      sum(EXISTS (SELECT 1 FROM page_events e WHERE e.visit_id = v.id AND e.kind = 'bounce')) AS bounces,
      count(v.user_id) AS signups,
      sum(u.confirmed_at IS NOT NULL) AS activations,
      sum(u.premium_since IS NOT NULL) AS first_purchases
    FROM landing_visits v LEFT JOIN users u ON u.id = v.user_id
    WHERE v.site_id = ${siteId} AND v.created_at >= ${from} AND v.created_at < ${to}
    GROUP BY v.page, v.slug, v.network
    ORDER BY visits DESC, v.page, v.slug, v.network
    LIMIT ${REPORT_ROWS}`);
  return rows.map((row) => ({
    page: row.page,
    slug: row.slug,
    network: row.network,
    visits: Number(row.visits),
    bounces: Number(row.bounces ?? 0),
    signups: Number(row.signups),
    activations: Number(row.activations ?? 0),
    firstPurchases: Number(row.first_purchases ?? 0),
  }));
}

/** The rows added up (the report's last line). */
export function reportTotals(rows: readonly ConversionRow[]) {
  const sum = (key: "visits" | "bounces" | "signups" | "activations" | "firstPurchases") =>
    rows.reduce((total, row) => total + row[key], 0);
  return {
    visits: sum("visits"),
    bounces: sum("bounces"),
    signups: sum("signups"),
    activations: sum("activations"),
    firstPurchases: sum("firstPurchases"),
  };
}

/** A share as a percentage with one decimal (0 when nothing to divide by). */
export const percentage = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

const DAY = 24 * 60 * 60 * 1000;

/**
 * The period of the report's form: `from` and `to` as ISO days (both included), at most a year
 * apart; the last 30 days when missing or invalid.
 */
export function reportPeriod(fromDay: string | null, toDay: string | null, now: Date): Period & { fromDay: string; toDay: string } {
  const day = (value: string | null) =>
    value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? new Date(`${value}T00:00:00Z`) : null;
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  let to = day(toDay) ?? today;
  let from = day(fromDay) ?? new Date(to.getTime() - 29 * DAY);
  if (from > to) [from, to] = [to, from];
  if (to.getTime() - from.getTime() > 366 * DAY) from = new Date(to.getTime() - 366 * DAY);
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  return { from, to: new Date(to.getTime() + DAY), fromDay: iso(from), toDay: iso(to) };
}
