import { useTranslation } from "~/i18n/translation";
import { NavLink, href } from "react-router";
import type { LikeCounts } from "~/discovery/like-lists.server";
import { likeTabs } from "~/discovery/like-api";
import { CountBadge } from "~/components/layout/NavBadge";

/** The tabs of the likes pages (product.md §2: received, given, matches), with counts and the new-like badge. */
export function LikesTabs({ counts }: { counts: LikeCounts }) {
  const { t } = useTranslation();
  return (
    <nav className="likes-tabs" aria-label={t("discovery:likes.tabsLabel")}>
      <ul>
        {likeTabs.map((tab) => (
          <li key={tab}>
            <NavLink to={href("/likes/:type", { type: tab })} className="likes-tabs__tab">
              {t(`discovery:likes.tabs.${tab}`)} <span className="likes-tabs__count">({counts[tab]})</span>
              {tab === "received" && <CountBadge count={counts.newReceived} label="nav.newLikesCount" />}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
