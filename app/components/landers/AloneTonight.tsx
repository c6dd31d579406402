import { useTranslation } from "~/i18n/translation";
import type { LanderData } from "~/routes/landers.server";
import { LanderGrid } from "./LanderTile";
import { SignupCta } from "./SignupCta";

/** /landers/alonetonight: a night-sky hero asking the question, then who is around right now. */
export function AloneTonight({ page }: { page: LanderData }) {
  const { t } = useTranslation();
  const online = page.members.filter((member) => member.online).length;
  return (
    <main id="main" className="lander lander--night">
      <section className="night-hero">
        <div className="container night-hero__inner">
          <svg className="icon night-hero__moon" aria-hidden="true">
            <use href="/icons.svg#moon" />
          </svg>
          <p className="lander-eyebrow">{t("landers:alonetonight.eyebrow")}</p>
          <h1 className="lander-headline">{t("landers:alonetonight.title")}</h1>
          <p className="lander-lead">{t(`landers:niche.${page.choice.niche}.lead`)}</p>
          <SignupCta light />
        </div>
      </section>
      <section className="container section" aria-labelledby="tonight-members">
        <h2 id="tonight-members">{t("landers:alonetonight.membersTitle")}</h2>
        {online > 0 && <p className="lander-muted">{t("landers:alonetonight.onlineNow", { count: online })}</p>}
        <LanderGrid members={page.members} />
      </section>
    </main>
  );
}
