import type { Route } from "./+types/sitemap";
import { linkOrigin, getSite } from "~/http/context.server";
import { siteLanguages, sitemapXml } from "~/seo/seo";

/** GET /sitemap.xml — this site's indexed pages (by host), each with its language alternates (product.md §10 "Acquisition"). */
export function loader({ request, context }: Route.LoaderArgs) {
  const site = getSite(context);
  const xml = sitemapXml(linkOrigin(context, request), siteLanguages(site.settings.countries, site.domainLanguage));
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
