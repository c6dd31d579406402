/**
 * Profiles shown to visitors on the home page: recently active, visible members with an approved photo.
 */
import { desc, isNotNull, and } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { cardColumns, cardJoins, toProfileCard } from "~/profiles/profile-card.server";
import { visibleTo } from "~/profiles/visibility.server";

export async function featuredProfiles(db: Database, siteId: number, now: Date, limit = 12) {
  const { profiles, photos, regions } = schema;
  const rows = await db
    .select(cardColumns)
    .from(profiles)
    .innerJoin(photos, cardJoins.photo)
    .leftJoin(regions, cardJoins.region)
    .where(and(visibleTo(null, siteId), isNotNull(profiles.mainPhotoId)))
    .orderBy(desc(profiles.lastActiveAt))
    .limit(limit);
  return rows.map((row) => toProfileCard(row, now));
}
