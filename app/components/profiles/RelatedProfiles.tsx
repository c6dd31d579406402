import { href } from "react-router";
import { useTranslation } from "~/i18n/translation";
import type { ProfileCard } from "~/profiles/profile-card.server";
import { ProfileTile } from "./ProfileTile";

/** product.md §2 "related profiles": up to six tiles of members like the one being viewed. */
export function RelatedProfiles({
  profiles,
  fictionalIcon,
  fictionalLabel,
}: {
  profiles: ProfileCard[];
  fictionalIcon: string;
  fictionalLabel: string;
}) {
  const { t } = useTranslation();
  if (profiles.length === 0) return null;
  return (
    <section className="profile-section related-profiles" aria-labelledby="related-profiles">
      <h2 id="related-profiles" className="h5">
        {t("members:view.related")}
      </h2>
      <ul className="profile-grid">
        {profiles.map((profile) => (
          <li key={profile.id}>
            <ProfileTile
              profile={profile}
              href={href("/members/:id", { id: String(profile.id) })}
              fictionalIcon={fictionalIcon}
              fictionalLabel={fictionalLabel}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
