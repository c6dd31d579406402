import { useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { genders } from "~/profiles/profile-fields";
import type { SearchField, SearchFilterOptions, SearchFilters } from "~/search/search-params";

/**
 * The filter fields of member search (product.md §2: gender, country, region, age), named as the
 * URL parameters of product.md §3 so a plain GET form submits them. Without `values` (e.g. the
 * modal opened from the navigation) gender and country offer "suggested", which the server fills
 * in.
 */
export function SearchFilterFields({
  idPrefix,
  values,
  options,
}: {
  idPrefix: string;
  values: SearchFilters | null;
  options: SearchFilterOptions;
}) {
  const { t } = useTranslation();
  const [country, setCountry] = useState(values?.country ?? "");
  const allowed = (field: SearchField) => options.allowed.includes(field);
  const regions = options.regions[country] ?? [];
  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    <>
      {allowed("gender") && (
        <div className="form-field">
          <label htmlFor={id("gender")}>{t("search:filters.gender")}</label>
          <select id={id("gender")} name="gender" defaultValue={values?.gender ?? ""}>
            {!values && <option value="">{t("search:filters.suggested")}</option>}
            {genders.map((gender) => (
              <option key={gender} value={gender}>
                {t(`search:filters.genders.${gender}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      {allowed("country") && (
        <div className="form-field">
          <label htmlFor={id("country")}>{t("search:filters.country")}</label>
          <select id={id("country")} name="country" autoComplete="off" value={country} onChange={(event) => setCountry(event.target.value)}>
            {!values && <option value="">{t("search:filters.suggested")}</option>}
            {options.countries.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </div>
      )}
      {allowed("region") && regions.length > 0 && (
        <div className="form-field">
          <label htmlFor={id("region")}>{t("search:filters.region")}</label>
          {/* Keyed by country: choosing another country starts at "the whole country". */}
          <select
            key={country}
            id={id("region")}
            name="countryregion"
            defaultValue={values?.country === country && values.regionId !== null ? String(values.regionId) : ""}
          >
            <option value="">{t("search:filters.anyRegion")}</option>
            {regions.map((region) => (
              <option key={region.id} value={region.id}>
                {region.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {allowed("age") && (
        <fieldset className="form-field search-filters__age">
          <legend>{t("search:filters.age")}</legend>
          <div className="search-filters__age-inputs">
            <AgeInput
              id={id("min-age")}
              name="min_age"
              label={t("search:filters.minAge")}
              range={options}
              defaultValue={values?.minAge ?? options.minAge}
            />
            <span aria-hidden="true">–</span>
            <AgeInput
              id={id("max-age")}
              name="max_age"
              label={t("search:filters.maxAge")}
              range={options}
              defaultValue={values?.maxAge ?? options.maxAge}
            />
          </div>
        </fieldset>
      )}
    </>
  );
}

/** One end of the age range, labelled for screen readers (the fieldset's legend names the pair). */
function AgeInput({
  id,
  name,
  label,
  range,
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  range: { minAge: number; maxAge: number };
  defaultValue: number;
}) {
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} name={name} type="number" inputMode="numeric" min={range.minAge} max={range.maxAge} defaultValue={defaultValue} />
    </>
  );
}
