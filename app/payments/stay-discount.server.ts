/**
 * The stay discount (issue 30, product.md §3 "Company info: delete_discount"): a member about to
 * delete their account who chooses to stay gets a personal discount code of the company's
 * `delete_discount` percent, once. It is an ordinary personal discount code (`discount_codes` with
 * the member's `user_id`, used once), so the checkout's own check applies it (discount-codes.server.ts)
 * and nobody else can use it. /credits shows it while it can still be used.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";

/** Stay codes start with this; with the member's `user_id` it tells a member's stay code apart. */
export const STAY_CODE_PREFIX = "STAY";

/** How long a stay code can be used. */
export const STAY_CODE_DAYS = 30;

export type StayCode = { code: string; percent: number; expiresAt: Date };

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function newStayCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return STAY_CODE_PREFIX + Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

const ownStayCodes = (userId: number) => sql`user_id = ${userId} AND code LIKE ${`${STAY_CODE_PREFIX}%`} AND validity_seconds IS NULL`;

/**
 * Gives the member their stay code: made now if they never had one (checked in the insert itself,
 * so two clicks at once make one code), or the one they got before, used or not. Null when the
 * company offers no stay discount.
 */
export async function grantStayDiscount(
  db: Database,
  input: { siteId: number; userId: number; percent: number; now: Date },
): Promise<{ code: string } | null> {
  if (!Number.isInteger(input.percent) || input.percent <= 0 || input.percent > 100) return null;
  const expires = seconds(input.now) + STAY_CODE_DAYS * 86_400;
  const [, rows] = await db.batch([
    db.run(sql`
      INSERT INTO discount_codes (site_id, code, user_id, value_percentage, expires_at, status, once_per_user, created_at)
      SELECT ${input.siteId}, ${newStayCode()}, ${input.userId}, ${input.percent}, ${expires}, 'active', 1, ${seconds(input.now)}
      WHERE NOT EXISTS (SELECT 1 FROM discount_codes WHERE ${ownStayCodes(input.userId)})
      ON CONFLICT DO NOTHING`),
    db.all<{ code: string }>(sql`SELECT code FROM discount_codes WHERE ${ownStayCodes(input.userId)} ORDER BY id LIMIT 1`),
  ]);
  return rows[0] ?? null;
}

/** The member's stay code while it can still be used: not expired, not used by a paid order. */
export async function usableStayCode(db: Database, input: { userId: number; now: Date }): Promise<StayCode | null> {
  const [row] = await db.all<{ code: string; percent: number; expiresAt: number }>(sql`
    SELECT dc.code, dc.value_percentage AS percent, dc.expires_at AS expiresAt
    FROM discount_codes dc
    WHERE dc.user_id = ${input.userId} AND dc.code LIKE ${`${STAY_CODE_PREFIX}%`} AND dc.validity_seconds IS NULL
      AND dc.status = 'active' AND dc.expires_at > ${seconds(input.now)}
      AND NOT EXISTS (SELECT 1 FROM discount_code_uses u WHERE u.code_id = dc.id AND u.consumed_at IS NOT NULL)
    ORDER BY dc.id LIMIT 1`);
  return row ? { code: row.code, percent: Number(row.percent), expiresAt: new Date(Number(row.expiresAt) * 1000) } : null;
}
