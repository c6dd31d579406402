import { useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { Form, href, Link, useFetcher, useLoaderData } from "react-router";
import type { Route } from "./+types/members";
import { fromKnownTrafficSource } from "~/acquisition/tracking.server";
import { LikeButton } from "~/components/discovery/LikeButton";
import { useMatchModal } from "~/components/discovery/MatchModal";
import { FIRST_SCREENFUL, ProfileTile } from "~/components/profiles/ProfileTile";
import { MemberSearchButton } from "~/components/search/MemberSearchModal";
import { SearchFilterFields } from "~/components/search/SearchFilterFields";
import { getServices, getSite } from "~/http/context.server";
import { whileGuardingBrowsing } from "~/routes/browse-guard.server";
import { getI18n, getLocale } from "~/http/i18n.server";
import type { ProfileCard } from "~/profiles/profile-card.server";
import { memberSearch, type MemberSearchPage, type SearchResult } from "~/search/member-search.server";
import { searchAccess } from "~/search/search-access";
import { COUNT_CAP, parseSearchQuery, SIMILAR_COUNT_CAP, searchParams } from "~/search/search-params";
import { getUser } from "~/http/guards.server";
import { trackingOf } from "~/http/cookies.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  // The browsing limit's count travels with the search (ADR 047).
  return whileGuardingBrowsing(request, context, () => searchPage(request, context));
}

async function searchPage(request: Request, context: Route.LoaderArgs["context"]) {
  const { db, now } = getServices(context);
  const site = getSite(context);
  const { settings } = site;
  const user = getUser(context);
  const t = getI18n(context).t;
  const access = searchAccess({
    loggedIn: user !== null,
    hasTrafficSource: fromKnownTrafficSource(trackingOf(request), settings.trafficNetworks),
    loggedOutSearch: settings.loggedOutSearch,
    loggedOutSearchTrafficsource: settings.loggedOutSearchTrafficsource,
  });
  const page = {
    title: `${t("search:title")} · ${site.name}`,
    access,
    loggedIn: user !== null,
    fictionalIcon: settings.fictionalIcon,
    fictionalLabel: site.texts.fictionalSingular,
  };
  if (access === "none") return { ...page, search: null };

  const result = await memberSearch(db, {
    site: { id: site.id, ...settings },
    viewerProfile: user?.profile ?? null,
    access,
    query: parseSearchQuery(new URL(request.url).searchParams, { countries: settings.countries, minAge: settings.minAge }),
    now: now(),
    language: getLocale(context),
  });
  return { ...page, search: withLinks(result) };
}

/** The search's pages as links: the service hands out cursors, the route knows its own address. */
function withLinks({ nextCursor, previousCursor, similar, ...search }: MemberSearchPage) {
  const { filters, page } = search;
  return {
    ...search,
    nextHref: nextCursor ? searchLink(filters, { cursor: { after: nextCursor }, page: page + 1 }) : null,
    previousHref: previousCursor ? searchLink(filters, { cursor: { before: previousCursor }, page: page - 1 }) : null,
    similar: similar && {
      profiles: similar.profiles,
      total: similar.total,
      nextHref: similar.nextCursor ? searchLink(filters, { cursor: null, page: 1, similarAfter: similar.nextCursor }) : null,
    },
  };
}

const searchLink = (...args: Parameters<typeof searchParams>) => `${href("/members")}?${searchParams(...args)}`;

export default function Members({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { search, access } = loaderData;
  const { showMatch, matchModal } = useMatchModal({ icon: loaderData.fictionalIcon, label: loaderData.fictionalLabel });
  return (
    <main id="main" className="container section member-search">
      <header className="member-search__header">
        <h1>{t("search:title")}</h1>
        {search && (
          <p className="member-search__count" aria-live="polite">
            {search.total.capped
              ? t("search:results.countCapped", { cap: COUNT_CAP })
              : t("search:results.count", { count: search.total.count })}
          </p>
        )}
        {search && (
          <MemberSearchButton className="btn btn-outline member-search__filter-button" values={search.filters} options={search.options}>
            {t("search:filters.open")}
          </MemberSearchButton>
        )}
      </header>

      {search === null ? (
        <VisitorCall variant="none" />
      ) : (
        <div className="member-search__layout">
          <aside className="member-search__filters" aria-labelledby="search-filters-title">
            <h2 id="search-filters-title" className="h5">
              {t("search:filters.title")}
            </h2>
            <Form key={searchLink(search.filters)} method="get" action={href("/members")} className="form-stack">
              <SearchFilterFields idPrefix="search-filter" values={search.filters} options={search.options} />
              <button type="submit" className="btn btn-primary btn-block">
                {t("search:filters.submit")}
              </button>
            </Form>
          </aside>

          <section className="member-search__results" aria-labelledby="search-results-title">
            <h2 id="search-results-title" className="visually-hidden">
              {t("search:results.label")}
            </h2>
            {search.profiles.length === 0 ? (
              <p className="member-search__empty">{t("search:results.none")}</p>
            ) : (
              <ResultGrid profiles={search.profiles} onMatch={showMatch} />
            )}

            {(search.previousHref || search.nextHref) && (
              <nav className="member-search__pages" aria-label={t("search:pagination.label")}>
                {search.previousHref ? (
                  <Link to={search.previousHref} rel="prev" className="btn btn-outline">
                    {t("search:pagination.previous")}
                  </Link>
                ) : (
                  <span />
                )}
                <span className="member-search__page">{t("search:pagination.page", { page: search.page })}</span>
                {search.nextHref ? (
                  <Link to={search.nextHref} rel="next" className="btn btn-primary">
                    {t("search:pagination.next")}
                  </Link>
                ) : (
                  <span />
                )}
              </nav>
            )}

            {access === "limited" && <VisitorCall variant="limited" />}

            {search.similar && (
              <SimilarMembers
                key={`${searchLink(search.filters)}:${search.similar.profiles[0]?.id}`}
                similar={search.similar}
                onMatch={showMatch}
              />
            )}
          </section>
        </div>
      )}
      {matchModal}
    </main>
  );
}

type Similar = NonNullable<NonNullable<Route.ComponentProps["loaderData"]["search"]>["similar"]>;

/**
 * Members close to a search that found few, with their own count and "more" link (spec §3 search
 * state). The link loads the next ones as a page without JavaScript; with it, they are added below.
 */
function SimilarMembers({ similar, onMatch }: { similar: Similar; onMatch: (match: ProfileCard) => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof loader>();
  const [more, setMore] = useState<{ profiles: SearchResult[]; nextHref: string | null; loaded: string | null }>({
    profiles: [],
    nextHref: similar.nextHref,
    loaded: null,
  });
  const next = fetcher.data?.search?.similar;
  if (fetcher.state === "idle" && next && more.loaded !== next.nextHref + String(next.profiles[0]?.id)) {
    const shown = new Set([...similar.profiles, ...more.profiles].map((profile) => profile.id));
    setMore({
      profiles: [...more.profiles, ...next.profiles.filter((profile) => !shown.has(profile.id))],
      nextHref: next.nextHref,
      loaded: next.nextHref + String(next.profiles[0]?.id),
    });
  }
  return (
    <section className="member-search__similar" aria-labelledby="search-similar-title">
      <h2 id="search-similar-title">{t("search:similar.title")}</h2>
      <p className="field-hint">{t("search:similar.lead")}</p>
      <p className="member-search__similar-count" aria-live="polite">
        {similar.total.capped
          ? t("search:similar.countCapped", { cap: SIMILAR_COUNT_CAP })
          : t("search:similar.count", { count: similar.total.count })}
      </p>
      <ResultGrid profiles={[...similar.profiles, ...more.profiles]} onMatch={onMatch} />
      {more.nextHref && (
        <p className="member-search__similar-more">
          <Link
            to={more.nextHref}
            rel="nofollow"
            className="btn btn-outline"
            preventScrollReset
            aria-disabled={fetcher.state !== "idle" || undefined}
            onClick={(event) => {
              event.preventDefault();
              if (fetcher.state === "idle" && more.nextHref) fetcher.load(more.nextHref);
            }}
          >
            {fetcher.state === "idle" ? t("search:similar.more") : t("search:filters.loading")}
          </Link>
        </p>
      )}
    </section>
  );
}

function ResultGrid({ profiles, onMatch }: { profiles: SearchResult[]; onMatch: (match: ProfileCard) => void }) {
  const { loggedIn, fictionalIcon, fictionalLabel } = useLoaderData<typeof loader>();
  return (
    <ul className="profile-grid member-search__grid">
      {profiles.map((profile, index) => (
        <li key={profile.id}>
          <ProfileTile
            profile={profile}
            priority={index < FIRST_SCREENFUL}
            // Visitors go to signup (the signup modal takes that link over), as on the home page.
            href={loggedIn ? href("/members/:id", { id: String(profile.id) }) : href("/signup")}
            fictionalIcon={fictionalIcon}
            fictionalLabel={fictionalLabel}
            // Visitors get the login-required alert from the button (product.md §6).
            actions={
              <LikeButton
                profileId={profile.id}
                profileName={profile.name}
                liked={profile.liked}
                likedMe={profile.likedMe}
                onMatch={onMatch}
              />
            }
          />
        </li>
      ))}
    </ul>
  );
}

/** product.md §8 "login required": the call to log in or sign up when logged-out search is off or limited. */
function VisitorCall({ variant }: { variant: "none" | "limited" }) {
  const { t } = useTranslation();
  return (
    <section className="member-search__visitor alert alert-warning" aria-labelledby="search-visitor-title">
      <h2 id="search-visitor-title" className="h5">
        {t(variant === "none" ? "search:visitor.noneTitle" : "search:visitor.limitedTitle")}
      </h2>
      <p>{t(variant === "none" ? "search:visitor.noneText" : "search:visitor.limitedText")}</p>
      <p className="member-search__visitor-actions">
        <Link to={href("/signup")} className="btn btn-secondary">
          {t("search:visitor.signup")}
        </Link>
        <Link to={`${href("/login")}?${new URLSearchParams({ redirectTo: href("/members") })}`} className="btn btn-outline">
          {t("search:visitor.login")}
        </Link>
      </p>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];
