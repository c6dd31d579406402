import { useTranslation } from "~/i18n/translation";
import { FictionalMark } from "~/components/profiles/FictionalMark";
import type { LanderData } from "~/routes/landers.server";
import { MemberPhoto, memberHref } from "./LanderTile";
import { NicheCopy, SignupCta } from "./SignupCta";
import { useLanderData } from "./use-lander-data";

/** /landers/socialnetwork: members as posts in a feed, each with its like and message, beside the way in. */
export function SocialFeed({ page }: { page: LanderData }) {
  const { t } = useTranslation();
  const lander = useLanderData();
  return (
    <main id="main" className="lander lander--social">
      <div className="container social">
        <aside className="social__join">
          <NicheCopy niche={page.choice.niche} />
          <SignupCta />
        </aside>
        <section className="social__feed" aria-labelledby="feed-title">
          <h2 id="feed-title" className="social__feed-title">
            {t("landers:socialnetwork.feedTitle", { siteName: lander.siteName })}
          </h2>
          {page.members.map((member, index) => {
            const href = memberHref(member.id, lander.loggedIn);
            return (
              <article key={member.id} className="post" aria-labelledby={`post-${member.id}`}>
                <header className="post__head">
                  <MemberPhoto profile={member} className="post__avatar" eager={index < 2} />
                  <div>
                    <h3 id={`post-${member.id}`} className="post__name">
                      {member.name}, {member.age}
                      {member.fictional && (
                        <FictionalMark className="post__fictional" icon={lander.fictionalIcon} label={lander.fictionalSingular} />
                      )}
                    </h3>
                    <p className="post__meta">
                      {[member.region, member.online ? t("landers:socialnetwork.onlineNow") : t("landers:socialnetwork.recentlyActive")]
                        .filter(Boolean)
                        .join(" · ")}
                    </p>
                  </div>
                </header>
                <a href={href} className="post__photo-link">
                  <MemberPhoto profile={member} className="post__photo" eager={index < 1} />
                  <span className="visually-hidden">{t("landers:socialnetwork.viewProfile", { name: member.name })}</span>
                </a>
                <div className="post__actions">
                  <a href={href} className="post__action">
                    <svg className="icon" aria-hidden="true">
                      <use href="/icons.svg#heart" />
                    </svg>
                    {t("landers:socialnetwork.like")}
                    <span className="visually-hidden"> {member.name}</span>
                  </a>
                  <a href={href} className="post__action">
                    <svg className="icon" aria-hidden="true">
                      <use href="/icons.svg#chat" />
                    </svg>
                    {t("landers:socialnetwork.message")}
                    <span className="visually-hidden"> {member.name}</span>
                  </a>
                </div>
              </article>
            );
          })}
          <div className="lander-center">
            <SignupCta />
          </div>
        </section>
      </div>
    </main>
  );
}
