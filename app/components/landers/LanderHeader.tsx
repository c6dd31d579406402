import { href } from "react-router";
import { useTranslation } from "~/i18n/translation";

/** product.md §2 lander layout: the small header, the site's logo and name, and the way in for members. */
export function LanderHeader({ siteName, loggedIn }: { siteName: string; loggedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <header className="topnav lander-header">
      <a className="skip-link" href="#main">
        {t("nav.skipToContent")}
      </a>
      <div className="container topnav__inner">
        <a href={href("/")} className="topnav__brand">
          <span className="topnav__logo" aria-hidden="true">
            ♥
          </span>{" "}
          <span className="topnav__name">{siteName}</span>
        </a>
        {loggedIn ? (
          <a href={href("/members")} className="btn btn-light">
            {t("nav.search")}
          </a>
        ) : (
          <a href={href("/login")} className="btn btn-light">
            {t("nav.login")}
          </a>
        )}
      </div>
    </header>
  );
}
