import { useTranslation } from "~/i18n/translation";
import type { ProfileField } from "~/profiles/profile-fields";
import type { Seeking } from "~/profiles/profile-schema";

/**
 * The highlights of a profile (product.md §2): the fields the site shows (`visible_profile_fields`)
 * with their translated values and, when the site shows profile notes (`visible_profile_notes`),
 * who the member looks for and since when they are a member.
 */
export function ProfileHighlights({
  highlights,
  notes,
}: {
  highlights: { field: ProfileField; value: string }[];
  /** Who the member looks for, and the month they joined as the server wrote it (formatMonth). */
  notes: { seeking: Seeking; memberSince: string } | null;
}) {
  const { t } = useTranslation();
  if (highlights.length === 0 && !notes) return null;
  return (
    <section className="profile-section" aria-labelledby="profile-highlights">
      <h2 id="profile-highlights" className="h5">
        {t("members:view.highlights")}
      </h2>
      <dl className="profile-highlights">
        {highlights.map(({ field, value }) => (
          <div key={field} className="profile-highlights__item">
            <dt>{t(`profile.${field}.label`)}</dt>
            <dd>{t(`profile.${field}.${value}`, { defaultValue: value })}</dd>
          </div>
        ))}
        {notes && (
          <>
            <div className="profile-highlights__item">
              <dt>{t("members:view.seekingLabel")}</dt>
              <dd>{t(`members:view.seeking.${notes.seeking}`)}</dd>
            </div>
            <div className="profile-highlights__item">
              <dt>{t("members:view.memberSince")}</dt>
              <dd>{notes.memberSince}</dd>
            </div>
          </>
        )}
      </dl>
    </section>
  );
}
