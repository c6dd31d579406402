/**
 * Blocking (PRODUCT.md "Discovery and contact"): mutual in effect. Neither side sees the other in
 * search, likes or chats, and their profiles answer each other with the same 404 as a profile that
 * does not exist. The effects come from `visibleTo` (visibility.server.ts), which every list and
 * page applies; this module only records and removes blocks. Unblocking restores everything
 * (likes and matches are kept, merely hidden while the block lasts).
 */
import { and, asc, eq, ne } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";

const { blocks, profiles } = schema;

export type BlockOutcome = { ok: true; blocked: boolean } | { ok: false; reason: "not_found" | "self" };

/**
 * A member of the same site that can be blocked: any existing, not deleted profile, also one that
 * already blocked the member (blocking back must stay possible, e.g. from a chat).
 */
async function blockableProfile(db: Database, profileId: number, siteId: number) {
  return db.query.profiles.findFirst({
    columns: { id: true },
    where: and(eq(profiles.id, profileId), eq(profiles.siteId, siteId), ne(profiles.status, "deleted")),
  });
}

export async function blockProfile(
  db: Database,
  input: { blockerProfileId: number; blockedProfileId: number; siteId: number; now: Date },
): Promise<BlockOutcome> {
  if (input.blockerProfileId === input.blockedProfileId) return { ok: false, reason: "self" };
  if (!(await blockableProfile(db, input.blockedProfileId, input.siteId))) return { ok: false, reason: "not_found" };
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
