import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { Link, useNavigate, href } from "react-router";
import type { Route } from "./+types/swipe-game";
import { useMatchModal } from "~/components/discovery/MatchModal";
import { SwipeCard, type SwipeChoice } from "~/components/discovery/SwipeCard";
import { postLike } from "~/components/discovery/like-client";
import { getServices, getSite } from "~/http/context.server";
import { formatIdList, parseIdList } from "~/discovery/id-list";
import { swipeAllowance, swipeCandidates } from "~/discovery/swipe.server";
import { MAX_SEEN, SWIPE_BATCH } from "~/discovery/swipe-rules";
import { getI18n, getLocale } from "~/http/i18n.server";
import { requireDiscoveryMember } from "~/http/guards.server";

/** A card flies off for this long after a choice. */
const LEAVE_MS = 220;

/** `?seen=` holds the members passed or liked on this page already (passes are not stored). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, member } = await requireDiscoveryMember(context, request);
  const { db, now: clock } = getServices(context);
  const site = getSite(context);
  const now = clock();
  const seen = parseIdList(new URL(request.url).searchParams.get("seen"), MAX_SEEN);
  const [cards, allowance] = await Promise.all([
    swipeCandidates(db, { member, seen, now }),
    swipeAllowance(db, {
      profileId: member.id,
      paidUser: user.paidUser,
      perDay: site.settings.dailySwipeLikes,
      timeZone: site.settings.timeZone,
      language: getLocale(context),
      now,
    }),
  ]);
  return {
    cards,
    allowance,
    seen,
    fictionalIcon: site.settings.fictionalIcon,
    fictionalLabel: site.texts.fictionalSingular,
    title: `${getI18n(context).t("discovery:swipe.title")} · ${site.name}`,
  };
}

export default function SwipeGame({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { cards, allowance } = loaderData;
  const [position, setPosition] = useState(0);
  const [leaving, setLeaving] = useState<SwipeChoice | null>(null);
  const [remaining, setRemaining] = useState(allowance.unlimited ? null : allowance.remaining);
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const { match, showMatch, matchModal } = useMatchModal({ icon: loaderData.fictionalIcon, label: loaderData.fictionalLabel });
  const [announcement, setAnnouncement] = useState("");
  const seen = useRef<number[]>(loaderData.seen);

  // A new round of cards (next page of candidates): start at its first card.
  useEffect(() => {
    setPosition(0);
    setLeaving(null);
  }, [cards]);

  const current = cards[position] ?? null;
  const limitReached = remaining !== null && remaining <= 0;
  const roundUsedUp = current === null && cards.length === SWIPE_BATCH;

  // Out of cards in a full round: ask for the next one, without those already shown.
  useEffect(() => {
    if (roundUsedUp) navigate(`?seen=${formatIdList(seen.current, MAX_SEEN)}`, { replace: true, preventScrollReset: true });
  }, [roundUsedUp, navigate]);

  const choose = useCallback(
    (choice: SwipeChoice) => {
      if (!current || leaving || limitReached) return;
      seen.current = [...seen.current, current.id];
      setLeaving(choice);
      setAnnouncement(t(choice === "yes" ? "discovery:swipe.likedName" : "discovery:swipe.skippedName", { name: current.name }));
      setTimeout(() => {
        setPosition((value) => value + 1);
        setLeaving(null);
      }, LEAVE_MS);
      if (choice === "no") return;
      setRemaining((value) => (value === null ? null : value - 1));
      void postLike({ profile_id: current.id, action: "like", source: "swipe" }).then((response) => {
        if (response.ok) {
          if (response.result.match) showMatch(response.result.match);
          return;
        }
        if (response.status === 429) {
          setRemaining(0);
          setLimitMessage(response.error?.message ?? null);
        } else {
          // Not counted (the member is gone, or the call failed): give the like back.
          setRemaining((value) => (value === null ? null : value + 1));
        }
      });
    },
    [current, leaving, limitReached, t, showMatch],
  );

  // ← no, → yes (not while typing, with a modifier, or with the match modal open).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (match || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable='true']")) return;
      if (event.key === "ArrowRight") choose("yes");
      else if (event.key === "ArrowLeft") choose("no");
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [choose, match]);

  return (
    <main id="main" className="container narrow section swipe-game">
      <h1>{t("discovery:swipe.title")}</h1>
      <p className="lead">{t("discovery:swipe.intro")}</p>
      <p className="swipe-game__allowance">
        {remaining === null ? t("discovery:swipe.unlimited") : t("discovery:swipe.remaining", { count: Math.max(0, remaining) })}
      </p>

      {limitReached && !allowance.unlimited ? (
        <section className="swipe-limit alert alert-warning" role="status" aria-labelledby="swipe-limit-title">
          <h2 id="swipe-limit-title" className="h5">
            {t("discovery:swipe.limitTitle")}
          </h2>
          <p>{limitMessage ?? t("discovery:swipe.limitReached", { count: allowance.perDay, time: allowance.resetsAtText })}</p>
          <p>{t("discovery:swipe.premiumOdds")}</p>
          <p>
            <Link to={href("/premium")} className="btn btn-primary">
              {t("discovery:swipe.premiumCta")}
            </Link>
          </p>
        </section>
      ) : current ? (
        <div className="swipe-game__deck">
          <SwipeCard
            key={current.id}
            card={current}
            leaving={leaving}
            onChoose={choose}
            fictionalIcon={loaderData.fictionalIcon}
            fictionalLabel={loaderData.fictionalLabel}
          />
          <div className="swipe-game__buttons">
            <button
              type="button"
              className="swipe-button swipe-button--no"
              onClick={() => choose("no")}
              disabled={leaving !== null}
              aria-label={t("discovery:swipe.noLabel", { name: current.name })}
            >
              <svg className="icon" aria-hidden="true">
                <use href="/icons.svg#close" />
              </svg>{" "}
              {t("discovery:swipe.no")}
            </button>
            <Link to={href("/members/:id", { id: String(current.id) })} className="btn btn-link swipe-game__profile">
              {t("discovery:swipe.viewProfile")}
            </Link>
            <button
              type="button"
              className="swipe-button swipe-button--yes"
              onClick={() => choose("yes")}
              disabled={leaving !== null}
              aria-label={t("discovery:swipe.yesLabel", { name: current.name })}
            >
              <svg className="icon icon--filled" aria-hidden="true">
                <use href="/icons.svg#heart" />
              </svg>{" "}
              {t("discovery:swipe.yes")}
            </button>
          </div>
          <p className="field-hint swipe-game__hint">{t("discovery:swipe.hint")}</p>
        </div>
      ) : roundUsedUp ? (
        <p role="status">{t("discovery:swipe.loading")}</p>
      ) : (
        <div className="swipe-game__empty">
          <p>{t("discovery:swipe.empty")}</p>
          <p className="swipe-game__empty-actions">
            <Link to={href("/swipe-game")} className="btn btn-primary" replace>
              {t("discovery:swipe.again")}
            </Link>
            <Link to={href("/members")} className="btn btn-outline">
              {t("discovery:swipe.search")}
            </Link>
          </p>
        </div>
      )}

      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {matchModal}
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
