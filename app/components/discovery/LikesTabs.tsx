import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import type { LikeCounts } from "~/discovery/like-lists.server";
import { likeTabs } from "~/discovery/like-api";
import { badgeText } from "~/components/layout/TopNav";

/** The tabs of the likes pages (product.md §2: received, given, matches), with counts and the new-like badge. */
export function LikesTabs({ counts }: { counts: LikeCounts }) {
  const { t } = useTranslation();
  return (
    <nav className="likes-tabs" aria-label={t("discovery:likes.tabsLabel")}>
      <ul>
        {likeTabs.map((tab) => (
          <li key={tab}>
            <NavLink to={`/likes/${tab}`} className="likes-tabs__tab">
              {t(`discovery:likes.tabs.${tab}`)} <span className="likes-tabs__count">({counts[tab]})</span>
              {tab === "received" && counts.newReceived > 0 && (
                <span className="badge badge-secondary" aria-label={t("nav.newLikesCount", { count: counts.newReceived })}>
                  {badgeText(counts.newReceived)}
                </span>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
