/**
 * The one way credits move (no other code changes a balance): a ledger row per change with a
 * unique cause key ("signup:7", "order:42", "message:1001"), and the cached balance on `users`
 * updated in the same atomic batch. A retry with the same cause changes nothing; spending never
 * takes a balance below zero and is refused while spending is blocked (after a charge-back).
 */
import { eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { schema, type Database } from "~/db/client.server";

export type LedgerReason = "signup" | "purchase" | "message" | "photo" | "gift" | "chargeback" | "refund" | "adjustment";

export type LedgerResult = (
  | { status: "applied" }
  | { status: "duplicate" }
  | { status: "insufficient" }
  /** The change's `guard` did not hold: nothing moved. */
  | { status: "refused" }
) & {
  balance: number;
  /** What each of the call's `effects` returned, in order: the rows of a SELECT among them (read in the same transaction). */
  effectResults: unknown[];
  /** What each of the `before` statements returned, in order (a renewal's RETURNING rows, ADR 059). */
  beforeResults: unknown[];
  /** Whether the `guard` held when the batch began, also for a duplicate (which answers without it). */
  guardHeld: boolean;
};

/**
 * The guard of an effect that must happen exactly when this call moves the balance (the message a
 * member pays for): true right after the balance update only if the ledger row is new. Each
 * further effect guards on the change of the one before it, so the chain stays in step.
 */
export const balanceMoved: SQL = sql`changes() > 0`;

/** The guard of a `before` statement: true while no ledger row has this cause yet. */
export const causeIsNew = (causeKey: string): SQL => sql`NOT EXISTS (SELECT 1 FROM credit_ledger WHERE cause_key = ${causeKey})`;

/**
 * Moves credits. `effects` run in the same transaction, right after the balance update: what the
 * credits pay for is stored if and only if they are taken (see `balanceMoved`).
 */
export async function applyCredits(
  db: Database,
  change: {
    userId: number;
    delta: number;
    reason: LedgerReason;
    causeKey: string;
    /**
     * A rule the change must also meet, checked in the same statement that records it (a free
     * member's conversation cap): limits that hold however many requests run side by side.
     */
    guard?: SQL;
  },
  effects: BatchItem<"sqlite">[] = [],
  /**
   * Statements that run first, in the same transaction, while the balance is still the old one
   * (a charge-back records what it cannot take back). Guard them with `causeIsNew(causeKey)`.
   */
  before: BatchItem<"sqlite">[] = [],
): Promise<LedgerResult> {
  const { userId, delta, reason, causeKey } = change;
  const guard = change.guard ?? sql`1`;
  const spending = delta < 0 && reason !== "chargeback" && reason !== "refund";
  // A zero change is only a record (a reversed charge-back whose credits had all become debt).
  if (!Number.isInteger(delta) || (delta === 0 && reason !== "adjustment")) throw new Error(`invalid credit change ${delta}`);
  // Charge-backs and refunds may take more than is left: the balance stops at zero, and the row
  // records what was really taken, so a balance is always the sum of its ledger (the books).
  const floorAtZero = delta < 0 && !spending;

  // One batch is one transaction: nothing can slip in between these statements.
  const results = await db.batch([
    db.all<{ existed: number; allowed: number }>(
      sql`SELECT count(*) AS existed, (${guard}) AS allowed FROM credit_ledger WHERE cause_key = ${causeKey}`,
    ),
    ...before,
    db.run(sql`
      INSERT INTO credit_ledger (user_id, delta, balance_after, reason, cause_key)
      SELECT id, ${floorAtZero ? sql`max(credits + ${delta}, 0) - credits` : sql`${delta}`},
        ${floorAtZero ? sql`max(credits + ${delta}, 0)` : sql`credits + ${delta}`}, ${reason}, ${causeKey}
      FROM users
      WHERE id = ${userId} AND (${guard})
        ${spending ? sql`AND credits + ${delta} >= 0 AND spending_blocked = 0` : sql``}
      ON CONFLICT (cause_key) DO NOTHING`),
    // changes() is the row count of the INSERT just above: only a new ledger row moves the balance.
    db.run(sql`
      UPDATE users SET credits = (SELECT balance_after FROM credit_ledger WHERE cause_key = ${causeKey})
      WHERE id = ${userId} AND changes() = 1`),
    ...effects,
    db.all<{ credits: number; recorded: number }>(sql`
      SELECT credits, (SELECT count(*) FROM credit_ledger WHERE cause_key = ${causeKey}) AS recorded
      FROM users WHERE id = ${userId}`),
  ]);
  const [first] = results[0] as { existed: number; allowed: number }[];
  const after = results[results.length - 1] as { credits: number; recorded: number }[];
  const row = after[0];
  if (!row) throw new Error(`no user ${userId}`);
  // The effects run right before the closing balance read.
  const outcome = {
    balance: Number(row.credits),
    effectResults: results.slice(results.length - 1 - effects.length, -1),
    beforeResults: results.slice(1, 1 + before.length),
    guardHeld: Boolean(Number(first?.allowed)),
  };
  if (Number(first?.existed ?? 0) > 0) return { status: "duplicate", ...outcome };
  if (!outcome.guardHeld) return { status: "refused", ...outcome };
  if (Number(row.recorded) === 0) return { status: "insufficient", ...outcome };
  return { status: "applied", ...outcome };
}

/** A member's balance as it is now (the cached balance the ledger keeps in step). */
export async function balanceOf(db: Database, userId: number): Promise<number> {
  const row = await db.query.users.findFirst({ columns: { credits: true }, where: eq(schema.users.id, userId) });
  return row?.credits ?? 0;
}
