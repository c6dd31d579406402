import { useTranslation } from "~/i18n/translation";

/** A member's interests, each with its icon (product.md §2 "interest icons"); labels from common `interests.*`. */
export function InterestList({ interests }: { interests: { key: string; icon: string }[] }) {
  const { t } = useTranslation();
  return (
    <ul className="interest-list">
      {interests.map((interest) => (
        <li key={interest.key} className="interest-chip">
          <span className="interest-chip__icon" aria-hidden="true">
            {interest.icon}
          </span>
          {t(`interests.${interest.key}`)}
        </li>
      ))}
    </ul>
  );
}
