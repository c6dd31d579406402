import { useTranslation } from "~/i18n/translation";
import { interestIcons, interestKeys } from "~/profiles/profile-fields";

/** The 50 interests of product.md §2 as a grid of checkboxes with their icons (field `name`, one value each). */
export function InterestPicker({
  name,
  selected,
  legend,
  errors,
}: {
  name: string;
  selected: readonly string[];
  legend: string;
  errors?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const chosen = new Set(selected);
  return (
    <fieldset className="interest-picker">
      <legend>{legend}</legend>
      <ul className="interest-picker__grid">
        {interestKeys.map((key) => (
          <li key={key}>
            <label className="interest-picker__option">
              <input type="checkbox" name={name} value={key} defaultChecked={chosen.has(key)} />
              <span className="interest-picker__icon" aria-hidden="true">
                {interestIcons[key]}
              </span>
              <span>{t(`interests.${key}`)}</span>
            </label>
          </li>
        ))}
      </ul>
      {errors}
    </fieldset>
  );
}
