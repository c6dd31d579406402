import { useTranslation } from "~/i18n/translation";
import { Form, useLocation, href } from "react-router";
import { languageNames, type Language } from "~/i18n/languages";
import { InlineIcon } from "./InlineIcon";

/**
 * The language dropdown (product.md §2): only when more than one language is visible for the
 * visitor's country. Works without JavaScript (a form posting to /lang-config); with it, choosing
 * submits (on a visitor's page without React, through ./language-menu.inline.js, ADR 032).
 */
export function LanguageMenu({ languages, current }: { languages: Language[]; current: Language }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (languages.length < 2) return null;
  return (
    <Form method="post" action={href("/lang-config")} className="language-menu" reloadDocument>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label className="visually-hidden" htmlFor="language-menu-select">
        {t("language.label")}
      </label>
      <span className="language-menu__current" aria-hidden="true">
        <InlineIcon name="globe" className="nav-icon" />
        {current}
      </span>
      <select
        id="language-menu-select"
        name="locale"
        defaultValue={current}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {languageNames[language]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="btn btn-sm btn-outline">
          {t("language.apply")}
        </button>
      </noscript>
    </Form>
  );
}
