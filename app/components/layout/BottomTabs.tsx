import { useTranslation } from "~/i18n/translation";
import { NavLink } from "react-router";
import { AccountMenu } from "./AccountMenu";
import { MEMBER_LINKS } from "./member-links";
import { CountBadge } from "./NavBadge";
import { InlineIcon } from "./InlineIcon";
import type { NavUser } from "./member-links";

/** The tab bar's order: search, likes, messages (the top bar has messages before likes). */
const TABS = [MEMBER_LINKS[0], MEMBER_LINKS[2], MEMBER_LINKS[1]];

/**
 * The member's tab bar at the bottom of a phone screen (below 768 px; CSS hides it from there on,
 * where the top bar holds these links): search, likes, messages and the account menu, which opens
 * as a sheet above the bar (its tab is highlighted on the pages it leads to: CSS, via the
 * NavLinks' `active` class).
 */
export function BottomTabs({ user }: { user: NavUser }) {
  const { t } = useTranslation();
  return (
    <nav className="bottom-tabs" aria-label={t("nav.tabsLabel")}>
      <ul className="bottom-tabs__list">
        {TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink to={tab.to} className="bottom-tabs__tab">
              <span className="bottom-tabs__icon">
                <InlineIcon name={tab.icon} className="nav-icon" />
                {"count" in tab && <CountBadge count={user[tab.count]} label={tab.badge} />}
              </span>
              <span className="bottom-tabs__label">{t(tab.short)}</span>
            </NavLink>
          </li>
        ))}
        <li>
          <AccountMenu user={user} className="bottom-tabs__account" label={t("nav.account")} />
        </li>
      </ul>
    </nav>
  );
}
