/**
 * Acquisition in the operator console (ADR 055): the short links of product.md §2 (list with
 * their clicks, create, disable) and each site's trusted traffic networks (the `trafficNetworks`
 * setting). Each change and its audit entry are one batch; a link is disabled by ending it now
 * (its `expires_at`), so its clicks stay countable.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { isReservedShortLinkToken, isShortLinkToken } from "~/acquisition/short-link-token";
import { writeSiteSetting } from "~/admin/site-settings-writes.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { auditIfChanged } from "./audit.server";

export type ShortLinkRow = {
  id: number;
  siteId: number;
  token: string;
  target: string;
  label: string | null;
  expiresAt: number | null;
  createdAt: number;
  clicks: number;
};

/** The newest links, with their clicks, in one statement. */
export function shortLinks(db: Database, limit = 200): Promise<ShortLinkRow[]> {
  return db.all<ShortLinkRow>(sql`
    SELECT l.id, l.site_id AS siteId, l.token, l.target, l.label, l.expires_at AS expiresAt, l.created_at AS createdAt,
      (SELECT count(*) FROM short_link_clicks c WHERE c.link_id = l.id) AS clicks
    FROM short_links l ORDER BY l.id DESC LIMIT ${limit}`);
}

export type ShortLinkInput = { siteId: number; token: string; target: string; label: string; expiresAt: Date | null };

type FieldErrors = Record<string, string[]>;

/** The create form, checked as the short link route checks a link before it follows it. */
export function shortLinkOf(
  form: FormData,
  now: Date,
): { ok: true; value: Omit<ShortLinkInput, "siteId"> } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const token = String(form.get("token") ?? "").trim();
  const target = String(form.get("target") ?? "").trim();
  const label = String(form.get("label") ?? "").trim();
  const expires = String(form.get("expires") ?? "").trim();
  if (!isShortLinkToken(token)) errors.token = ["admin:acquisition.errors.token"];
  else if (isReservedShortLinkToken(token)) errors.token = ["admin:acquisition.errors.tokenReserved"];
  // The route follows only a path of the same site: what it would refuse is never stored.
  if (!target.startsWith("/") || target.length > 500 || safeRedirectPath(target, "") !== target)
    errors.target = ["admin:acquisition.errors.target"];
  if (label.length > 100) errors.label = ["admin:acquisition.errors.label"];
  let expiresAt: Date | null = null;
  if (expires) {
    expiresAt = /^\d{4}-\d{2}-\d{2}$/.test(expires) ? new Date(`${expires}T23:59:59Z`) : null;
    if (!expiresAt || Number.isNaN(expiresAt.getTime()) || expiresAt <= now) errors.expires = ["admin:acquisition.errors.expires"];
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { token, target, label, expiresAt } };
}

/** Creates a link with its audit entry; false when the site already has the token. */
export async function createShortLink(db: Database, input: ShortLinkInput & { actorUserId: number }): Promise<boolean> {
  const expiresAt = input.expiresAt ? Math.floor(input.expiresAt.getTime() / 1000) : null;
  const [created] = await db.batch([
    db.all<{ id: number }>(sql`
      INSERT INTO short_links (site_id, token, target, label, expires_at)
      VALUES (${input.siteId}, ${input.token}, ${input.target}, ${input.label || null}, ${expiresAt})
      ON CONFLICT (site_id, token) DO NOTHING RETURNING id`),
    auditIfChanged(db, {
      actorUserId: input.actorUserId,
      siteId: input.siteId,
      targetType: "short_link",
      targetId: input.token,
      action: "create",
      after: { token: input.token, target: input.target, label: input.label || null, expiresAt },
    }),
  ]);
  return created.length === 1;
}

/** Ends a link now (it then leads nowhere, like an expired one); false when it had already ended. */
export async function disableShortLink(db: Database, input: { actorUserId: number; linkId: number; now: Date }): Promise<boolean> {
  const now = Math.floor(input.now.getTime() / 1000);
  const [ended] = await db.batch([
    db.all<{ id: number }>(sql`
      UPDATE short_links SET expires_at = ${now}
      WHERE id = ${input.linkId} AND (expires_at IS NULL OR expires_at > ${now}) RETURNING id`),
    db.run(sql`
      INSERT INTO admin_audit (actor_user_id, site_id, target_type, target_id, action, before, after)
      SELECT ${input.actorUserId}, site_id, 'short_link', token, 'disable', NULL, json_object('expiresAt', expires_at)
      FROM short_links WHERE id = ${input.linkId} AND changes() > 0`),
  ]);
  return ended.length === 1;
}

/** The networks form: one a line (or separated by commas), as the `trafficNetworks` setting holds them. */
export function networksOf(form: FormData): string[] {
  return [
    ...new Set(
      String(form.get("networks") ?? "")
        .split(/[\n,]+/)
        .map((network) => network.trim())
        .filter(Boolean),
    ),
  ];
}

export function writeTrafficNetworks(db: Database, input: { actorUserId: number; siteId: number; networks: string[] }) {
  return writeSiteSetting(db, {
    actorUserId: input.actorUserId,
    siteId: input.siteId,
    setting: "trafficNetworks",
    value: input.networks,
    action: "traffic_networks",
  });
}
