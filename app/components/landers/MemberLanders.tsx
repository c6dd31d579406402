import { href } from "react-router";
import { useTranslation } from "~/i18n/translation";
import { FictionalMark } from "~/components/profiles/FictionalMark";
import { InterestList } from "~/components/profiles/InterestList";
import type { MemberLanderData } from "~/routes/landers.server";
import type { MemberTeaser } from "~/landers/member-teaser.server";
import { LanderGrid, MemberPhoto } from "./LanderTile";
import { NicheCopy } from "./SignupCta";
import { useLanderData } from "./use-lander-data";

/** Where a member lander leads: a visitor to signing up with this member in view, a member to the profile. */
function useContactHref(profileId: number) {
  return useLanderData().loggedIn
    ? href("/members/:id", { id: String(profileId) })
    : href("/members/:id/signup", { id: String(profileId) });
}

function MemberFacts({ teaser, as: Heading = "h1" }: { teaser: MemberTeaser; as?: "h1" | "h2" }) {
  const lander = useLanderData();
  const { card } = teaser;
  return (
    <>
      <Heading className="member-lander__name">
        {card.online && <span className="online-dot" aria-hidden="true" />}
        {card.name}, {card.age}
        {card.fictional && (
          <FictionalMark className="member-lander__fictional" icon={lander.fictionalIcon} label={lander.fictionalSingular} />
        )}
      </Heading>
      {card.region && (
        <p className="member-lander__region">
          <svg className="icon" aria-hidden="true">
            <use href="/icons.svg#map-pin" />
          </svg>{" "}
          {card.region}
        </p>
      )}
    </>
  );
}

function ContactButtons({ teaser, light = false }: { teaser: MemberTeaser; light?: boolean }) {
  const { t } = useTranslation();
  const href = useContactHref(teaser.card.id);
  return (
    <div className="member-lander__actions">
      <a href={href} className={`btn btn-lg ${light ? "btn-light" : "btn-secondary"}`}>
        <svg className="icon" aria-hidden="true">
          <use href="/icons.svg#chat" />
        </svg>{" "}
        {t("landers:member.write", { name: teaser.card.name })}
      </a>
      <a href={href} className={`btn btn-lg ${light ? "btn-outline-light" : "btn-outline"}`}>
        <svg className="icon" aria-hidden="true">
          <use href="/icons.svg#heart" />
        </svg>{" "}
        {t("landers:member.like")}
      </a>
    </div>
  );
}

function Related({ teaser }: { teaser: MemberTeaser }) {
  const { t } = useTranslation();
  if (teaser.related.length === 0) return null;
  return (
    <section className="section section--muted" aria-labelledby="member-related">
      <div className="container">
        <h2 id="member-related">{t("landers:member.related", { name: teaser.card.name })}</h2>
        <LanderGrid members={teaser.related} />
      </div>
    </section>
  );
}

/** /members/{id}/landing: one member's profile teaser, leading to signing up to write to them. */
export function MemberLanding({ page }: { page: MemberLanderData }) {
  const { t } = useTranslation();
  const { teaser } = page;
  return (
    <main id="main" className="lander lander--member">
      <section className="container section member-lander">
        <div className="member-lander__photo-box">
          <MemberPhoto
            profile={{ ...teaser.card, photoUrl: teaser.photoUrl ?? teaser.card.photoUrl }}
            className="member-lander__photo"
            eager
          />
        </div>
        <div className="member-lander__text">
          <MemberFacts teaser={teaser} />
          {teaser.about && (
            <blockquote className="member-lander__about">
              <p>{teaser.about}</p>
            </blockquote>
          )}
          {teaser.interests.length > 0 && (
            <>
              <h2 className="h5">{t("landers:member.interests")}</h2>
              <InterestList interests={teaser.interests.slice(0, 8)} />
            </>
          )}
          <p className="lander-muted">{t("landers:member.teaser", { name: teaser.card.name })}</p>
          <ContactButtons teaser={teaser} />
        </div>
      </section>
      <Related teaser={teaser} />
    </main>
  );
}

/** /members/{id}/landing2/{slug?}: the niche's message first, the member as its spotlight. */
export function MemberLanding2({ page }: { page: MemberLanderData }) {
  const { t } = useTranslation();
  const { teaser } = page;
  return (
    <main id="main" className="lander lander--member2">
      <section className="spotlight">
        <div className="container spotlight__inner">
          <div className="spotlight__text">
            <NicheCopy niche={page.choice.niche} />
          </div>
          <article className="spotlight__card" aria-labelledby="spotlight-name">
            <MemberPhoto
              profile={{ ...teaser.card, photoUrl: teaser.photoUrl ?? teaser.card.photoUrl }}
              className="spotlight__photo"
              eager
            />
            <div className="spotlight__body">
              <p className="lander-eyebrow">{t("landers:member.spotlight")}</p>
              <h2 id="spotlight-name" className="member-lander__name">
                {teaser.card.name}, {teaser.card.age}
              </h2>
              {teaser.card.region && <p className="member-lander__region">{teaser.card.region}</p>}
              <ContactButtons teaser={teaser} />
            </div>
          </article>
        </div>
      </section>
      <Related teaser={teaser} />
    </main>
  );
}

/** /members/{id}/landing3/{slug?}: the member's photo fills the screen, like a card to answer. */
export function MemberLanding3({ page }: { page: MemberLanderData }) {
  const { t } = useTranslation();
  const { teaser } = page;
  return (
    <main id="main" className="lander lander--member3">
      <section className="fullcard">
        <MemberPhoto profile={{ ...teaser.card, photoUrl: teaser.photoUrl ?? teaser.card.photoUrl }} className="fullcard__photo" eager />
        <div className="fullcard__body">
          <div className="container">
            <MemberFacts teaser={teaser} />
            <p className="lander-lead">{t(`landers:niche.${page.choice.niche}.lead`)}</p>
            <ContactButtons teaser={teaser} light />
          </div>
        </div>
      </section>
      <Related teaser={teaser} />
    </main>
  );
}

/** The member beside the signup form of /members/{id}/signup. */
export function MemberInView({ teaser }: { teaser: MemberTeaser }) {
  const { t } = useTranslation();
  return (
    <aside className="member-signup__member" aria-label={teaser.card.name}>
      <MemberPhoto profile={{ ...teaser.card, photoUrl: teaser.photoUrl ?? teaser.card.photoUrl }} className="member-signup__photo" eager />
      <div className="member-signup__facts">
        <MemberFacts teaser={teaser} as="h2" />
        {teaser.about && <p className="member-lander__about">{teaser.about}</p>}
        <p className="lander-muted">{t("landers:member.afterSignup", { name: teaser.card.name })}</p>
      </div>
    </aside>
  );
}
