import { useTranslation } from "~/i18n/translation";
import type { LanderData } from "~/routes/landers.server";
import { LanderGrid } from "./LanderTile";
import { PhotoFilm } from "./PhotoFilm";
import { NicheCopy, SignupCta } from "./SignupCta";

/** /landers/transitionsvideolanding: a full-width film of members, each frame entering with its own transition, the message over it. */
export function TransitionsVideo({ page }: { page: LanderData }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="lander lander--transitions">
      <PhotoFilm
        id="transitions-film"
        members={page.members}
        effects={["fade", "slide", "zoom", "wipe", "rise", "spin"]}
        className="film--full"
      >
        <div className="film__overlay">
          <div className="container">
            <p className="lander-eyebrow">{t("landers:transitionsvideolanding.eyebrow")}</p>
            <NicheCopy niche={page.choice.niche} />
            <SignupCta light />
          </div>
        </div>
      </PhotoFilm>
      <section className="container section" aria-labelledby="transitions-members">
        <h2 id="transitions-members">{t("landers:transitionsvideolanding.membersTitle")}</h2>
        <LanderGrid members={page.members} />
      </section>
    </main>
  );
}
