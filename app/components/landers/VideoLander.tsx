import { useTranslation } from "~/i18n/translation";
import type { LanderData } from "~/routes/landers.server";
import { LanderGrid } from "./LanderTile";
import { PhotoFilm } from "./PhotoFilm";
import { SignupCta } from "./SignupCta";
import { useLanderData } from "./use-lander-data";

/** /landers/video: a video page, the player first, the members in it listed below like a playlist. */
export function VideoLander({ page }: { page: LanderData }) {
  const { t } = useTranslation();
  const lander = useLanderData();
  return (
    <main id="main" className="lander lander--video">
      <section className="container section video-page">
        <div className="video-page__player">
          <PhotoFilm id="video-film" members={page.members} effects={["kenburns"]} className="film--player" />
        </div>
        <div className="video-page__text">
          <h1 className="lander-headline">{t("landers:video.title", { siteName: lander.siteName })}</h1>
          <p className="lander-lead">{t(`landers:niche.${page.choice.niche}.lead`)}</p>
          <SignupCta />
        </div>
      </section>
      <section className="section section--muted" aria-labelledby="video-members">
        <div className="container">
          <h2 id="video-members">{t("landers:video.membersTitle")}</h2>
          <LanderGrid members={page.members} />
        </div>
      </section>
    </main>
  );
}
