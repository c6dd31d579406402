import { useTranslation } from "~/i18n/translation";
import type { ProfileCard } from "~/profiles/profile-card.server";
import { FictionalMark } from "./FictionalMark";
import { MemberSilhouette } from "~/components/profiles/MemberSilhouette";

/**
 * The photo header of a profile (product.md §2 "profile overview"): the main photo, name and age,
 * region and country, online state and the fictional icon.
 */
export function ProfileOverview({
  profile,
  countryName,
  photoUrl,
  fictionalIcon,
  fictionalLabel,
}: {
  profile: ProfileCard;
  /** The profile's country in the viewer's language, named by the server (formatted on the server: ADR 063). */
  countryName: string;
  photoUrl: string | null;
  fictionalIcon: string;
  fictionalLabel: string;
}) {
  const { t } = useTranslation();
  const country = countryName;
  return (
    <header className="profile-overview">
      <div className="profile-overview__photo">
        {photoUrl ? (
          <img
            src={photoUrl}
            alt={t("members:view.mainPhotoAlt", { name: profile.name })}
            width={400}
            height={500}
            // The page's largest paint: fetched before the scripts.
            fetchPriority="high"
          />
        ) : (
          <MemberSilhouette
            name={profile.name}
            gender={profile.gender}
            className="profile-card__placeholder"
            label={t("members:view.noPhoto")}
          />
        )}
      </div>
      <div className="profile-overview__text">
        <h1 className="profile-overview__name">
          {`${profile.name}, ${profile.age}`}
          {profile.fictional && <FictionalMark className="profile-overview__fictional" icon={fictionalIcon} label={fictionalLabel} />}
        </h1>
        <p className="profile-overview__place">{profile.region ? `${profile.region}, ${country}` : country}</p>
        {profile.online && (
          <p className="profile-overview__status">
            <span className="online-dot" aria-hidden="true" />
            {t("profileTile.online")}
          </p>
        )}
      </div>
    </header>
  );
}
