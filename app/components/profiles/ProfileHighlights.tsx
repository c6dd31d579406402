import { useTranslation } from "~/i18n/translation";
import { localeTag } from "~/i18n/format";
import type { ProfileField } from "~/profiles/profile-fields";
import type { Seeking } from "~/profiles/profile-schema";
import { dateTimeFormat } from "~/i18n/intl";

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
  notes: { seeking: Seeking; memberSince: string } | null;
}) {
  const { t, i18n } = useTranslation();
  if (highlights.length === 0 && !notes) return null;
  const memberSince = notes
    ? dateTimeFormat(localeTag(i18n.language), { month: "long", year: "numeric", timeZone: "UTC" }).format(
        new Date(`${notes.memberSince}-15T12:00:00Z`),
      )
    : null;
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
              <dd>{memberSince}</dd>
            </div>
          </>
        )}
      </dl>
    </section>
  );
}
