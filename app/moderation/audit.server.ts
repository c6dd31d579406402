/**
 * The audit trail of moderation (docs/decisions/013): every decision of a moderator is a row in
 * `moderation_actions`, written in the same batch as the change it records, so a decision is never
 * applied without its record nor recorded without being applied.
 */
import { sql } from "drizzle-orm";
import type { schema, Database } from "~/db/client.server";

export type ModerationTarget = (typeof schema.moderationActions.$inferInsert)["targetType"];

export type ModerationActionInput = {
  siteId: number;
  moderatorUserId: number;
  targetType: ModerationTarget;
  targetId: number;
  /** e.g. "approve", "reject", "remove_text", "approve_text", "status:closed". */
  action: string;
  reason?: string | null;
};

/**
 * The INSERT of an action, for a batch: recorded only when the statement just before it changed a
 * row (`changes() = 1`), i.e. when the decision really took effect.
 */
export function recordIfChanged(db: Database, input: ModerationActionInput) {
  return db.run(sql`
    INSERT INTO moderation_actions (site_id, moderator_user_id, target_type, target_id, action, reason)
    SELECT ${input.siteId}, ${input.moderatorUserId}, ${input.targetType}, ${input.targetId}, ${input.action}, ${input.reason ?? null}
    WHERE changes() = 1`);
}
