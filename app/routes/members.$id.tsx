import { useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { data, Link, redirect, type ShouldRevalidateFunctionArgs, useLocation, href } from "react-router";
import type { Route } from "./+types/members.$id";
import { useMatchModal } from "~/components/discovery/MatchModal";
import { FictionalNotice } from "~/components/profiles/FictionalNotice";
import { InterestList } from "~/components/profiles/InterestList";
import { LoginRequiredAlert, loginHref, type LoginRequiredKind } from "~/components/profiles/LoginRequiredAlert";
import { PhotoGallery } from "~/components/profiles/PhotoGallery";
import { ProfileActions } from "~/components/profiles/ProfileActions";
import { ProfileHighlights } from "~/components/profiles/ProfileHighlights";
import { ProfileOverview } from "~/components/profiles/ProfileOverview";
import { RelatedProfiles } from "~/components/profiles/RelatedProfiles";
import { ResellTiles } from "~/components/profiles/ResellTiles";
import { UnblockButton } from "~/components/profiles/UnblockButton";
import { blockedInTab } from "~/components/profiles/blocked-in-tab";
import { getServices, getSite } from "~/http/context.server";
import { whileGuardingBrowsing } from "~/routes/browse-guard.server";
import { getI18n, getLocale } from "~/http/i18n.server";
import { countryNames, formatMonth } from "~/i18n/format";
import { profilePage } from "~/discovery/profile-page.server";
import { resellTilesFor } from "~/sites/resell-tiles.server";
import { getUser } from "~/http/guards.server";
import { trackingOf } from "~/http/cookies.server";

/**
 * A member's profile: /members/{id} and /likes/m/{id} (the same screen, product.md §2). Every
 * profile this viewer may not see answers the same 404 as one that does not exist (product.md §10).
 */
/** product.md §2: the installed app shows its back button here (TopNav). */
export const handle = { backButton: true };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const profileId = /^[1-9]\d{0,14}$/.test(params.id) ? Number(params.id) : null;
  if (profileId === null) throw data(null, { status: 404 });
  const site = getSite(context);
  const { db, now } = getServices(context);
  // The limit's count travels with the profile's reads (ADR 047).
  const page = await whileGuardingBrowsing(request, context, () =>
    profilePage(db, { profileId, user: getUser(context), site, tracking: trackingOf(request), now: now() }),
  );
  if (page.status === "login_required") {
    const url = new URL(request.url);
    throw redirect(loginHref(url.pathname + url.search));
  }
  if (page.status === "not_found") throw data(null, { status: 404 });
  const { settings } = site;
  const { card, notes } = page.view;
  const language = getLocale(context);
  return {
    ...page,
    // Named and formatted by the server: the browser builds no Intl formatter while it hydrates (ADR 063).
    view: { ...page.view, notes: notes && { ...notes, memberSince: formatMonth(notes.memberSince, language) } },
    countryName: countryNames([card.country], language)[0]!.name,
    fictional: {
      icon: settings.fictionalIcon,
      label: site.texts.fictionalSingular,
      warning: card.fictional ? site.texts.fictionalWarning : null,
    },
    resell: resellTilesFor(site),
    title: `${card.name}, ${card.age} · ${site.name}`,
    description: getI18n(context).t("members:view.metaDescription", { name: card.name, age: card.age, place: card.region ?? card.country }),
  };
}

/** A profile blocked in this tab keeps its page (the notice, the undo button) until the member leaves it. */
export function shouldRevalidate({ currentParams, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.href === nextUrl.href && blockedInTab.has(Number(currentParams.id))) return false;
  return defaultShouldRevalidate;
}

export default function MemberProfile({ loaderData }: Route.ComponentProps) {
  // A fresh screen per member: nothing (a block, an open alert, a match) carries over to the next profile.
  return <ProfileScreen key={loaderData.view.card.id} data={loaderData} />;
}

function ProfileScreen({
  data: { view, countryName, viewer, like, related, fictional, resell },
}: {
  data: Route.ComponentProps["loaderData"];
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const { card } = view;
  const [loginAlert, setLoginAlert] = useState<LoginRequiredKind | null>(null);
  const [blocked, setBlocked] = useState(false);
  const { showMatch, matchModal } = useMatchModal(fictional);
  const returnTo = location.pathname + location.search;

  return (
    <main id="main" className="container section member-profile">
      {viewer === "owner" && (
        <p className="alert alert-success member-profile__preview">
          {t("members:view.preview")} <Link to={href("/profile")}>{t("members:view.editProfile")}</Link>
        </p>
      )}
      {fictional.warning && <FictionalNotice icon={fictional.icon} warning={fictional.warning} />}

      <div className="member-profile__top">
        <ProfileOverview
          profile={card}
          countryName={countryName}
          photoUrl={view.mainPhoto?.url ?? null}
          fictionalIcon={fictional.icon}
          fictionalLabel={fictional.label}
        />
        {viewer !== "owner" &&
          (blocked ? (
            <div className="alert alert-warning member-profile__blocked" role="status">
              <p>{t("members:block.done", { name: card.name })}</p>
              <p className="member-profile__blocked-actions">
                <UnblockButton profileId={card.id} name={card.name} redirectTo={returnTo} onUnblocked={() => setBlocked(false)} />
                <Link to={href("/members")} className="btn btn-link btn-sm">
                  {t("members:block.backToSearch")}
                </Link>
              </p>
            </div>
          ) : (
            <ProfileActions
              profile={{ id: card.id, name: card.name }}
              viewer={viewer}
              like={like}
              returnTo={returnTo}
              onLoginRequired={setLoginAlert}
              onBlocked={() => setBlocked(true)}
              onMatch={showMatch}
            />
          ))}
      </div>

      {matchModal}

      <ProfileHighlights highlights={view.highlights} notes={view.notes} />
      <PhotoGallery photos={view.gallery} name={card.name} onLoginRequired={() => setLoginAlert("photo")} />

      {view.interests.length > 0 && (
        <section className="profile-section" aria-labelledby="profile-interests">
          <h2 id="profile-interests" className="h5">
            {t("members:view.interests")}
          </h2>
          <InterestList interests={view.interests} />
        </section>
      )}

      <section className="profile-section" aria-labelledby="profile-about">
        <h2 id="profile-about" className="h5">
          {t("members:view.about", { name: card.name })}
        </h2>
        {view.aboutMe ? (
          <p className="profile-about">{view.aboutMe}</p>
        ) : (
          <p className="field-hint">{t("members:view.noAbout", { name: card.name })}</p>
        )}
      </section>

      <RelatedProfiles profiles={related} fictionalIcon={fictional.icon} fictionalLabel={fictional.label} />
      <ResellTiles tiles={resell} />

      {loginAlert && (
        <div className="login-required-toast">
          <LoginRequiredAlert kind={loginAlert} name={card.name} returnTo={returnTo} onClose={() => setLoginAlert(null)} />
        </div>
      )}
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [{ title: loaderData.title }, { name: "description", content: loaderData.description }, { name: "robots", content: "noindex" }]
    : [];
