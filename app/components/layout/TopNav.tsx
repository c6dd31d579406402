import { useTranslation } from "~/i18n/translation";
import { Link, NavLink, useMatches, href } from "react-router";
import type { Language } from "~/i18n/languages";
import { AccountMenu } from "./AccountMenu";
import { LanguageMenu } from "./LanguageMenu";
import { MEMBER_LINKS, type NavUser } from "./member-links";
import { CountBadge, CreditsBadge } from "./NavBadge";

/**
 * The top bar. From 768 px it holds the whole member menu; on phones only the logo, the credits
 * (or premium) link, the language menu and the installed app's back button stay here, and search,
 * likes, messages and the account menu move to the tab bar at the bottom (BottomTabs).
 */
export function TopNav({
  siteName,
  user,
  languages,
  locale,
  hydrated,
}: {
  siteName: string;
  user: NavUser | null;
  languages: Language[];
  locale: Language;
  /** Rendered in the browser: only there is it known whether there is a page to go back to. */
  hydrated: boolean;
}) {
  const { t } = useTranslation();
  // The back button (shown by CSS in the installed app only, product.md §2) needs a page of ours to
  // go back to. Pages opt in with `export const handle = { backButton: true }` (product.md §2:
  // members-id, likes-type, likes-m-id, credits and credits-id-paymentmethod).
  const backHere = useMatches().some((match) => (match.handle as { backButton?: boolean } | undefined)?.backButton);
  const showBack = hydrated && backHere && hasPageOfOursBehind();
  return (
    <header className="topnav">
      <a className="skip-link" href="#main">
        {t("nav.skipToContent")}
      </a>
      <nav className="container topnav__inner" aria-label={t("nav.label")}>
        {showBack && (
          <button type="button" className="topnav__back" onClick={() => history.back()} aria-label={t("nav.back")}>
            ‹
          </button>
        )}
        <Link to={href("/")} className="topnav__brand">
          <span className="topnav__logo" aria-hidden="true">
            ♥
          </span>{" "}
          <span className="topnav__name">{siteName}</span>
        </Link>
        <div className="topnav__items">
          {user ? <MemberItems user={user} /> : null}
          <LanguageMenu languages={languages} current={locale} />
          {!user && (
            <Link to={href("/login")} className="btn btn-light">
              {t("nav.login")}
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}

/** The member menu of the top bar; the items marked `topnav__wide` are in the tab bar on phones. */
function MemberItems({ user }: { user: NavUser }) {
  const { t } = useTranslation();
  return (
    <ul className="topnav__menu">
      {MEMBER_LINKS.map((link) => (
        <li key={link.to} className="topnav__wide">
          <NavLink to={link.to}>
            {t(link.label)}
            {"count" in link && <CountBadge count={user[link.count]} label={link.badge} />}
          </NavLink>
        </li>
      ))}
      <li>
        {user.paidUser ? (
          <NavLink to={href("/credits/repeat-order")} className="topnav__upsell">
            {t("nav.credits")}
            <CreditsBadge credits={user.credits} />
          </NavLink>
        ) : (
          <NavLink to={href("/premium")} className="topnav__upsell">
            {t("nav.premium")}
          </NavLink>
        )}
      </li>
      <li className="topnav__wide">
        <AccountMenu user={user} className="account-menu" label={user.profileName} />
      </li>
    </ul>
  );
}

/**
 * Whether the history entry before this one is a page of this site. The Navigation API knows it
 * for whole page loads too (a tile tapped before the page hydrated, a form's redirect): its entries
 * are this origin's only, so a page reached back from the payment provider has none behind it.
 * Without it (Safari before 26), React Router's own numbering of the entries it made (`idx`, 0 for
 * the page the app was opened on).
 */
function hasPageOfOursBehind(): boolean {
  const navigation = (window as { navigation?: { canGoBack?: unknown } }).navigation;
  if (typeof navigation?.canGoBack === "boolean") return navigation.canGoBack;
  return history.state?.idx > 0;
}
