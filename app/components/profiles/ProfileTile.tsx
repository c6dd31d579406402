import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/translation";
import { Link } from "react-router";
import type { ProfileCard } from "~/profiles/profile-card.server";
import { FictionalMark } from "./FictionalMark";
import { MemberSilhouette } from "~/components/profiles/MemberSilhouette";
import { useCdnUrl } from "~/components/layout/use-cdn-url";

/** The tiles a phone shows before scrolling (two rows of two), and a desktop's first row. */
export const FIRST_SCREENFUL = 4;

/**
 * A member's tile (search results, likes, related profiles): photo, name and age, region, the
 * fictional icon, an online dot; `actions` go under the caption (like, remove, …). The tiles of the
 * first screenful are `priority`: their photos load at once and first (the page's largest paint);
 * the others load as they scroll into view.
 */
export function ProfileTile({
  profile,
  href,
  fictionalIcon,
  fictionalLabel,
  badge,
  actions,
  priority = false,
}: {
  profile: ProfileCard;
  href: string;
  fictionalIcon: string;
  fictionalLabel: string;
  badge?: ReactNode;
  actions?: ReactNode;
  priority?: boolean;
}) {
  const { t } = useTranslation();
  const cdn = useCdnUrl();
  return (
    <article className="profile-card" aria-label={`${profile.name}, ${profile.age}`}>
      <Link to={href} className="profile-card__link">
        {profile.photoUrl ? (
          <img
            src={cdn(profile.photoUrl)}
            alt=""
            width={160}
            height={200}
            loading={priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : "auto"}
          />
        ) : (
          <MemberSilhouette name={profile.name} gender={profile.gender} className="profile-card__placeholder" />
        )}
        <span className="profile-card__caption">
          <strong>
            {profile.online && (
              <span className="online-dot" title={t("profileTile.online")}>
                <span className="visually-hidden">{t("profileTile.online")}</span>
              </span>
            )}
            {profile.name}, {profile.age}
          </strong>
          {profile.region && <span>{profile.region}</span>}
        </span>
        {profile.fictional && <FictionalMark className="profile-card__fictional" icon={fictionalIcon} label={fictionalLabel} />}
        {badge && <span className="profile-card__badge">{badge}</span>}
      </Link>
      {actions && <div className="profile-card__actions">{actions}</div>}
    </article>
  );
}
