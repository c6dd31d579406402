import { useTranslation } from "~/i18n/translation";
import { data, Link, href } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/likes.$type";
import { LikeGrid } from "~/components/discovery/LikeTile";
import { LikesTabs } from "~/components/discovery/LikesTabs";
import { useMatchModal } from "~/components/discovery/MatchModal";
import { getServices, getSite } from "~/http/context.server";
import { likeTabs } from "~/discovery/like-api";
import { cursorParam, likeCounts, likeListPage, parseCursor } from "~/discovery/like-lists.server";
import { getI18n } from "~/http/i18n.server";
import { requireDiscoveryMember } from "~/http/guards.server";

const PAGE_SIZE = 24;

const tabSchema = z.enum(likeTabs);

/** `/likes/{type}`: received, given or matches (anything else: 404); `?after=` pages on. */
/** product.md §2: the installed app shows its back button here (TopNav). */
export const handle = { backButton: true };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const tab = tabSchema.safeParse(params.type);
  if (!tab.success) throw data(null, { status: 404 });
  const { member } = await requireDiscoveryMember(context, request);
  const { db, now } = getServices(context);
  const site = getSite(context);
  const scope = { viewerProfileId: member.id, siteId: site.id, now: now() };
  const cursor = parseCursor(new URL(request.url).searchParams.get("after"));
  const [counts, page] = await Promise.all([
    likeCounts(db, scope),
    likeListPage(db, { ...scope, tab: tab.data, cursor, limit: PAGE_SIZE }),
  ]);
  const t = getI18n(context).t;
  return {
    tab: tab.data,
    counts,
    items: page.items,
    next: page.next ? cursorParam(page.next) : null,
    paged: cursor !== null,
    fictionalIcon: site.settings.fictionalIcon,
    fictionalLabel: site.texts.fictionalSingular,
    title: `${t(`discovery:likes.headings.${tab.data}`)} · ${site.name}`,
  };
}

export default function LikesTab({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { tab, items, fictionalIcon, fictionalLabel } = loaderData;
  const { showMatch, matchModal } = useMatchModal({ icon: fictionalIcon, label: fictionalLabel });
  return (
    <main id="main" className="container section likes-page">
      <h1>{t("discovery:likes.title")}</h1>
      <LikesTabs counts={loaderData.counts} />
      <h2 className="likes-page__heading">{t(`discovery:likes.headings.${tab}`)}</h2>
      <LikeGrid items={items} tab={tab} onMatch={showMatch} fictionalIcon={fictionalIcon} fictionalLabel={fictionalLabel} />
      <p className="likes-page__pager">
        {loaderData.paged && (
          <Link to={href("/likes/:type", { type: tab })} className="btn btn-outline">
            {t("discovery:likes.first")}
          </Link>
        )}{" "}
        {loaderData.next && (
          <Link to={`${href("/likes/:type", { type: tab })}?after=${loaderData.next}`} className="btn btn-primary">
            {t("discovery:likes.more")}
          </Link>
        )}
      </p>
      {matchModal}
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
