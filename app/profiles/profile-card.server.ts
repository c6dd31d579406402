/**
 * The profile card every list shows (search tiles, likes, related profiles, home page): name, age,
 * region, thumbnail of the approved public main photo, fictional flag. Never an e-mail, a date of
 * birth or a private photo key.
 */
import { and, eq, type SQL } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/sqlite-core";
import { schema, type Database } from "~/db/client.server";
import { ageOn } from "~/profiles/age";
import { visibleTo } from "~/profiles/visibility.server";

const { profiles, photos, regions } = schema;

/** Columns to select for a card; join with `cardJoins` (photos, regions). */
export const cardColumns = {
  id: profiles.id,
  name: profiles.name,
  gender: profiles.gender,
  birthDate: profiles.birthDate,
  country: profiles.country,
  fictional: profiles.fictional,
  lastActiveAt: profiles.lastActiveAt,
  region: regions.name,
  thumbKey: photos.thumbKey,
};

/** The joins a card needs: the public, approved main photo (if any) and the region. */
export const cardJoins = {
  photo: and(eq(photos.id, profiles.mainPhotoId), eq(photos.status, "active"), eq(photos.private, false))!,
  region: eq(regions.id, profiles.regionId),
};

/**
 * The card query of the lists that suggest members (swipe game, match finder, related profiles,
 * auto-like): the cards of the profiles `viewer` may see that meet `conditions`, with `extra`
 * columns when a list needs more. Chain `orderBy` and `limit`.
 */
export function visibleCards<Extra extends SelectedFields>(
  db: Database,
  viewer: { profileId: number | null; siteId: number },
  conditions: (SQL | undefined)[],
  extra: Extra = {} as Extra,
) {
  return db
    .select({ ...cardColumns, ...extra })
    .from(profiles)
    .leftJoin(photos, cardJoins.photo)
    .leftJoin(regions, cardJoins.region)
    .where(and(visibleTo(viewer.profileId, viewer.siteId), ...conditions));
}

export type ProfileCard = {
  id: number;
  name: string;
  age: number;
  gender: "male" | "female";
  country: string;
  region: string | null;
  photoUrl: string | null;
  fictional: boolean;
  /** Active within the last 15 minutes. */
  online: boolean;
};

type CardRow = {
  id: number;
  name: string;
  gender: "male" | "female";
  birthDate: string;
  country: string;
  fictional: boolean;
  lastActiveAt: Date;
  region: string | null;
  thumbKey: string | null;
};

export function toProfileCard(row: CardRow, now: Date): ProfileCard {
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.birthDate, now),
    gender: row.gender,
    country: row.country,
    region: row.region,
    photoUrl: row.thumbKey ? `/${row.thumbKey}` : null,
    fictional: row.fictional,
    online: now.getTime() - row.lastActiveAt.getTime() < 15 * 60 * 1000,
  };
}
