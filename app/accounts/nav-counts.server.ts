/** The badges of the top navigation (product.md §2): unread messages and new likes. */
import { and, eq, isNull, sql } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { visibleTo } from "~/profiles/visibility.server";

/** The two counting queries, to run in a batch (alone here, or with the rest of a page's chrome: member-chrome.server.ts). */
export function navCountQueries(db: Database, profileId: number, siteId: number) {
  return [
    db
      .select({ n: sql<number>`coalesce(sum(${schema.conversationMembers.unreadCount}), 0)` })
      .from(schema.conversationMembers)
      .where(and(eq(schema.conversationMembers.profileId, profileId), isNull(schema.conversationMembers.removedAt))),
    // Counts only likes from members the viewer may see, like the likes page does. Starts from the
    // member's likes and checks each liker by primary key, whatever the planner knows.
    db
      .select({ n: sql<number>`count(*)` })
      .from(schema.likes)
      .where(
        and(
          eq(schema.likes.likedId, profileId),
          eq(schema.likes.isNew, true),
          sql`EXISTS (SELECT 1 FROM ${schema.profiles} WHERE ${schema.profiles.id} = ${schema.likes.likerId} AND ${visibleTo(profileId, siteId)})`,
        ),
      ),
  ] as const;
}

export type NavCounts = { unreadMessages: number; newLikes: number };

export function readNavCounts(unread: { n: number }[], likes: { n: number }[]): NavCounts {
  return { unreadMessages: Number(unread[0]?.n ?? 0), newLikes: Number(likes[0]?.n ?? 0) };
}

export async function navCounts(db: Database, profileId: number, siteId: number): Promise<NavCounts> {
  const [unread, likes] = await db.batch(navCountQueries(db, profileId, siteId));
  return readNavCounts(unread, likes);
}
