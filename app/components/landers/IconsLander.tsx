import { useTranslation } from "~/i18n/translation";
import type { LanderData } from "~/routes/landers.server";
import { LanderGrid } from "./LanderTile";
import { NicheCopy, SignupCta } from "./SignupCta";

/** What the site offers, each with its icon of the sprite: all of it true of the product (product.md §1, §10). */
const FEATURES = [
  ["free", "sparkles"],
  ["checked", "shield"],
  ["discreet", "eye-off"],
  ["nearby", "map-pin"],
  ["chat", "chat"],
  ["matches", "heart"],
] as const;

/** /landers/iconslanding: the reasons to join as six icons, then a row of members. */
export function IconsLander({ page }: { page: LanderData }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="lander lander--icons">
      <section className="icons-hero">
        <div className="container icons-hero__inner">
          <NicheCopy niche={page.choice.niche} />
          <SignupCta light />
        </div>
      </section>
      <section className="container section" aria-labelledby="icons-title">
        <h2 id="icons-title" className="visually-hidden">
          {t("landers:iconslanding.title")}
        </h2>
        <ul className="icon-features">
          {FEATURES.map(([feature, icon]) => (
            <li key={feature} className="icon-feature">
              <span className="icon-feature__icon">
                <svg className="icon" aria-hidden="true">
                  <use href={`/icons.svg#${icon}`} />
                </svg>
              </span>
              <h3>{t(`landers:iconslanding.features.${feature}.title`)}</h3>
              <p>{t(`landers:iconslanding.features.${feature}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="section section--muted" aria-labelledby="icons-members">
        <div className="container">
          <h2 id="icons-members">{t("landers:iconslanding.membersTitle")}</h2>
          <LanderGrid members={page.members} />
          <div className="lander-center">
            <SignupCta />
          </div>
        </div>
      </section>
    </main>
  );
}
