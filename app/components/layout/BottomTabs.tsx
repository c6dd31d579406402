import { useTranslation } from "react-i18next";
import { NavLink, useLocation } from "react-router";
import { AccountMenuLinks, NavAvatar } from "./AccountMenu";
import { ChatIcon, HeartIcon, PersonIcon, SearchIcon } from "./NavIcons";
import { CountBadge } from "./NavBadge";
import type { NavUser } from "./TopNav";

/** The pages the account menu leads to: its tab is highlighted there. */
const ACCOUNT_PATHS = ["/profile", "/settings", "/notifications"];

/**
 * The member's tab bar at the bottom of a phone screen (below 768 px; CSS hides it from there on,
 * where the top bar holds these links): search, likes, messages and the account menu, which opens
 * as a sheet above the bar.
 */
export function BottomTabs({ user }: { user: NavUser }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const onAccountPage = ACCOUNT_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
  return (
    <nav className="bottom-tabs" aria-label={t("nav.tabsLabel")}>
      <ul className="bottom-tabs__list">
        <li>
          <NavLink to="/members" className="bottom-tabs__tab">
            <span className="bottom-tabs__icon">
              <SearchIcon />
            </span>
            <span className="bottom-tabs__label">{t("nav.searchShort")}</span>
          </NavLink>
        </li>
        <li>
          <NavLink to="/likes" className="bottom-tabs__tab">
            <span className="bottom-tabs__icon">
              <HeartIcon />
              <CountBadge count={user.newLikes} label="nav.newLikesCount" />
            </span>
            <span className="bottom-tabs__label">{t("nav.likes")}</span>
          </NavLink>
        </li>
        <li>
          <NavLink to="/chats" className="bottom-tabs__tab">
            <span className="bottom-tabs__icon">
              <ChatIcon />
              <CountBadge count={user.unreadMessages} label="nav.unreadCount" />
            </span>
            <span className="bottom-tabs__label">{t("nav.messages")}</span>
          </NavLink>
        </li>
        <li>
          <details className="bottom-tabs__account">
            <summary className={`bottom-tabs__tab${onAccountPage ? " active" : ""}`}>
              <span className="bottom-tabs__icon">
                {user.avatarUrl ? <NavAvatar user={user} className="avatar bottom-tabs__avatar" /> : <PersonIcon />}
              </span>
              <span className="bottom-tabs__label">{t("nav.account")}</span>
            </summary>
            <div className="bottom-tabs__sheet">
              <p className="bottom-tabs__who">
                <NavAvatar user={user} />
                <span>{user.profileName}</span>
              </p>
              <AccountMenuLinks className="bottom-tabs__menu" />
            </div>
          </details>
        </li>
      </ul>
    </nav>
  );
}
