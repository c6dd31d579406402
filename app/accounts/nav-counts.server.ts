/** The badges of the top navigation (product.md §2): unread messages and new likes. */
import { and, eq, isNull, sql } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { visibleTo } from "~/profiles/visibility.server";

/** Counts only likes from members the viewer may see, like the likes page does. */
export async function navCounts(db: Database, profileId: number, siteId: number) {
  const [unread, likes] = await db.batch([
    db
      .select({ n: sql<number>`coalesce(sum(${schema.conversationMembers.unreadCount}), 0)` })
      .from(schema.conversationMembers)
      .where(and(eq(schema.conversationMembers.profileId, profileId), isNull(schema.conversationMembers.removedAt))),
    // Starts from the member's likes and checks each liker by primary key, whatever the planner knows.
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
  ]);
  return { unreadMessages: Number(unread[0]?.n ?? 0), newLikes: Number(likes[0]?.n ?? 0) };
}
