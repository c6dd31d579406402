import { useTranslation } from "~/i18n/translation";
import type { LanderData } from "~/routes/landers.server";
import { LanderTile } from "./LanderTile";
import { NicheCopy, SignupCta } from "./SignupCta";

/** /landers/gallery: a wide grid of members, the photos doing the talking. */
export function Gallery({ page }: { page: LanderData }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="lander lander--gallery">
      <section className="container lander-gallery__head">
        <div>
          <NicheCopy niche={page.choice.niche} />
        </div>
        <SignupCta />
      </section>
      <section className="container section" aria-labelledby="gallery-title">
        <h2 id="gallery-title" className="lander-gallery__title">
          <svg className="icon" aria-hidden="true">
            <use href="/icons.svg#camera" />
          </svg>{" "}
          {t("landers:gallery.title")}
        </h2>
        <ul className="lander-gallery__grid">
          {page.members.map((member) => (
            <li key={member.id}>
              <LanderTile profile={member} />
            </li>
          ))}
        </ul>
      </section>
      <section className="cta-band">
        <div className="container">
          <h2>{t("landers:gallery.more")}</h2>
          <SignupCta light />
        </div>
      </section>
    </main>
  );
}
