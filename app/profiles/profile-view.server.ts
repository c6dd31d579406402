/**
 * The profile view (product.md §2 "Profile view", /members/{id} and /likes/m/{id}): photo header,
 * highlights, gallery with locked photos, interests and about-me.
 *
 * Only what a viewer may see leaves this module: the age (never the date of birth), the region's
 * name (never coordinates), never an e-mail address, and no key of a photo the viewer may not see.
 */
import { and, asc, eq, exists, sql, type SQL } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { photoAccess, type PhotoViewer } from "~/photos/access-rules";
import { profileFieldColumn, visibleProfileFields, type ProfileField } from "~/profiles/profile-fields";
import { seekingOf, type Seeking } from "~/profiles/profile-schema";
import { toProfileCard, type ProfileCard } from "~/profiles/profile-card.server";
import type { SiteSettings } from "~/sites/site-settings";

const { photos, profiles, profileInterests, interests, regions, profileViews } = schema;

type ProfileRow = typeof profiles.$inferSelect;

/** Who is looking: a visitor, a member (premium or not), or the profile's owner. */
export type Viewer =
  | { kind: "visitor" }
  | { kind: "member"; profileId: number; premium: boolean; invisible: boolean; role: "member" | "moderator" | "admin" }
  | { kind: "owner"; profileId: number };

export type GalleryPhoto =
  | { id: number; kind: "photo"; url: string; thumbUrl: string; private: boolean }
  /** A photo the viewer may not see: why ("premium" for private photos, "login" for visitors), never its key. */
  | { id: number; kind: "locked"; reason: "premium" | "login" };

export type ProfileView = {
  card: ProfileCard;
  mainPhoto: { url: string; thumbUrl: string } | null;
  gallery: GalleryPhoto[];
  highlights: { field: ProfileField; value: string }[];
  /** `visible_profile_notes`: who the member looks for and since when they are a member. */
  notes: { seeking: Seeking; memberSince: string } | null;
  interests: { key: string; icon: string }[];
  aboutMe: string | null;
};

type PhotoRow = { id: number; objectKey: string; thumbKey: string; private: boolean };

/**
 * The approved photos as this viewer sees them: the photo access rules of app/photos decide
 * (private photos for premium members, the owner and moderators), and visitors see the main photo
 * only (product.md §6: they must log in to see more photos). A blocked pair never gets this far:
 * the profile page answers 404 first.
 */
function galleryFor(viewer: Viewer, rows: PhotoRow[], profile: ProfileRow): GalleryPhoto[] {
  const photoViewer: PhotoViewer =
    viewer.kind === "visitor"
      ? null
      : viewer.kind === "owner"
        ? { siteId: profile.siteId, profileId: viewer.profileId, role: "member", paidUser: false }
        : { siteId: profile.siteId, profileId: viewer.profileId, role: viewer.role, paidUser: viewer.premium };
  return rows.map((photo): GalleryPhoto => {
    const facts = {
      status: "active",
      private: photo.private,
      profileId: profile.id,
      profileSiteId: profile.siteId,
      profileStatus: profile.status,
      blockedWithViewer: false,
    } as const;
    const visible = photoAccess(facts, photoViewer) !== null && (viewer.kind !== "visitor" || photo.id === profile.mainPhotoId);
    if (!visible) return { id: photo.id, kind: "locked", reason: viewer.kind === "visitor" ? "login" : "premium" };
    return { id: photo.id, kind: "photo", url: `/${photo.objectKey}`, thumbUrl: `/${photo.thumbKey}`, private: photo.private };
  });
}

/**
 * The photos, the interests and the region's name of a profile, by its id alone: they need nothing
 * of the profile's row, so they travel in the same round trip as the row itself (ADR 047). Nothing
 * read here is shown unless the row says the viewer may see the profile.
 */
export async function readProfileParts(db: Database, profileId: number) {
  const photoQuery = db
    .select({ id: photos.id, objectKey: photos.objectKey, thumbKey: photos.thumbKey, private: photos.private })
    .from(photos)
    .where(and(eq(photos.profileId, profileId), eq(photos.status, "active")))
    .orderBy(asc(photos.position), asc(photos.id));
  const interestQuery = db
    .select({ key: interests.key, icon: interests.icon })
    .from(profileInterests)
    .innerJoin(interests, eq(interests.id, profileInterests.interestId))
    .where(eq(profileInterests.profileId, profileId))
    .orderBy(asc(interests.position));
  const regionQuery = db
    .select({ name: regions.name })
    .from(regions)
    .where(eq(regions.id, sql`(SELECT region_of.region_id FROM ${profiles} region_of WHERE region_of.id = ${profileId})`))
    .limit(1);
  const [photoRows, interestRows, [regionRow]] = await db.batch([photoQuery, interestQuery, regionQuery]);
  return { photoRows, interestRows, region: regionRow?.name ?? null };
}

export type ProfileParts = Awaited<ReturnType<typeof readProfileParts>>;

/** The profile view of a profile the viewer may see, from its row and its parts (readProfileParts). */
export function assembleProfileView(input: {
  profile: ProfileRow;
  parts: ProfileParts;
  viewer: Viewer;
  settings: Pick<SiteSettings, "visibleProfileFields" | "visibleProfileNotes">;
  now: Date;
}): ProfileView {
  const { profile, parts, viewer, settings, now } = input;
  const gallery = galleryFor(viewer, parts.photoRows, profile);
  const main = gallery.find((photo) => photo.id === profile.mainPhotoId && photo.kind === "photo");
  // The card's thumbnail stays empty: the header shows the main photo itself.
  const card = toProfileCard({ ...profile, region: parts.region, thumbKey: null }, now);
  const highlights = visibleProfileFields(settings.visibleProfileFields).flatMap((field) => {
    const value = profile[profileFieldColumn[field]];
    return value ? [{ field, value }] : [];
  });

  return {
    card,
    mainPhoto: main?.kind === "photo" ? { url: main.url, thumbUrl: main.thumbUrl } : null,
    gallery,
    highlights,
    notes: settings.visibleProfileNotes
      ? { seeking: seekingOf(profile.gender, profile.sexuality), memberSince: profile.createdAt.toISOString().slice(0, 7) }
      : null,
    interests: parts.interestRows,
    aboutMe: profile.aboutMe?.trim() || null,
  };
}

/**
 * What viewing a profile leaves behind: the new-like flag of that liker is cleared (product.md §4),
 * and the view is recorded — unless the viewer is invisible (product.md §10: their views leave no
 * trace). Sent together with the page's reads (ADR 047), so both writes carry the check that the
 * viewer may see the profile (`visible`, visibility.server.ts): a profile that answers 404 is
 * neither marked seen nor told it was viewed.
 */
export async function recordProfileVisit(
  db: Database,
  input: { viewerProfileId: number; viewedProfileId: number; invisible: boolean; visible: SQL; now: Date },
) {
  const visibleViewed = exists(
    db
      .select({ one: sql`1` })
      .from(profiles)
      .where(and(eq(profiles.id, input.viewedProfileId), input.visible)),
  );
  const seen = likeSeenUpdate(db, { viewerProfileId: input.viewerProfileId, likerProfileId: input.viewedProfileId }, visibleViewed);
  if (input.invisible) {
    await seen;
    return;
  }
  // Both writes in one round trip.
  await db.batch([
    seen,
    db
      .insert(profileViews)
      .select(
        db
          .select({
            viewerId: sql<number>`${input.viewerProfileId}`.as("viewer_id"),
            viewedId: profiles.id,
            viewedAt: sql<Date>`${Math.floor(input.now.getTime() / 1000)}`.as("viewed_at"),
          })
          .from(profiles)
          .where(and(eq(profiles.id, input.viewedProfileId), input.visible)),
      )
      .onConflictDoUpdate({ target: [profileViews.viewerId, profileViews.viewedId], set: { viewedAt: sql`excluded.viewed_at` } }),
  ]);
}

/** product.md §4: viewing a profile clears the new-like flag of that liker (the statement, run with the visit's write). */
function likeSeenUpdate(db: Database, input: { viewerProfileId: number; likerProfileId: number }, onlyIf?: SQL) {
  return db
    .update(schema.likes)
    .set({ isNew: false })
    .where(
      and(
        eq(schema.likes.likerId, input.likerProfileId),
        eq(schema.likes.likedId, input.viewerProfileId),
        eq(schema.likes.isNew, true),
        onlyIf,
      ),
    );
}
