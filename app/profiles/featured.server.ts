/**
 * Profiles shown to visitors on the home page: recently active members with an approved photo.
 */
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { ageOn } from "~/profiles/age";

export async function featuredProfiles(db: Database, siteId: number, now: Date, limit = 12) {
  const { profiles, photos, regions } = schema;
  const rows = await db
    .select({
      id: profiles.id,
      name: profiles.name,
      birthDate: profiles.birthDate,
      fictional: profiles.fictional,
      region: regions.name,
      thumbKey: photos.thumbKey,
    })
    .from(profiles)
    .innerJoin(photos, and(eq(photos.id, profiles.mainPhotoId), eq(photos.status, "active"), eq(photos.private, false)))
    .leftJoin(regions, eq(regions.id, profiles.regionId))
    .where(and(eq(profiles.siteId, siteId), eq(profiles.status, "active"), isNotNull(profiles.mainPhotoId)))
    .orderBy(desc(profiles.lastActiveAt))
    .limit(limit);
  return rows.map(({ birthDate, thumbKey, ...row }) => ({ ...row, age: ageOn(birthDate, now), photoUrl: `/${thumbKey}` }));
}
