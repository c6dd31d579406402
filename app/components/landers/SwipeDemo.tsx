import { useTranslation } from "~/i18n/translation";
import { FictionalMark } from "~/components/profiles/FictionalMark";
import type { LanderData } from "~/routes/landers.server";
import { MemberPhoto } from "./LanderTile";
import { SignupCta } from "./SignupCta";
import { useLanderData } from "./use-lander-data";

/**
 * /landers/tinderswipe: a stack of real members to like or skip, like the swipe game. Without
 * JavaScript (ADR 030): each card's like and skip are labels of two radio buttons, and CSS throws
 * a chosen card aside. Under the last card waits the way to signup.
 */
export function SwipeDemo({ page }: { page: LanderData }) {
  const { t } = useTranslation();
  const lander = useLanderData();
  const { members } = page;
  return (
    <main id="main" className="lander lander--swipe">
      <div className="container lander-swipe">
        <div className="lander-swipe__intro">
          <p className="lander-eyebrow">{t("landers:tinderswipe.eyebrow")}</p>
          <h1 className="lander-headline">{t("landers:tinderswipe.title")}</h1>
          <p className="lander-lead">{t(`landers:niche.${page.choice.niche}.lead`)}</p>
          <p className="lander-swipe__hint">{t("landers:tinderswipe.hint")}</p>
        </div>
        <ol className="swipe-stack" aria-label={t("landers:tinderswipe.stackLabel")}>
          {members.map((member, index) => (
            <li key={member.id} className="swipe-stack__item" style={{ zIndex: members.length - index + 1 }}>
              <input
                type="radio"
                className="swipe-stack__choice swipe-stack__choice--like"
                name={`swipe-${member.id}`}
                id={`like-${member.id}`}
              />
              <input
                type="radio"
                className="swipe-stack__choice swipe-stack__choice--pass"
                name={`swipe-${member.id}`}
                id={`pass-${member.id}`}
              />
              <article className="swipe-stack__card" aria-label={`${member.name}, ${member.age}`}>
                <MemberPhoto profile={member} className="swipe-stack__photo" eager={index < 2} />
                <span className="swipe-stack__stamp swipe-stack__stamp--like" aria-hidden="true">
                  {t("landers:tinderswipe.stampLike")}
                </span>
                <span className="swipe-stack__stamp swipe-stack__stamp--pass" aria-hidden="true">
                  {t("landers:tinderswipe.stampPass")}
                </span>
                {member.fictional && (
                  <FictionalMark className="swipe-stack__fictional" icon={lander.fictionalIcon} label={lander.fictionalSingular} />
                )}
                <div className="swipe-stack__caption">
                  <strong>
                    {member.name}, {member.age}
                  </strong>
                  {member.region && <span>{member.region}</span>}
                </div>
                <div className="swipe-stack__buttons">
                  <label htmlFor={`pass-${member.id}`} className="swipe-stack__button swipe-stack__button--pass">
                    <svg className="icon" aria-hidden="true">
                      <use href="/icons.svg#close" />
                    </svg>
                    <span className="visually-hidden">{t("landers:tinderswipe.pass", { name: member.name })}</span>
                  </label>
                  <label htmlFor={`like-${member.id}`} className="swipe-stack__button swipe-stack__button--like">
                    <svg className="icon" aria-hidden="true">
                      <use href="/icons.svg#heart" />
                    </svg>
                    <span className="visually-hidden">{t("landers:tinderswipe.like", { name: member.name })}</span>
                  </label>
                </div>
              </article>
            </li>
          ))}
          <li className="swipe-stack__done">
            <svg className="icon swipe-stack__done-icon" aria-hidden="true">
              <use href="/icons.svg#sparkles" />
            </svg>
            <h2>{t("landers:tinderswipe.doneTitle")}</h2>
            <p>{t("landers:tinderswipe.doneText")}</p>
            <SignupCta note={false} />
          </li>
        </ol>
        <div className="lander-swipe__cta">
          <SignupCta />
        </div>
      </div>
    </main>
  );
}
