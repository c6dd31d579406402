import { useTranslation } from "~/i18n/translation";
import type { ResellTile } from "~/sites/site-settings";

/**
 * product.md §2 "a cam-profile and resell tile list": partner profiles advertised below the related
 * profiles when the site's `member_resell` is on. Labelled as an advertisement; the links are
 * sponsored and open the partner's page without giving it this page.
 */
export function ResellTiles({ tiles }: { tiles: ResellTile[] }) {
  const { t } = useTranslation();
  if (tiles.length === 0) return null;
  return (
    <aside className="profile-section resell-tiles" aria-labelledby="resell-tiles">
      <h2 id="resell-tiles" className="h5">
        {t("members:resell.title")} <span className="badge resell-tiles__ad">{t("members:resell.ad")}</span>
      </h2>
      <p className="field-hint">{t("members:resell.note")}</p>
      <ul className="profile-grid">
        {tiles.map((tile) => (
          <li key={tile.linkUrl}>
            <a className="resell-tile" href={tile.linkUrl} rel="sponsored noopener" target="_blank">
              <img src={tile.imageUrl} alt="" loading="lazy" width={300} height={400} />
              <span className="resell-tile__title">{tile.title}</span>
            </a>
          </li>
        ))}
      </ul>
    </aside>
  );
}
