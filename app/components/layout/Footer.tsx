import { useTranslation } from "~/i18n/translation";
import { Link, href } from "react-router";
import type { RootData } from "~/root";
import { languageNames } from "~/i18n/languages";

/** product.md §2: the support phone is shown with dashes and spaces removed. */
export function displayPhone(phone: string): string {
  return phone.replace(/[\s-]/g, "");
}

/**
 * The support phone as a `tel:` target (E.164): a dialler cannot use "+31 (0)20-123 4567" as it
 * is, so the trunk "(0)" goes, "00" becomes "+", and everything but digits and the leading "+".
 */
export function dialablePhone(phone: string): string {
  const international = phone.trim().replace(/^00/, "+");
  const withoutTrunk = international.startsWith("+") ? international.replace(/\(\s*0\s*\)/g, "") : international;
  const digits = withoutTrunk.replace(/\D/g, "");
  return international.startsWith("+") ? `+${digits}` : digits;
}

const links = [
  [href("/pages/:page", { page: "terms" }), "footer.terms"],
  [href("/pages/:page", { page: "privacy" }), "footer.privacy"],
  [href("/pages/:page", { page: "cookies" }), "footer.cookies"],
  [href("/pages/:page", { page: "ban" }), "footer.ban"],
  [href("/pricing"), "footer.pricing"],
  [href("/complaints"), "footer.complaints"],
  [href("/pages/:page", { page: "return-policy" }), "footer.returnPolicy"],
  [href("/pages/:page", { page: "faq" }), "footer.faq"],
  [href("/pages/:page", { page: "service" }), "footer.support"],
] as const;

/**
 * The footer in its variants: logged in, logged out, installed app and the US variant (English
 * only, when the site enables it). The installed app's (CSS `display-mode: standalone`, no script)
 * swaps the long disclaimer and the company lines for one short disclaimer (`footer__app-only`).
 */
export function Footer({ data, loggedIn }: { data: RootData; loggedIn: boolean }) {
  const { t } = useTranslation();
  const { site, company, locale } = data;
  const us = site.usFooter && locale === "en";
  const phone = displayPhone(site.supportPhone);
  const year = new Date().getFullYear();
  return (
    <footer className={`footer ${loggedIn ? "footer--member" : "footer--visitor"}${us ? " footer--us" : ""}`}>
      <div className="container">
        <nav aria-label={t("footer.label")}>
          <ul className="footer__links">
            {links.map(([to, key]) => (
              <li key={to}>
                <Link to={to}>{t(key)}</Link>
              </li>
            ))}
            {/* product.md §2: the language page is always one tap away, also when the menu has one language. */}
            <li>
              <Link to={href("/lang-config")} className="footer__language">
                {`${t("language.label")}: ${languageNames[locale]}`}
              </Link>
            </li>
          </ul>
        </nav>
        <p className="footer__support">
          {t("footer.supportLine")} <a href={`tel:${dialablePhone(site.supportPhone)}`}>{phone}</a> ·{" "}
          <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>
        </p>
        {!loggedIn && (
          <p className="footer__disclaimer footer__app-hidden">
            {t("footer.visitorDisclaimer", { siteName: site.name, minAge: site.minAge, fictionalPlural: site.fictionalPlural })}
          </p>
        )}
        {loggedIn && (
          <p className="footer__disclaimer footer__app-hidden">{t("footer.memberDisclaimer", { fictionalPlural: site.fictionalPlural })}</p>
        )}
        <p className="footer__disclaimer footer__app-only">
          {t("footer.appDisclaimer", { minAge: site.minAge, fictionalPlural: site.fictionalPlural })}
        </p>
        {us && <p className="footer__us">{t("footer.us2257", { companyName: company.name })}</p>}
        <address className="footer__company footer__app-hidden">
          © {year} {company.name} · {company.address}, {company.zip} {company.city} · {t("footer.kvk")} {company.kvk}
          {company.vatNumbers[0] ? ` · ${t("footer.vat")} ${company.vatNumbers[0]}` : ""}
        </address>
      </div>
    </footer>
  );
}

/**
 * product.md §2 "language disclaimer": when the page is shown in another language than the site's
 * own, the site's language version of the terms prevails.
 */
export function LanguageDisclaimer({ data }: { data: RootData }) {
  const { t } = useTranslation();
  const siteLanguage = data.site.domainLanguage.slice(0, 2).toLowerCase();
  if (siteLanguage === data.locale) return null;
  return (
    <p className="language-disclaimer container" role="note">
      {t("footer.languageDisclaimer", { language: t(`language.names.${siteLanguage}`) })}
    </p>
  );
}
