/**
 * The operator console's audit trail (ADR 054): every change made under /admin is a row in
 * `admin_audit` with who made it, when, what, and the values before and after. The row is written
 * in the same batch as the change (`auditIfChanged` right after the statement that changes), so a
 * change is never applied without its record nor recorded without being applied.
 */
import { and, desc, eq, like, lt, or, sql, type SQL } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";

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

export type AuditListItem = {
  id: number;
  actor: string;
  siteId: number | null;
  targetType: string;
  targetId: string;
  action: string;
  reason: string | null;
  before: string | null;
  after: string | null;
  createdAt: Date;
};

export const AUDIT_PAGE_SIZE = 50;

/**
 * The newest entries first, one page at a time (keyset on the id: `before` is the last id of the
 * previous page). `query` matches the target ("user 42", "order 7" or a bare id), the action, the
 * actor's address or the reason.
 */
export async function searchAudit(
  db: Database,
  filter: { query?: string; targetType?: string; beforeId?: number },
): Promise<{ items: AuditListItem[]; nextBefore: number | null }> {
  const { adminAudit, users } = schema;
  const conditions: SQL[] = [];
  if (filter.targetType) conditions.push(eq(adminAudit.targetType, filter.targetType));
  if (filter.beforeId) conditions.push(lt(adminAudit.id, filter.beforeId));
  const query = filter.query?.trim();
  if (query) {
    const pattern = `%${query.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    const match = or(
      eq(adminAudit.targetId, query),
      sql`${adminAudit.action} LIKE ${pattern} ESCAPE '\\'`,
      sql`${adminAudit.reason} LIKE ${pattern} ESCAPE '\\'`,
      sql`${users.email} LIKE ${pattern} ESCAPE '\\'`,
      like(adminAudit.targetType, query),
    );
    if (match) conditions.push(match);
  }
  const rows = await db
    .select({
      id: adminAudit.id,
      actor: users.email,
      siteId: adminAudit.siteId,
      targetType: adminAudit.targetType,
      targetId: adminAudit.targetId,
      action: adminAudit.action,
      reason: adminAudit.reason,
      before: sql<string | null>`${adminAudit.before}`,
      after: sql<string | null>`${adminAudit.after}`,
      createdAt: adminAudit.createdAt,
    })
    .from(adminAudit)
    .innerJoin(users, eq(users.id, adminAudit.actorUserId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(adminAudit.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const items = rows.slice(0, AUDIT_PAGE_SIZE);
  return { items, nextBefore: rows.length > AUDIT_PAGE_SIZE ? (items.at(-1)?.id ?? null) : null };
}
