/**
 * What the server adds to every HTML page after React rendered it (ADR 031), with the Worker's
 * streaming HTMLRewriter — no client JavaScript, no hydration: React leaves unknown tags in <head>
 * and trailing ones in <body> alone.
 * - <head>: the SEO tags of app/seo/seo.ts (canonical, hreflang alternates, noindex, Open Graph),
 *   and the site's third-party scripts once the visitor accepted them (React Router's module
 *   preloads get their low priority in the build: tools/vite-plugin-react-router-preload-priority.ts);
 * - end of <body>: the cookie banner while the visitor has not answered (and always on the cookie
 *   policy page, to change the answer), the page-hidden beacon (an inline script with the
 *   page's nonce) on pages that ask for it (the landers, ADR 030), and the inline scripts of a
 *   page without React (ADR 032, app/http/inline-scripts.server.ts).
 * The Content-Security-Policy allows the accepted scripts' hosts, and nothing more otherwise.
 */
import { href } from "react-router";
import type { RouterContextProvider } from "react-router";
import { consentBannerHtml, thirdPartyScriptTags } from "~/browser/consent-banner";
import { cspSources, scriptsToLoad, shouldAsk } from "~/acquisition/consent";
import { pageHiddenBeaconTag } from "~/acquisition/page-hidden-beacon.server";
import { cdnOrigin } from "~/sites/cdn";
import type { InlineScript } from "~/browser/page-scripts";
import { isLanguage } from "~/i18n/languages";
import { headTags, siteLanguages, slugLanguage } from "~/seo/seo";
import { getSite, linkOrigin } from "./context.server";
import { consentFrom } from "./cookies.server";
import { getI18n, getLocale } from "./i18n.server";
import { inlineScriptTags } from "./inline-scripts.server";

/** The cookie policy page, where the banner always shows (to change one's answer). */
const COOKIE_POLICY_PATH = href("/pages/:page", { page: "cookies" });

export type DocumentExtras = {
  /** Extra CSP sources for the accepted scripts (empty without consent). */
  csp: { script: string[]; connect: string[]; img: string[] };
  rewrite(response: Response, nonce: string): Response;
};

/** The additions for one page; null when the request never reached a site (its middleware failed). */
export function documentExtras(
  context: Readonly<RouterContextProvider>,
  request: Request,
  status: number,
  page: { pageHiddenBeacon: boolean; inlineScripts: readonly InlineScript[] },
): DocumentExtras | null {
  let site: ReturnType<typeof getSite>;
  try {
    site = getSite(context);
  } catch {
    return null;
  }
  const url = new URL(request.url);
  const origin = linkOrigin(context, request);
  const consent = consentFrom(request);
  const configured = site.settings.thirdPartyScripts;
  const scripts = scriptsToLoad(configured, consent);
  const locale = getLocale(context);
  const language = isLanguage(locale) ? locale : "nl";
  const { t } = getI18n(context);
  const onPolicy = url.pathname === COOKIE_POLICY_PATH;
  const banner =
    shouldAsk(configured, consent) || (onPolicy && configured.length > 0)
      ? consentBannerHtml(
          {
            label: t("acquisition:consent.label"),
            text: t("acquisition:consent.text", { hosts: [...new Set(configured.map((script) => new URL(script.src).host))].join(", ") }),
            policy: t("acquisition:consent.policy"),
            accept: t("acquisition:consent.accept"),
            refuse: t("acquisition:consent.refuse"),
            current: consent ? t(`acquisition:consent.current.${consent}`) : undefined,
          },
          url.pathname + url.search,
        )
      : null;

  const sources = cspSources(scripts);
  // spec §3 `cdn_prefix`: the site's public photos and images come from there (app/sites/cdn.ts).
  const cdn = cdnOrigin(site.settings.cdnPrefix);
  return {
    csp: cdn ? { ...sources, img: [...sources.img, cdn] } : sources,
    rewrite(response, nonce) {
      let title = "";
      let description = "";
      const present = new Set<string>();
      // A lander's slug sets its language (product.md §10 "Landers"), whatever the visitor's is.
      const pageLanguage = slugLanguage(url.pathname);
      const rewriter = new HTMLRewriter()
        .on("html", {
          element(html) {
            if (pageLanguage) html.setAttribute("lang", pageLanguage);
          },
        })
        .on("title", {
          text(chunk) {
            title += chunk.text;
          },
        })
        .on("meta", {
          element(element) {
            const key = element.getAttribute("property") ?? element.getAttribute("name");
            if (!key) return;
            present.add(key);
            const content = element.getAttribute("content") ?? "";
            // The attribute as the page wrote it, entities and all: headTags escapes it again.
            if (key === "description") description = decodeEntities(content);
            if (key === "og:image" && content.startsWith("/")) element.setAttribute("content", `${origin}${content}`);
          },
        })
        .on('link[rel="canonical"]', {
          element() {
            present.add("canonical");
          },
        })
        .on("head", {
          element(head) {
            head.onEndTag((end) => {
              const tags = headTags({
                origin,
                url,
                status,
                language,
                languages: siteLanguages(site.settings.countries, site.domainLanguage),
                siteName: site.name,
                title: decodeEntities(title.trim()),
                description: description || site.texts.description,
                image: site.settings.ogImage ?? href("/og-image.png"),
                present,
              });
              end.before(
                tags +
                  thirdPartyScriptTags(
                    scripts.map((script) => script.src),
                    nonce,
                  ),
                { html: true },
              );
            });
          },
        });
      const bodyEnd =
        (banner ?? "") + (page.pageHiddenBeacon ? pageHiddenBeaconTag(nonce) : "") + inlineScriptTags(page.inlineScripts, nonce);
      if (bodyEnd) {
        rewriter.on("body", {
          element(body) {
            body.onEndTag((end) => {
              end.before(bodyEnd, { html: true });
            });
          },
        });
      }
      return rewriter.transform(response);
    },
  };
}

/** A title's text or an attribute's value as HTML carries it (React escapes &, <, >, quotes), decoded once. */
function decodeEntities(text: string): string {
  return text.replace(
    /&(?:(amp|lt|gt|quot|apos)|#x([0-9a-f]{1,6})|#(\d{1,7}));/gi,
    (entity, name?: string, hex?: string, decimal?: string) => {
      if (name) return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
      const code = hex ? Number.parseInt(hex, 16) : Number(decimal);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    },
  );
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
