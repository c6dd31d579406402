/**
 * The operator console's audit trail (ADR 054): every change made under /admin is a row in
 * `admin_audit` with who made it, when, what, and the values before and after. The row is written
 * in the same batch as the change (`auditIfChanged` right after the statement that changes), so a
 * change is never applied without its record nor recorded without being applied.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { MODERATION_TARGETS } from "./audit-kinds";

export type AuditInput = {
  actorUserId: number;
  siteId: number | null;
  targetType: string;
  targetId: string | number;
  action: string;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
};

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

function values(input: AuditInput): SQL {
  return sql`${input.actorUserId}, ${input.siteId}, ${input.targetType}, ${String(input.targetId)}, ${input.action},
    ${input.reason ?? null}, ${json(input.before)}, ${json(input.after)}`;
}

const COLUMNS = sql.raw("actor_user_id, site_id, target_type, target_id, action, reason, before, after");

/** The INSERT of an entry, for a batch: recorded only when the statement just before it changed a row. */
export function auditIfChanged(db: Database, input: AuditInput) {
  return db.run(sql`INSERT INTO admin_audit (${COLUMNS}) SELECT ${values(input)} WHERE changes() > 0`);
}

/** The INSERT of an entry that holds whatever came before it in the batch (a change guarded elsewhere). */
export function auditEntry(db: Database, input: AuditInput) {
  return db.run(sql`INSERT INTO admin_audit (${COLUMNS}) VALUES (${values(input)})`);
}

/** Which trail an entry comes from: the console's (`admin_audit`) or a moderator's (`moderation_actions`, ADR 013). */
export type AuditSource = "admin" | "moderation";

export type AuditListItem = {
  source: AuditSource;
  id: number;
  actor: string;
  siteId: number | null;
  targetType: string;
  targetId: string;
  action: string;
  reason: string | null;
  before: string | null;
  after: string | null;
  createdAt: number;
};

export const AUDIT_PAGE_SIZE = 50;

/** Where a page of the trail ends: the next page starts after this entry (newest first). */
export type AuditCursor = { createdAt: number; source: AuditSource; id: number };

export function auditCursorOf(value: string | null): AuditCursor | undefined {
  const match = /^(\d{1,12})\.(admin|moderation)\.(\d{1,12})$/.exec(value ?? "");
  return match ? { createdAt: Number(match[1]), source: match[2] as AuditSource, id: Number(match[3]) } : undefined;
}

export const auditCursorText = (cursor: AuditCursor) => `${cursor.createdAt}.${cursor.source}.${cursor.id}`;

/**
 * One trail of both: the console's changes and the moderators' decisions, newest first, a page at
 * a time (keyset on time, trail and id, so pages neither skip nor repeat an entry). `query`
 * matches the target's id, the action, the kind of target, the actor's address or the reason;
 * `targetType` keeps one kind ("moderation": every moderator's decision).
 */
export async function searchAudit(
  db: Database,
  filter: { query?: string; targetType?: string; before?: AuditCursor },
): Promise<{ items: AuditListItem[]; next: string | null }> {
  const query = filter.query?.trim();
  const pattern = query ? `%${query.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  const matching = (table: string, id: SQL) =>
    pattern === null
      ? sql`1`
      : sql`(${id} = ${query} OR ${sql.raw(table)}.action LIKE ${pattern} ESCAPE '\\' OR ${sql.raw(table)}.reason LIKE ${pattern} ESCAPE '\\'
          OR u.email LIKE ${pattern} ESCAPE '\\' OR ${sql.raw(table)}.target_type LIKE ${query})`;
  const after = (source: AuditSource, table: string) =>
    filter.before
      ? sql`(${sql.raw(table)}.created_at, ${source}, ${sql.raw(table)}.id) < (${filter.before.createdAt}, ${filter.before.source}, ${filter.before.id})`
      : sql`1`;
  const type = filter.targetType;
  const moderationOnly = type === "moderation" || (MODERATION_TARGETS as readonly string[]).includes(type ?? "");
  const adminType = type && !moderationOnly ? sql`a.target_type = ${type}` : sql`1`;
  const moderationType = type && type !== "moderation" ? sql`m.target_type = ${type}` : sql`1`;
  const limit = AUDIT_PAGE_SIZE + 1;
  const admin = sql`
    SELECT * FROM (
      SELECT 'admin' AS source, a.id, u.email AS actor, a.site_id AS siteId, a.target_type AS targetType, a.target_id AS targetId,
        a.action, a.reason, a.before, a.after, a.created_at AS createdAt
      FROM admin_audit a JOIN users u ON u.id = a.actor_user_id
      WHERE ${adminType} AND ${matching("a", sql`a.target_id`)} AND ${after("admin", "a")}
      ORDER BY a.created_at DESC, a.id DESC LIMIT ${limit})`;
  const moderation = sql`
    SELECT * FROM (
      SELECT 'moderation' AS source, m.id, u.email AS actor, m.site_id AS siteId, m.target_type AS targetType,
        CAST(m.target_id AS TEXT) AS targetId, m.action, m.reason, NULL AS before, NULL AS after, m.created_at AS createdAt
      FROM moderation_actions m JOIN users u ON u.id = m.moderator_user_id
      WHERE ${moderationType} AND ${matching("m", sql`CAST(m.target_id AS TEXT)`)} AND ${after("moderation", "m")}
      ORDER BY m.created_at DESC, m.id DESC LIMIT ${limit})`;
  const branches = type ? [moderationOnly ? moderation : admin] : [admin, moderation];
  const rows = await db.all<AuditListItem>(sql`
    SELECT * FROM (${sql.join(branches, sql` UNION ALL `)})
    ORDER BY createdAt DESC, source DESC, id DESC LIMIT ${limit}`);
  const items = rows.slice(0, AUDIT_PAGE_SIZE).map((row) => ({ ...row, id: Number(row.id), createdAt: Number(row.createdAt) }));
  const last = items.at(-1);
  return { items, next: rows.length > AUDIT_PAGE_SIZE && last ? auditCursorText(last) : null };
}
