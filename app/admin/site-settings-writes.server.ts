/**
 * Every change an operator makes to a site (ADR 054) goes through `writeSite`: a new site with its
 * host name, or new settings, names and hosts of one. The settings are validated by the schema the
 * app reads them with (site-settings.ts), so a setting the app would refuse is never stored; the
 * change and its audit entry are one batch; afterwards this isolate forgets its copy of the sites
 * (`forgetSites`), which is where a cross-isolate invalidation hooks in.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { auditIfChanged } from "~/admin/audit.server";
import { siteSettingsSchema } from "~/sites/site-settings";
import { forgetSites } from "~/sites/site.server";

export type SiteWrite = {
  key: string;
  name: string;
  domain: string;
  domainLanguage: string;
  /** Every host name the site answers on (the domain among them). */
  hosts: string[];
  settings: unknown;
};

export type SiteWriteOutcome =
  | { ok: true; siteId: number }
  | { ok: false; field: "key" | "hosts" | "settings"; message: string; path?: string };

/**
 * The version of a site's stored settings, for the console's form to send back: saving the whole
 * settings over a version another operator (or the prices or acquisition page) changed meanwhile
 * would silently undo their change.
 */
export async function settingsVersion(settings: unknown): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(settings)));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

type SiteRow = { id: number; key: string; name: string; domain: string; domainLanguage: string; settings: string; hosts: string | null };

async function siteRow(db: Database, siteId: number): Promise<SiteRow | null> {
  const [row] = await db.all<SiteRow>(sql`
    SELECT s.id, s.key, s.name, s.domain, s.domain_language AS domainLanguage, s.settings,
      (SELECT json_group_array(host) FROM site_hosts WHERE site_id = s.id) AS hosts
    FROM sites s WHERE s.id = ${siteId}`);
  return row ?? null;
}

/** Creates a site (`siteId` null) or changes one; nothing is stored when anything is refused. */
export async function writeSite(
  db: Database,
  input: {
    actorUserId: number;
    siteId: number | null;
    site: SiteWrite;
    /** The `settingsVersion` the operator's form was loaded with; the save is refused when the settings changed since. */
    loadedVersion?: string;
  },
): Promise<SiteWriteOutcome> {
  const parsed = siteSettingsSchema.safeParse(input.site.settings);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      field: "settings",
      message: "admin:sites.errors.settings",
      path: issue ? `${issue.path.join(".")}: ${issue.message}` : "",
    };
  }
  const site = { ...input.site, hosts: [...new Set([input.site.domain, ...input.site.hosts].map((host) => host.toLowerCase()))] };
  const settings = JSON.stringify(input.site.settings);
  const before = input.siteId === null ? null : await siteRow(db, input.siteId);
  if (input.siteId !== null && !before) return { ok: false, field: "key", message: "admin:errors.stale" };
  const changed = { ok: false, field: "settings", message: "admin:sites.errors.changed" } as const;
  if (before && input.loadedVersion !== undefined && (await settingsVersion(JSON.parse(before.settings))) !== input.loadedVersion)
    return changed;

  // A host of another site, or a key another site has, refuses the whole change.
  const [clash] = await db.all<{ what: string }>(sql`
    SELECT 'hosts' AS what FROM site_hosts WHERE host IN (${sql.join(
      site.hosts.map((host) => sql`${host}`),
      sql`, `,
    )}) AND site_id IS NOT ${input.siteId}
    UNION ALL SELECT 'key' FROM sites WHERE key = ${site.key} AND id IS NOT ${input.siteId}
    LIMIT 1`);
  if (clash)
    return clash.what === "key"
      ? { ok: false, field: "key", message: "admin:sites.errors.keyTaken" }
      : { ok: false, field: "hosts", message: "admin:sites.errors.hostTaken" };

  const beforeValues = before ? { ...before, settings: JSON.parse(before.settings), hosts: JSON.parse(before.hosts ?? "[]") } : null;
  const afterValues = { ...site, settings: input.site.settings };
  try {
    if (input.siteId === null) {
      const [created] = await db.batch([
        db.all<{ id: number }>(sql`
          INSERT INTO sites (key, name, domain, domain_language, company_id, is_default, settings)
          SELECT ${site.key}, ${site.name}, ${site.domain}, ${site.domainLanguage}, (SELECT min(id) FROM companies), 0, ${settings}
          RETURNING id`),
        db.run(
          sql`INSERT INTO site_hosts (host, site_id) SELECT value, (SELECT id FROM sites WHERE key = ${site.key}) FROM json_each(${JSON.stringify(site.hosts)})`,
        ),
        db.run(sql`
          INSERT INTO admin_audit (actor_user_id, site_id, target_type, target_id, action, before, after)
          SELECT ${input.actorUserId}, id, 'site', CAST(id AS TEXT), 'create', NULL, ${JSON.stringify(afterValues)} FROM sites WHERE key = ${site.key}`),
      ]);
      forgetSites();
      return { ok: true, siteId: Number(created[0]?.id) };
    }
    const siteId = input.siteId;
    // The settings must still be the ones read above when the batch runs (a save in between is
    // not undone); each statement after the UPDATE runs only when the one before it changed rows
    // (a site always has a host, its domain).
    const [updated] = await db.batch([
      db.all<{ id: number }>(sql`
        UPDATE sites SET key = ${site.key}, name = ${site.name}, domain = ${site.domain}, domain_language = ${site.domainLanguage}, settings = ${settings}
        WHERE id = ${siteId} AND settings = ${before?.settings ?? null}
        RETURNING id`),
      db.run(sql`DELETE FROM site_hosts WHERE site_id = ${siteId} AND changes() > 0`),
      db.run(
        sql`INSERT INTO site_hosts (host, site_id) SELECT value, ${siteId} FROM json_each(${JSON.stringify(site.hosts)}) WHERE changes() > 0`,
      ),
      auditIfChanged(db, {
        actorUserId: input.actorUserId,
        siteId,
        targetType: "site",
        targetId: siteId,
        action: "update",
        before: beforeValues,
        after: afterValues,
      }),
    ]);
    if (updated.length === 0) return changed;
    forgetSites();
    return { ok: true, siteId };
  } catch (error) {
    // Another operator took the host or key between the check and the batch: the batch rolled back.
    if (String(error).includes("UNIQUE")) return { ok: false, field: "hosts", message: "admin:sites.errors.hostTaken" };
    throw error;
  }
}

/**
 * Changes one setting of a site (the console's prices and acquisition pages): the whole settings
 * with the new value must pass the schema the app reads them with; only that setting changes in
 * the stored JSON (an operator saving another setting at the same moment loses nothing); the audit
 * entry's `before` is read in the same transaction. "no_site": there is no such site.
 */
export async function writeSiteSetting(
  db: Database,
  input: { actorUserId: number; siteId: number; setting: string; value: unknown; action: string },
): Promise<"saved" | "invalid" | "no_site"> {
  const [row] = await db.all<{ settings: string }>(sql`SELECT settings FROM sites WHERE id = ${input.siteId}`);
  if (!row) return "no_site";
  const settings = { ...(JSON.parse(row.settings) as Record<string, unknown>), [input.setting]: input.value };
  if (!siteSettingsSchema.safeParse(settings).success) return "invalid";
  const path = `$.${input.setting}`;
  const value = JSON.stringify(input.value);
  const [, changed] = await db.batch([
    db.run(sql`
      INSERT INTO admin_audit (actor_user_id, site_id, target_type, target_id, action, before, after)
      SELECT ${input.actorUserId}, id, 'site', CAST(id AS TEXT), ${input.action},
        json_object(${input.setting}, json_extract(settings, ${path})), json_object(${input.setting}, json(${value}))
      FROM sites WHERE id = ${input.siteId}`),
    db.all(sql`UPDATE sites SET settings = json_set(settings, ${path}, json(${value})) WHERE id = ${input.siteId} RETURNING id`),
  ]);
  forgetSites();
  return changed.length === 1 ? "saved" : "no_site";
}

/** Whether a site exists, read from the database (a site made a moment ago may not be in this isolate's copy yet). */
export async function siteExists(db: Database, siteId: number): Promise<boolean> {
  return (await db.all(sql`SELECT 1 FROM sites WHERE id = ${siteId}`)).length === 1;
}
