import { href } from "react-router";
import { Trans, useTranslation } from "~/i18n/translation";

/** The label of an "I accept the terms" checkbox (signup, an order), with its links to the content pages. */
export function TermsLabel({ htmlFor, i18nKey }: { htmlFor: string; i18nKey: string }) {
  const { t } = useTranslation();
  // The links a terms sentence may hold (`<terms>`, `<returns>`, `<privacy>`); each link's own text
  // (the page's name) gives way to the words of the translation.
  const links = {
    terms: (
      <a href={href("/pages/:page", { page: "terms" })} target="_blank" rel="noopener">
        {t("footer.terms")}
      </a>
    ),
    returns: (
      <a href={href("/pages/:page", { page: "return-policy" })} target="_blank" rel="noopener">
        {t("footer.returnPolicy")}
      </a>
    ),
    privacy: (
      <a href={href("/pages/:page", { page: "privacy" })} target="_blank" rel="noopener">
        {t("footer.privacy")}
      </a>
    ),
  };
  return (
    <label htmlFor={htmlFor}>
      <Trans i18nKey={i18nKey} components={links} />
    </label>
  );
}
