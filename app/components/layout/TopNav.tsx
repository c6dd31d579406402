import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import type { Language } from "~/i18n/languages";
import { LanguageMenu } from "./LanguageMenu";

/** What the navigation needs to know about a logged-in member. */
export type NavUser = {
  profileName: string;
  avatarUrl: string | null;
  paidUser: boolean;
  credits: number;
  unreadMessages: number;
  newLikes: number;
};

/** product.md §9: badges cap at 99+. */
export function badgeText(count: number): string {
  return count > 99 ? "99+" : String(count);
}

/** product.md §2: paid users see their balance when it is 10 or fewer; warning above 0, danger at 0. */
export function creditsBadgeTone(credits: number): "warning" | "danger" | null {
  if (credits > 10) return null;
  return credits > 0 ? "warning" : "danger";
}

export function TopNav({
  siteName,
  user,
  languages,
  locale,
  showBack = false,
}: {
  siteName: string;
  user: NavUser | null;
  languages: Language[];
  locale: Language;
  showBack?: boolean;
}) {
  const { t } = useTranslation();
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
        <Link to="/" className="topnav__brand">
          <span className="topnav__logo" aria-hidden="true">♥</span> {siteName}
        </Link>
        <div className="topnav__items">
          {user ? <MemberItems user={user} /> : null}
          <LanguageMenu languages={languages} current={locale} />
          {!user && (
            <Link to="/login" className="btn btn-light">
              {t("nav.login")}
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}

function MemberItems({ user }: { user: NavUser }) {
  const { t } = useTranslation();
  const tone = user.paidUser ? creditsBadgeTone(user.credits) : null;
  return (
    <ul className="topnav__menu">
      <li>
        <NavLink to="/members">{t("nav.search")}</NavLink>
      </li>
      <li>
        <NavLink to="/chats">
          {t("nav.messages")}
          {user.unreadMessages > 0 && (
            <span className="badge badge-secondary" aria-label={t("nav.unreadCount", { count: user.unreadMessages })}>
              {badgeText(user.unreadMessages)}
            </span>
          )}
        </NavLink>
      </li>
      <li>
        <NavLink to="/likes">
          {t("nav.likes")}
          {user.newLikes > 0 && (
            <span className="badge badge-secondary" aria-label={t("nav.newLikesCount", { count: user.newLikes })}>
              {badgeText(user.newLikes)}
            </span>
          )}
        </NavLink>
      </li>
      <li>
        {user.paidUser ? (
          <NavLink to="/credits/repeat-order">
            {t("nav.credits")}
            {tone && (
              <span className={`badge badge-${tone}`} aria-label={t("nav.creditsBalance", { count: user.credits })}>
                {user.credits}
              </span>
            )}
          </NavLink>
        ) : (
          <NavLink to="/premium">{t("nav.premium")}</NavLink>
        )}
      </li>
      <li>
        <details className="account-menu">
          <summary>
            {user.avatarUrl ? (
              <img src={user.avatarUrl} alt="" width={32} height={32} className="avatar avatar-sm" />
            ) : (
              <span className="avatar avatar-sm avatar-placeholder" aria-hidden="true" />
            )}
            <span>{user.profileName}</span>
          </summary>
          <ul className="account-menu__list">
            <li>
              <Link to="/profile">{t("nav.myProfile")}</Link>
            </li>
            <li>
              <Link to="/notifications">{t("nav.settings")}</Link>
            </li>
            <li>
              <Link to="/api/logout.php" reloadDocument>
                {t("nav.logout")}
              </Link>
            </li>
          </ul>
        </details>
      </li>
    </ul>
  );
}
