/**
 * Blocking (product.md §10 "Discovery and contact"): mutual in effect. Neither side sees the other
 * in search, likes or chats, and their profiles answer each other with the same 404 as a profile
 * that does not exist. The effects come from `visibleTo` (visibility.server.ts), which every list
 * and page applies; this module only records and removes blocks. Unblocking restores everything
 * (likes and matches are kept, merely hidden while the block lasts).
 */
import { and, asc, eq, exists, ne, or } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { reachableBy, visibleTo } from "./visibility.server";

const { blocks, conversations, profiles } = schema;

export type BlockOutcome = { ok: true; blocked: boolean } | { ok: false; reason: "not_found" | "self" };

/**
 * A member someone can block: one they can see (`visibleTo`), one they still chat with (invisible
 * mode does not end conversations), or one they blocked already (blocking twice changes nothing).
 * Anyone else (unknown, deleted, unconfirmed, invisible, or one who blocked them) is "not found",
 * so the answer never tells whether a hidden profile exists. A member who was blocked does not
 * need to block back: the pair is already hidden from each other everywhere.
 */
async function isBlockable(db: Database, input: { blockerProfileId: number; blockedProfileId: number; siteId: number }) {
  const { blockerProfileId, blockedProfileId, siteId } = input;
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        eq(profiles.id, blockedProfileId),
        or(
          visibleTo(blockerProfileId, siteId),
          and(
            reachableBy(blockerProfileId, siteId),
            exists(
              db
                .select({ id: conversations.id })
                .from(conversations)
                .where(
                  or(
                    and(eq(conversations.starterId, blockerProfileId), eq(conversations.recipientId, profiles.id)),
                    and(eq(conversations.starterId, profiles.id), eq(conversations.recipientId, blockerProfileId)),
                  ),
                ),
            ),
          ),
          exists(
            db
              .select({ id: blocks.blockedId })
              .from(blocks)
              .where(and(eq(blocks.blockerId, blockerProfileId), eq(blocks.blockedId, profiles.id))),
          ),
        ),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function blockProfile(
  db: Database,
  input: { blockerProfileId: number; blockedProfileId: number; siteId: number; now: Date },
): Promise<BlockOutcome> {
  if (input.blockerProfileId === input.blockedProfileId) return { ok: false, reason: "self" };
  if (!(await isBlockable(db, input))) return { ok: false, reason: "not_found" };
  await db
    .insert(blocks)
    .values({ blockerId: input.blockerProfileId, blockedId: input.blockedProfileId, createdAt: input.now })
    .onConflictDoNothing();
  return { ok: true, blocked: true };
}

/** Removes the member's own block; a block the other side made stays (it is theirs to lift). */
export async function unblockProfile(db: Database, input: { blockerProfileId: number; blockedProfileId: number }): Promise<BlockOutcome> {
  if (input.blockerProfileId === input.blockedProfileId) return { ok: false, reason: "self" };
  await db.delete(blocks).where(and(eq(blocks.blockerId, input.blockerProfileId), eq(blocks.blockedId, input.blockedProfileId)));
  return { ok: true, blocked: false };
}

export type BlockedMember = { id: number; name: string; blockedAt: string };

/** The members someone blocked, oldest block first (the list in settings with unblock buttons). */
export async function listBlocked(db: Database, blockerProfileId: number): Promise<BlockedMember[]> {
  const rows = await db
    .select({ id: profiles.id, name: profiles.name, blockedAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(profiles, eq(profiles.id, blocks.blockedId))
    .where(and(eq(blocks.blockerId, blockerProfileId), ne(profiles.status, "deleted")))
    .orderBy(asc(blocks.createdAt), asc(profiles.id));
  return rows.map((row) => ({ id: row.id, name: row.name, blockedAt: row.blockedAt.toISOString() }));
}
