import { useTranslation } from "~/i18n/translation";
import { Link, href } from "react-router";
import type { Route } from "./+types/likes";
import { LikeGrid } from "~/components/discovery/LikeTile";
import { LikesTabs } from "~/components/discovery/LikesTabs";
import { useMatchModal } from "~/components/discovery/MatchModal";
import { getServices, getSite } from "~/http/context.server";
import { likeTabs } from "~/discovery/like-api";
import { likeCounts, likeListPage } from "~/discovery/like-lists.server";
import { getI18n } from "~/http/i18n.server";
import { requireDiscoveryMember } from "~/http/guards.server";

/** Members shown per tab on the overview. */
const NEWEST = 4;

/** The likes overview (product.md §2): how many in each tab and the newest of each. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { member } = await requireDiscoveryMember(context, request);
  const { db, now } = getServices(context);
  const site = getSite(context);
  const scope = { viewerProfileId: member.id, siteId: site.id, now: now() };
  const [counts, ...pages] = await Promise.all([
    likeCounts(db, scope),
    ...likeTabs.map((tab) => likeListPage(db, { ...scope, tab, cursor: null, limit: NEWEST })),
  ]);
  return {
    counts,
    sections: likeTabs.map((tab, index) => ({ tab, items: pages[index]!.items })),
    fictionalIcon: site.settings.fictionalIcon,
    fictionalLabel: site.texts.fictionalSingular,
    title: `${getI18n(context).t("discovery:likes.title")} · ${site.name}`,
  };
}

export default function Likes({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { counts, fictionalIcon, fictionalLabel } = loaderData;
  const { showMatch, matchModal } = useMatchModal({ icon: fictionalIcon, label: fictionalLabel });
  return (
    <main id="main" className="container section likes-page">
      <h1>{t("discovery:likes.title")}</h1>
      <p className="lead">{t("discovery:likes.intro")}</p>
      <LikesTabs counts={counts} />
      {loaderData.sections.map(({ tab, items }) => (
        <section key={tab} className="likes-section" aria-labelledby={`likes-${tab}`}>
          <div className="likes-section__head">
            <h2 id={`likes-${tab}`}>{t(`discovery:likes.headings.${tab}`)}</h2>
            {counts[tab] > 0 && (
              <Link to={href("/likes/:type", { type: tab })} className="likes-section__all">
                {t("discovery:likes.seeAll", { total: counts[tab] })}
              </Link>
            )}
          </div>
          <LikeGrid items={items} tab={tab} onMatch={showMatch} fictionalIcon={fictionalIcon} fictionalLabel={fictionalLabel} />
        </section>
      ))}
      <p className="likes-page__more">
        <Link to={href("/swipe-game")} className="btn btn-primary">
          {t("discovery:swipe.title")}
        </Link>{" "}
        <Link to={href("/match-finder")} className="btn btn-outline">
          {t("discovery:matchFinder.title")}
        </Link>
      </p>
      {matchModal}
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
