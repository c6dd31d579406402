/**
 * Everything /members/{id} (and /likes/m/{id}) shows, and the rules for who may open it:
 * - visitors only where the site lets logged-out visitors browse (product.md §4: 'none' disables
 *   it);
 * - unknown, deleted, unconfirmed, invisible and blocked (either way) profiles are all "not found",
 *   so a blocked member cannot tell a block from a deleted account (product.md §10);
 * - viewing clears the new-like flag and records the view (see `recordProfileVisit`).
 */
import { fromKnownTrafficSource, type TrackingRecord } from "~/acquisition/tracking.server";
import type { CurrentUser } from "~/accounts/current-user.server";
import type { Database } from "~/db/client.server";
import { likeRelation } from "./likes.server";
import type { ProfileCard } from "~/profiles/profile-card.server";
import { soughtGenders } from "~/profiles/profile-schema";
import { assembleProfileView, readProfileParts, recordProfileVisit, type ProfileView, type Viewer } from "~/profiles/profile-view.server";
import { relatedProfilesOf } from "~/profiles/related-profiles.server";
import { findVisibleProfile, visibleTo } from "~/profiles/visibility.server";
import { searchAccess } from "~/search/search-access";
import type { Site } from "~/sites/site.server";

export type ProfilePage =
  | { status: "not_found" }
  | { status: "login_required" }
  | {
      status: "ok";
      view: ProfileView;
      viewer: Viewer["kind"];
      /** The like relation between viewer and member (members only). */
      like: { liked: boolean; likedBy: boolean } | null;
      related: ProfileCard[];
    };

export async function profilePage(
  db: Database,
  input: { profileId: number; user: CurrentUser | null; site: Site; tracking: TrackingRecord | null; now: Date },
): Promise<ProfilePage> {
  const { user, site, now } = input;
  const viewerProfileId = user?.profile?.id ?? null;
  // Visitors see profiles as far as the site lets them search (product.md §4: 'none' disables it).
  const access = searchAccess({
    loggedIn: user !== null,
    hasTrafficSource: fromKnownTrafficSource(input.tracking, site.settings.trafficNetworks),
    loggedOutSearch: site.settings.loggedOutSearch,
    loggedOutSearchTrafficsource: site.settings.loggedOutSearchTrafficsource,
  });
  if (access === "none") return { status: "login_required" };

  // One round trip (ADR 047): the row and everything the page reads or writes by the profile's id
  // go together; the row decides afterwards whether any of it is shown (404 otherwise), and the
  // visit's writes carry the same visibility check themselves.
  const asMember = viewerProfileId !== null && viewerProfileId !== input.profileId;
  const [profile, parts, like, related] = await Promise.all([
    findVisibleProfile(db, { profileId: input.profileId, viewerProfileId, siteId: site.id }),
    readProfileParts(db, input.profileId),
    asMember ? likeRelation(db, viewerProfileId, input.profileId) : Promise.resolve(null),
    relatedProfilesOf(db, {
      profileId: input.profileId,
      viewerProfileId,
      // Whom the viewer looks for; a visitor sees members like the one viewed.
      genders: user?.profile ? soughtGenders(user.profile.gender, user.profile.sexuality) : null,
      siteId: site.id,
      now,
    }),
    asMember
      ? recordProfileVisit(db, {
          viewerProfileId,
          viewedProfileId: input.profileId,
          invisible: user!.invisible,
          visible: visibleTo(viewerProfileId, site.id),
          now,
        })
      : Promise.resolve(),
  ]);
  if (!profile) return { status: "not_found" };

  const viewer: Viewer =
    viewerProfileId === null
      ? { kind: "visitor" }
      : viewerProfileId === profile.id
        ? { kind: "owner", profileId: viewerProfileId }
        : { kind: "member", profileId: viewerProfileId, premium: user!.paidUser, invisible: user!.invisible, role: user!.role };
  const view = assembleProfileView({ profile, parts, viewer, settings: site.settings, now });
  return {
    status: "ok",
    view,
    viewer: viewer.kind,
    like: like ? { liked: like.liked, likedBy: like.likedBy } : null,
    related,
  };
}
