/**
 * Discount codes in the operator console (ADR 054): the list with their uses, a new code (general
 * or personal to one member) and expiring one. The codes themselves are checked at checkout by
 * app/payments/discount-codes.server.ts; a change here and its audit entry are one batch.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { normalizeDiscountCode } from "~/payments/discount";
import { auditIfChanged } from "./audit.server";
import type { DiscountCodeForm } from "./discount-code-schema";

export type CodeListItem = {
  id: number;
  siteId: number | null;
  code: string;
  country: string | null;
  userId: number | null;
  valuePercentage: number;
  currency: string | null;
  minimumOrderCents: number;
  paymentMethods: string | null;
  validitySeconds: number | null;
  expiresAt: number | null;
  status: string;
  used: number;
  reserved: number;
};

export async function listCodes(db: Database, limit = 200): Promise<CodeListItem[]> {
  return db.all<CodeListItem>(sql`
    SELECT d.id, d.site_id AS siteId, d.code, d.country, d.user_id AS userId, d.value_percentage AS valuePercentage, d.currency,
      d.minimum_order_cents AS minimumOrderCents, d.payment_methods AS paymentMethods, d.validity_seconds AS validitySeconds,
      d.expires_at AS expiresAt, d.status,
      (SELECT count(*) FROM discount_code_uses u WHERE u.code_id = d.id AND u.consumed_at IS NOT NULL) AS used,
      (SELECT count(*) FROM discount_code_uses u WHERE u.code_id = d.id AND u.consumed_at IS NULL) AS reserved
    FROM discount_codes d ORDER BY d.id DESC LIMIT ${limit}`);
}

export type CreateOutcome = { ok: true; id: number } | { ok: false; field: "code" | "userId" };

/**
 * Adds a code, unless the same text is already a code of that site (or of every site), and, for a
 * personal code, only when the member exists (on that site when one is given). Checked in the
 * INSERT itself, so two operators cannot add the same code side by side.
 */
export async function createCode(
  db: Database,
  actorUserId: number,
  form: DiscountCodeForm,
  endOfDay: (day: string) => number,
): Promise<CreateOutcome> {
  const code = normalizeDiscountCode(form.code);
  const siteId = form.siteId ?? null;
  const userId = form.userId ?? null;
  const values = {
    siteId,
    code,
    country: form.country?.toUpperCase() || null,
    userId,
    valuePercentage: form.valuePercentage,
    currency: form.currency?.toUpperCase() || null,
    minimumOrderCents: Math.round((form.minimumOrder ?? 0) * 100),
    paymentMethods: form.paymentMethods?.length ? form.paymentMethods : null,
    expiresAt: form.expires ? endOfDay(form.expires) : null,
    oncePerUser: form.oncePerUser === "on",
  };
  const memberOk =
    userId === null ? sql`1` : sql`EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND (${siteId} IS NULL OR site_id = ${siteId}))`;
  const [inserted] = await db.batch([
    db.all<{ id: number }>(sql`
      INSERT INTO discount_codes (site_id, code, country, user_id, value_percentage, currency, minimum_order_cents, payment_methods,
        expires_at, status, once_per_user)
      SELECT ${siteId}, ${code}, ${values.country}, ${userId}, ${values.valuePercentage}, ${values.currency}, ${values.minimumOrderCents},
        ${values.paymentMethods ? JSON.stringify(values.paymentMethods) : null}, ${values.expiresAt}, 'active', ${values.oncePerUser ? 1 : 0}
      WHERE ${memberOk} AND NOT EXISTS (SELECT 1 FROM discount_codes WHERE code = ${code} AND site_id IS ${siteId})
      RETURNING id`),
    auditIfChanged(db, {
      actorUserId,
      siteId,
      targetType: "discount_code",
      targetId: code,
      action: "create",
      before: null,
      after: values,
    }),
  ]);
  const [row] = inserted;
  if (row) return { ok: true, id: Number(row.id) };
  if (userId !== null) {
    const [member] = await db.all(sql`SELECT 1 FROM users WHERE id = ${userId} AND (${siteId} IS NULL OR site_id = ${siteId})`);
    if (!member) return { ok: false, field: "userId" };
  }
  return { ok: false, field: "code" };
}

/** Ends a code now: checkout no longer takes it; orders already started keep their discount. */
export async function expireCode(db: Database, actorUserId: number, codeId: number, now: Date): Promise<boolean> {
  const nowS = Math.floor(now.getTime() / 1000);
  const [changed] = await db.batch([
    db.all<{ code: string; siteId: number | null; expiresAt: number | null }>(sql`
      UPDATE discount_codes SET status = 'disabled', expires_at = min(coalesce(expires_at, ${nowS}), ${nowS})
      WHERE id = ${codeId} AND status = 'active' RETURNING code, site_id AS siteId, expires_at AS expiresAt`),
    db.run(sql`
      INSERT INTO admin_audit (actor_user_id, site_id, target_type, target_id, action, before, after)
      SELECT ${actorUserId}, site_id, 'discount_code', code, 'expire', json_object('status', 'active'), json_object('status', 'disabled')
      FROM discount_codes WHERE id = ${codeId} AND changes() > 0`),
  ]);
  return changed.length === 1;
}
