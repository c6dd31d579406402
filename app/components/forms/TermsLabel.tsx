import { Trans } from "react-i18next";

/** The links a terms sentence may hold (`<terms>`, `<returns>`, `<privacy>` in its translation); each opens in a new tab. */
const contentPageLinks = {
  // biome-ignore lint/a11y/useAnchorContent: the translation puts the link's words inside.
  terms: <a href="/pages/terms" target="_blank" rel="noopener" />,
  // biome-ignore lint/a11y/useAnchorContent: the translation puts the link's words inside.
  returns: <a href="/pages/return-policy" target="_blank" rel="noopener" />,
  // biome-ignore lint/a11y/useAnchorContent: the translation puts the link's words inside.
  privacy: <a href="/pages/privacy" target="_blank" rel="noopener" />,
};

/** The label of an "I accept the terms" checkbox (signup, an order), with its links to the content pages. */
export function TermsLabel({ htmlFor, i18nKey }: { htmlFor: string; i18nKey: string }) {
  return (
    <label htmlFor={htmlFor}>
      <Trans i18nKey={i18nKey} components={contentPageLinks} />
    </label>
  );
}
