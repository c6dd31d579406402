import { useTranslation } from "~/i18n/translation";
import type { LanderData } from "~/routes/landers.server";
import { useFormat } from "~/i18n/format";
import { LanderGrid } from "./LanderTile";
import { RegionMap } from "./RegionMap";
import { NicheCopy, SignupCta } from "./SignupCta";

const REGIONS_LISTED = 8;

/** /landers/maplanding: how many members each region has (counts per region, nobody's position), and some of them. */
export function MapLander({ page }: { page: LanderData }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <main id="main" className="lander lander--map">
      <section className="container section map-lander">
        <div className="map-lander__text">
          <p className="lander-eyebrow">
            <svg className="icon" aria-hidden="true">
              <use href="/icons.svg#map-pin" />
            </svg>{" "}
            {t("landers:maplanding.eyebrow")}
          </p>
          <NicheCopy niche={page.choice.niche} />
          {page.regions.length > 0 && (
            <table className="map-lander__regions">
              <caption>{t("landers:maplanding.regionsTitle")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("landers:maplanding.region")}</th>
                  <th scope="col">{t("landers:maplanding.members")}</th>
                </tr>
              </thead>
              <tbody>
                {page.regions.slice(0, REGIONS_LISTED).map((region) => (
                  <tr key={`${region.country}-${region.name}`}>
                    <th scope="row">{region.name}</th>
                    <td>{format.number(region.members)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <SignupCta />
        </div>
        <div className="map-lander__map">
          <RegionMap regions={page.regions} label={t("landers:maplanding.mapLabel")} />
          <p className="lander-muted map-lander__privacy">{t("landers:maplanding.privacy")}</p>
        </div>
      </section>
      <section className="section section--muted" aria-labelledby="map-members">
        <div className="container">
          <h2 id="map-members">{t("landers:maplanding.membersTitle")}</h2>
          <LanderGrid members={page.members} />
        </div>
      </section>
    </main>
  );
}
