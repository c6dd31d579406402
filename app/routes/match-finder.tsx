import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { Link, useNavigate, href } from "react-router";
import type { Route } from "./+types/match-finder";
import { useMatchModal } from "~/components/discovery/MatchModal";
import { postLike } from "~/components/discovery/like-client";
import { explainMatch } from "~/components/discovery/match-reason";
import { ProfileTile } from "~/components/profiles/ProfileTile";
import { getServices, getSite } from "~/http/context.server";
import { formatIdList, parseIdList } from "~/discovery/id-list";
import { SUGGESTIONS, matchFinderSuggestions } from "~/discovery/match-finder.server";
import { MAX_SEEN } from "~/discovery/swipe-rules";
import { getI18n } from "~/http/i18n.server";
import type { ProfileCard } from "~/profiles/profile-card.server";
import { requireDiscoveryMember } from "~/http/guards.server";

/** `?seen=` holds the suggestions skipped or liked on this page already (skips are not stored). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { member } = await requireDiscoveryMember(context, request);
  const { db, now } = getServices(context);
  const site = getSite(context);
  const seen = parseIdList(new URL(request.url).searchParams.get("seen"), MAX_SEEN);
  const suggestions = await matchFinderSuggestions(db, { member, skipped: seen, now: now() });
  return {
    suggestions,
    seen,
    /** A full set: there may be more after these. */
    more: suggestions.length === SUGGESTIONS,
    fictionalIcon: site.settings.fictionalIcon,
    fictionalLabel: site.texts.fictionalSingular,
    title: `${getI18n(context).t("discovery:matchFinder.title")} · ${site.name}`,
  };
}

export default function MatchFinder({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { suggestions, more, fictionalIcon, fictionalLabel } = loaderData;
  const [done, setDone] = useState<ReadonlySet<number>>(new Set());
  const { showMatch, matchModal } = useMatchModal({ icon: fictionalIcon, label: fictionalLabel });
  const [error, setError] = useState<string | null>(null);
  const seen = useRef<number[]>(loaderData.seen);
  const listed = suggestions.filter((suggestion) => !done.has(suggestion.profile.id));

  // A new set of suggestions arrived.
  useEffect(() => setDone(new Set()), [suggestions]);

  const usedUp = suggestions.length > 0 && listed.length === 0 && more;
  useEffect(() => {
    if (usedUp) navigate(`?seen=${formatIdList(seen.current, MAX_SEEN)}`, { replace: true, preventScrollReset: true });
  }, [usedUp, navigate]);

  const finish = (id: number) => {
    seen.current = [...seen.current, id];
    setDone((previous) => new Set(previous).add(id));
  };

  const like = async (profile: ProfileCard) => {
    setError(null);
    finish(profile.id);
    const response = await postLike({ profile_id: profile.id, action: "like", source: "match_finder" });
    if (response.ok) {
      if (response.result.match) showMatch(response.result.match);
    } else if (response.status !== 404) {
      setError(response.error?.message ?? t("messages.generic"));
    }
  };

  return (
    <main id="main" className="container section match-finder">
      <h1>{t("discovery:matchFinder.title")}</h1>
      <p className="lead">{t("discovery:matchFinder.intro")}</p>
      {error && (
        <p className="alert alert-danger" role="alert">
          {error}
        </p>
      )}
      {listed.length > 0 ? (
        <ul className="match-suggestions">
          {listed.map(({ profile, reasons }) => (
            <li key={profile.id} className="match-suggestion">
              <ProfileTile
                profile={profile}
                href={href("/members/:id", { id: String(profile.id) })}
                fictionalIcon={fictionalIcon}
                fictionalLabel={fictionalLabel}
              />
              <div className="match-suggestion__body">
                <p className="match-suggestion__reason">{explainMatch(reasons, t, i18n.language)}</p>
                <div className="match-suggestion__actions">
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    onClick={() => void like(profile)}
                    aria-label={t("discovery:matchFinder.likeLabel", { name: profile.name })}
                  >
                    <svg className="icon icon--filled" aria-hidden="true">
                      <use href="/icons.svg#heart" />
                    </svg>{" "}
                    {t("discovery:matchFinder.like")}
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    onClick={() => finish(profile.id)}
                    aria-label={t("discovery:matchFinder.skipLabel", { name: profile.name })}
                  >
                    {t("discovery:matchFinder.skip")}
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      ) : usedUp ? (
        <p role="status">{t("discovery:matchFinder.loading")}</p>
      ) : (
        <div className="match-finder__empty">
          <p>{t("discovery:matchFinder.empty")}</p>
          <p className="match-finder__empty-actions">
            <Link to={href("/profile")} className="btn btn-primary">
              {t("discovery:matchFinder.editProfile")}
            </Link>
            <Link to={href("/match-finder")} className="btn btn-outline" replace>
              {t("discovery:matchFinder.again")}
            </Link>
          </p>
        </div>
      )}
      {matchModal}
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
