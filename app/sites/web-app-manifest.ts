/**
 * The web app manifest of a site (product.md §2 "installed app"): one deployment serves many sites,
 * so each gets its own name, colours and icons from its settings.
 */
import type { Site } from "./site.server";
import * as urls from "~/urls";

export function webAppManifest(site: Pick<Site, "name" | "domainLanguage" | "settings">) {
  const { settings } = site;
  return {
    name: site.name,
    short_name: settings.shortName ?? site.name,
    description: settings.description,
    lang: site.domainLanguage.slice(0, 2),
    id: urls.home,
    start_url: urls.home,
    scope: urls.home,
    display: "standalone",
    background_color: settings.backgroundColor,
    theme_color: settings.themeColor,
    icons: settings.appIcons,
  };
}
