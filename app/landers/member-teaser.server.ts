/**
 * What a member lander shows of one member (product.md §10 "Landers"): the profile as a visitor
 * sees it (the main photo only, highlights, interests, the start of the about-me) and a few members
 * like them. Unknown, deleted, unconfirmed, invisible and blocked members are null, which the
 * routes answer with the site's 404, as the profile page does.
 */
import { assembleProfileView, readProfileParts, type ProfileView } from "~/profiles/profile-view.server";
import { relatedProfilesOf } from "~/profiles/related-profiles.server";
import type { ProfileCard } from "~/profiles/profile-card.server";
import { findVisibleProfile } from "~/profiles/visibility.server";
import type { Database } from "~/db/client.server";
import type { Site } from "~/sites/site.server";

/** The about-me a teaser shows: its first words, the rest after signing up. */
export const TEASER_ABOUT_LENGTH = 180;

export type MemberTeaser = {
  card: ProfileCard;
  photoUrl: string | null;
  about: string | null;
  interests: ProfileView["interests"];
  highlights: ProfileView["highlights"];
  related: ProfileCard[];
};

export function shortened(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

export async function memberTeaser(
  db: Database,
  input: { profileId: number; viewerProfileId: number | null; site: Site; now: Date },
): Promise<MemberTeaser | null> {
  const { site, now, viewerProfileId } = input;
  // The row, its parts and the related members in one round trip (ADR 047).
  const [profile, parts, related] = await Promise.all([
    findVisibleProfile(db, { profileId: input.profileId, viewerProfileId, siteId: site.id }),
    readProfileParts(db, input.profileId),
    relatedProfilesOf(db, { profileId: input.profileId, viewerProfileId, genders: null, siteId: site.id, now }),
  ]);
  if (profile?.status !== "active") return null;
  const view = assembleProfileView({ profile, parts, viewer: { kind: "visitor" }, settings: site.settings, now });
  return {
    card: view.card,
    photoUrl: view.mainPhoto?.url ?? null,
    about: view.aboutMe && shortened(view.aboutMe, TEASER_ABOUT_LENGTH),
    interests: view.interests,
    highlights: view.highlights,
    related,
  };
}
