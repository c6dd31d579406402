import { href } from "react-router";
import { ProfileTile } from "~/components/profiles/ProfileTile";
import type { ProfileCard } from "~/profiles/profile-card.server";
import { useLanderData } from "./use-lander-data";
import { useCdnUrl } from "~/components/layout/use-cdn-url";

/** Where a member on a lander leads: a visitor signs up with that member in view, a member opens the profile. */
export function memberHref(profileId: number, loggedIn: boolean): string {
  return loggedIn ? href("/members/:id", { id: String(profileId) }) : href("/members/:id/signup", { id: String(profileId) });
}

/** A real member of the site on a lander, fictional ones with the site's icon (product.md §10). */
export function LanderTile({ profile }: { profile: ProfileCard }) {
  const lander = useLanderData();
  return (
    <ProfileTile
      profile={profile}
      href={memberHref(profile.id, lander.loggedIn)}
      fictionalIcon={lander.fictionalIcon}
      fictionalLabel={lander.fictionalSingular}
    />
  );
}

/** The members a lander shows, as a grid of tiles. */
export function LanderGrid({ members }: { members: ProfileCard[] }) {
  return (
    <ul className="profile-grid lander-grid">
      {members.map((member) => (
        <li key={member.id}>
          <LanderTile profile={member} />
        </li>
      ))}
    </ul>
  );
}

/** A member's photo in a lander's own frame (collage, feed, video): the photo, or the initial's silhouette. */
export function MemberPhoto({ profile, className, eager = false }: { profile: ProfileCard; className?: string; eager?: boolean }) {
  const cdn = useCdnUrl();
  return profile.photoUrl ? (
    <img
      className={className}
      src={cdn(profile.photoUrl)}
      alt=""
      width={160}
      height={200}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
  ) : (
    <span className={`${className ?? ""} lander-photo--empty`} aria-hidden="true">
      {profile.name.slice(0, 1)}
    </span>
  );
}
