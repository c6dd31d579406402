import { useTranslation } from "~/i18n/translation";
import { FictionalMark } from "~/components/profiles/FictionalMark";
import type { LanderData } from "~/routes/landers.server";
import { MemberPhoto, memberHref } from "./LanderTile";
import { NicheCopy, SignupCta } from "./SignupCta";
import { useLanderData } from "./use-lander-data";

/** /landers/collagelanding: members' photos pinned around the message, like prints on a wall. */
export function Collage({ page }: { page: LanderData }) {
  const { t } = useTranslation();
  const lander = useLanderData();
  return (
    <main id="main" className="lander lander--collage">
      <section className="collage container">
        <div className="collage__card">
          <NicheCopy niche={page.choice.niche} />
          <p className="lander-muted">{t("landers:collagelanding.caption", { siteName: lander.siteName })}</p>
          <SignupCta />
        </div>
        <ul className="collage__photos" aria-label={t("landers:collagelanding.photosLabel")}>
          {page.members.map((member, index) => (
            <li key={member.id} className={`collage__item collage__item--${index % 6}`}>
              <a href={memberHref(member.id, lander.loggedIn)} className="collage__link">
                <MemberPhoto profile={member} className="collage__photo" eager={index < 4} />
                <span className="collage__name">
                  {member.name}, {member.age}
                </span>
                {member.fictional && (
                  <FictionalMark className="collage__fictional" icon={lander.fictionalIcon} label={lander.fictionalSingular} />
                )}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
